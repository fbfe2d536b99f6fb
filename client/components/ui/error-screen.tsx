import { AlertTriangle } from 'lucide-react';
import { Button } from './button.tsx';

/** The spec's render-error screen; both buttons recover for real. */
export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-dvh items-center justify-center bg-background px-6">
      <div className="w-full max-w-md rounded-2xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-danger/10 text-danger">
          <AlertTriangle aria-hidden="true" className="size-6" />
        </div>
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">
          We encountered an unexpected error. Please try refreshing the page.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          <Button variant="outline" onClick={onRetry}>
            Try Again
          </Button>
        </div>
      </div>
    </div>
  );
}
