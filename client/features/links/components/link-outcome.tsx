import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/** The result of following a link: an icon in a tinted circle and what happened. */
export function LinkOutcome({
  icon,
  tone,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'failure';
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span
        className={cn(
          'flex size-12 items-center justify-center rounded-full [&_svg]:size-6',
          tone === 'success'
            ? 'bg-primary-soft text-accent-foreground'
            : 'bg-danger/10 text-danger',
        )}
      >
        {icon}
      </span>
      <div className="text-base">{children}</div>
    </div>
  );
}
