import { PageShell } from '#client/components/layout/page-shell.tsx';
import { ExperimentsScreen } from '#client/features/experiments/components/experiments-screen.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/** /experiments: personal experiments (the list, or one with ?id=) and their results. */
export function ExperimentsPage() {
  const { user } = useAuth();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return (
    <PageShell
      title="Experiments"
      description="Try one change for a few weeks, check in daily, and see what it did."
    >
      <ExperimentsScreen userId={user.id} />
    </PageShell>
  );
}
