import { useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { AiPanel } from '#client/features/admin/operations/components/ai-panel.tsx';
import { AuditPanel } from '#client/features/admin/operations/components/audit-panel.tsx';
import { BroadcastPanel } from '#client/features/admin/operations/components/broadcast-panel.tsx';
import { DeliveriesPanel } from '#client/features/admin/operations/components/deliveries-panel.tsx';
import { SystemPanel } from '#client/features/admin/operations/components/system-panel.tsx';
import { DevOutbox } from '#client/features/admin/outbox/components/dev-outbox.tsx';
import { UsersPanel } from '#client/features/admin/users/components/users-panel.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { cn } from '#client/lib/cn.ts';

/** One tab of the admin area: its id in the URL (`/admin?tab=<id>`), its label, its panel. */
interface AdminTab {
  id: string;
  label: string;
  panel: ComponentType;
}

function UsersTab() {
  const { user } = useAuth();
  return <UsersPanel currentUserId={user?.id ?? ''} />;
}

function OutboxTab() {
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

/** The admin area's tabs, in order; the first is the default. Add a tab here. */
const tabs: AdminTab[] = [
  { id: 'users', label: 'Users', panel: UsersTab },
  { id: 'system', label: 'System', panel: SystemPanel },
  { id: 'deliveries', label: 'Deliveries', panel: DeliveriesPanel },
  { id: 'ai', label: 'AI', panel: AiPanel },
  { id: 'audit', label: 'Audit log', panel: AuditPanel },
  { id: 'broadcast', label: 'Broadcast', panel: BroadcastPanel },
  { id: 'outbox', label: 'Dev outbox', panel: OutboxTab },
];

const tabId = (id: string) => `admin-tab-${id}`;
const panelId = (id: string) => `admin-panel-${id}`;

/** /admin: a tab list (arrow keys, Home and End move between tabs) and the chosen tab's panel. */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const first = tabs[0] as AdminTab;
  const active = tabs.find((tab) => tab.id === params.get('tab')) ?? first;
  const Panel = active.panel;

  const select = (tab: AdminTab, focus = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab.id);
        return next;
      },
      { preventScrollReset: true },
    );
    if (focus) buttons.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(active);
    const target =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? first
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <PageShell title="Admin" description="Running this Trellis server." width="wide">
      <div
        role="tablist"
        aria-label="Admin sections"
        onKeyDown={onKeyDown}
        className="-mx-4 mb-6 flex gap-1 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0"
      >
        {tabs.map((tab) => {
          const selected = tab.id === active.id;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) buttons.current.set(tab.id, node);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab)}
              className={cn(
                '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition',
                'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
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
        id={panelId(active.id)}
        aria-labelledby={tabId(active.id)}
        tabIndex={0}
        className="outline-none"
      >
        <Panel />
      </div>
    </PageShell>
  );
}
