import type { HTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A placeholder block while content loads; decorative, so the region around it says "Loading". */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-muted', className)}
      {...props}
    />
  );
}
