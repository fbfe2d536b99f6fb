import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '#client/components/ui/skeleton.tsx';

const StackedBarsLazy = lazy(() =>
  import('./charts.tsx').then((module) => ({ default: module.StackedBars })),
);

/** A stacked bar chart, with Recharts loaded on first use; hidden from screen readers (a table has the figures). */
export function StackedBarsChart(props: ComponentProps<typeof StackedBarsLazy>) {
  return (
    <div aria-hidden="true" className="min-w-0">
      <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
        <StackedBarsLazy {...props} />
      </Suspense>
    </div>
  );
}
