import { CloudOff } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { InitializingScreen } from '#client/components/ui/full-page-status.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/**
 * Renders its content only once the auth state is known (spec §4), and shows the
 * 'Authentication Error' toast whenever the auth state holds an error (spec §8).
 *
 * `contentWhileInitializing`: /login and /signup, whose form is in the page's HTML and usable
 * before any script runs (docs/decisions/019-public-pages-without-react.md). Replacing it with
 * "Initializing..." for the moment the stored session takes to read would only hide what the
 * person is typing; the forms work the same whatever that state turns out to be.
 */
export function AuthGate({
  children,
  contentWhileInitializing = false,
}: {
  children: ReactNode;
  contentWhileInitializing?: boolean;
}) {
  const { initialized, error } = useAuth();

  useEffect(() => {
    // One toast per error, also when development mode runs the effect twice.
    if (error)
      toast.error('Authentication Error', { id: 'auth-error', description: error.message });
  }, [error]);

  if (initialized) return children;
  if (!error) return contentWhileInitializing ? children : <InitializingScreen />;
  // Start-up failed: no content, but a way out instead of a spinner that never ends.
  return (
    <div role="alert" className="flex min-h-dvh items-center justify-center bg-background px-6">
      <div className="w-full max-w-md rounded-2xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <CloudOff aria-hidden="true" className="size-6" />
        </div>
        <h1 className="text-xl font-semibold">We couldn't check your sign-in</h1>
        <p className="mt-2 text-muted-foreground">{error.message}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    </div>
  );
}
