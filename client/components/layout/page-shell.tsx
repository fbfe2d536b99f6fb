import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A signed-in screen's frame: its heading, a line under it, actions, then the content. */
export function PageShell({
  title,
  description,
  actions,
  width = 'default',
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  width?: 'default' | 'narrow' | 'wide';
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'mx-auto px-4 pt-6 pb-16 sm:px-6 sm:pt-10',
        width === 'narrow' && 'max-w-2xl',
        width === 'default' && 'max-w-4xl',
        width === 'wide' && 'max-w-6xl',
      )}
    >
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          {description && <p className="mt-1 text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
