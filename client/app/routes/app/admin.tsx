import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { AiPanel } from '#client/features/admin/operations/components/ai-panel.tsx';
import { AuditPanel } from '#client/features/admin/operations/components/audit-panel.tsx';
import { BroadcastPanel } from '#client/features/admin/operations/components/broadcast-panel.tsx';
import { DeliveriesPanel } from '#client/features/admin/operations/components/deliveries-panel.tsx';
import { SystemPanel } from '#client/features/admin/operations/components/system-panel.tsx';
import { DevOutbox } from '#client/features/admin-outbox/components/dev-outbox.tsx';
import { cn } from '#client/lib/cn.ts';

interface AdminTab {
  id: string;
  label: string;
  panel: () => ReactNode;
}

function OutboxPanel() {
  return (
    <>
      <p className="mb-5 text-sm text-muted-foreground">
        Email, SMS and push that this server keeps instead of sending, because their provider is not
        configured. Sign-up confirmations and password resets land here too.
      </p>
      <DevOutbox />
    </>
  );
}

/** The admin area's tabs, in order; the open one is `?tab=<id>` (the first when absent). */
const tabs: AdminTab[] = [
  { id: 'system', label: 'System', panel: () => <SystemPanel /> },
  { id: 'deliveries', label: 'Deliveries', panel: () => <DeliveriesPanel /> },
  { id: 'ai', label: 'AI', panel: () => <AiPanel /> },
  { id: 'audit', label: 'Audit log', panel: () => <AuditPanel /> },
  { id: 'broadcast', label: 'Broadcast', panel: () => <BroadcastPanel /> },
  { id: 'outbox', label: 'Dev outbox', panel: () => <OutboxPanel /> },
];

export function AdminPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const active = tabs.find((tab) => tab.id === requested) ?? tabs[0];
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  if (!active) return null;

  const open = (id: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', id);
        return next;
      },
      { replace: true },
    );

  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === active.id);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    open(tab.id);
    buttons.current[next]?.focus();
  };

  return (
    <PageShell title="Admin" description="Running this Trellis server.">
      <div
        role="tablist"
        aria-label="Admin sections"
        onKeyDown={onKeyDown}
        className="-mx-1 mb-6 flex gap-1 overflow-x-auto border-b px-1"
      >
        {tabs.map((tab, index) => {
          const selected = tab.id === active.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`admin-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`admin-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => open(tab.id)}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                selected
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`admin-panel-${active.id}`}
        aria-labelledby={`admin-tab-${active.id}`}
        tabIndex={0}
        className="focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      >
        {active.panel()}
      </div>
    </PageShell>
  );
}
