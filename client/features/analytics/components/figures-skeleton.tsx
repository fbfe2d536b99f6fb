import type { ReactNode } from 'react';
import { Skeleton } from '#client/components/ui/skeleton.tsx';

/**
 * The loading state of an analytics page: its row of figure tiles, then the page's own blocks
 * (`children`), announced by `label`.
 */
export function FiguresSkeleton({
  label,
  tiles = 4,
  children,
}: {
  label: string;
  tiles?: 3 | 4;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      <div
        className={
          tiles === 3 ? 'grid gap-3 sm:grid-cols-3' : 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4'
        }
      >
        {Array.from({ length: tiles }, (_, n) => (
          <Skeleton key={n} className="h-24 rounded-2xl" />
        ))}
      </div>
      {children}
    </div>
  );
}

/** Two chart-sized blocks side by side on wide screens. */
export function ChartPairSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Skeleton className="h-72 rounded-2xl" />
      <Skeleton className="h-72 rounded-2xl" />
    </div>
  );
}
