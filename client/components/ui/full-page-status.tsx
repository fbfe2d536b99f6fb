import { Spinner } from './spinner.tsx';

function FullPageStatus({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background text-muted-foreground"
    >
      <Spinner className="size-10" />
      <p className="text-sm font-medium">{text}</p>
    </div>
  );
}

/** Shown until the authentication state is known (the spec's placeholder). */
export function InitializingScreen() {
  return <FullPageStatus text="Initializing..." />;
}

/** The full-screen loader, shown while a screen's code or data arrives. */
export function LoadingScreen() {
  return <FullPageStatus text="Loading..." />;
}
