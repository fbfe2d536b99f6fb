import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '#client/components/ui/skeleton.tsx';

const StackedBarsLazy = lazy(() =>
  import('./charts.tsx').then((module) => ({ default: module.StackedBars })),
);

/** A stacked bar chart, with Recharts loaded on first use; the table beside it has its figures. */
export function StackedBarsChart({
  label,
  ...props
}: ComponentProps<typeof StackedBarsLazy> & { label: string }) {
  return (
    <figure aria-label={label} className="min-w-0">
      <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
        <StackedBarsLazy {...props} />
      </Suspense>
    </figure>
  );
}
