import { PageShell } from '#client/components/layout/page-shell.tsx';
import { DevOutbox } from '#client/features/admin-outbox/components/dev-outbox.tsx';

export function AdminPage() {
  return (
    <PageShell title="Admin" description="Running this Trellis server.">
      <section aria-labelledby="dev-outbox-heading">
        <h2 id="dev-outbox-heading" className="text-lg font-semibold">
          Dev outbox
        </h2>
        <p className="mt-1 mb-5 text-sm text-muted-foreground">
          Email, SMS and push that this server keeps instead of sending, because their provider is
          not configured. Sign-up confirmations and password resets land here too.
        </p>
        <DevOutbox />
      </section>
    </PageShell>
  );
}
