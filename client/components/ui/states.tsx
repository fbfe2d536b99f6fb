import { CloudOff, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { Button } from './button.tsx';

/** What a list says when it has nothing yet, with the next thing to do. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  className,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-10 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-accent-foreground [&_svg]:size-6">
        {icon}
      </span>
      <p className="mt-4 font-semibold">{title}</p>
      {children && <div className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** A part of a page that could not load, with a way to try again. */
export function ErrorState({
  title = 'This could not load',
  message,
  onRetry,
  className,
}: {
  title?: string;
  message?: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center rounded-2xl border bg-card px-6 py-8 text-center',
        className,
      )}
    >
      <CloudOff aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="mt-3 font-semibold">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        {message ?? 'Check your connection and try again.'}
      </p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </div>
  );
}
