import { ArrowDownUp, ArrowLeft, KeyRound, Network, RefreshCw, Search, Users } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { shareScopeLabels, type ClientSummary } from '#contracts/coach-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { cn } from '#client/lib/cn.ts';
import {
  useClients,
  useCoachAreaLiveEvents,
  useInvite,
  useLinkOverview,
  useNewInvite,
} from '../api.ts';
import {
  clientName,
  firstDirection,
  sortLabels,
  visibleClients,
  type ClientSort,
  type ClientSortKey,
} from '../client-list-state.ts';
import { ClientDetail } from './client-detail.tsx';
import { formatDay } from './dates.ts';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)} %`);

function lastActivity(at: string | null): string {
  return at ? formatDay(at) : 'Not yet';
}

function InviteCode({ userId }: { userId: string }) {
  const invite = useInvite(userId);
  const renew = useNewInvite(userId);
  return (
    <Panel
      title="Invite code"
      icon={<KeyRound />}
      description="Give it to a client: they enter it in Settings › Coaching to share with you."
    >
      {invite.isPending ? (
        <Skeleton className="h-8 w-40" />
      ) : invite.isError ? (
        <ErrorState onRetry={() => void invite.refetch()} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <code
            className="rounded-lg bg-muted px-3 py-1.5 text-lg font-semibold tracking-widest"
            aria-label={`Your invite code: ${invite.data.code.split('').join(' ')}`}
          >
            {invite.data.code.slice(0, 4)} {invite.data.code.slice(4)}
          </code>
          <Button
            variant="ghost"
            size="sm"
            disabled={renew.isPending}
            onClick={() => renew.mutate()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            New code
          </Button>
        </div>
      )}
    </Panel>
  );
}

function ClientRow({
  client,
  selected,
  onOpen,
}: {
  client: ClientSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  const name = clientName(client.client);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'w-full rounded-xl border p-3 text-left transition hover:bg-muted',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          selected && 'border-primary bg-primary-soft',
        )}
      >
        <span className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-medium break-all">{name}</span>
          {client.unanswered && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
              New message
            </span>
          )}
        </span>
        <span className="mt-1 block text-xs text-muted-foreground">
          {client.scopes.map((s) => shareScopeLabels[s].label).join(' · ')}
        </span>
        <span className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
          <span>
            <span className="text-muted-foreground">Last active </span>
            {lastActivity(client.lastActivityAt)}
          </span>
          <span>
            <span className="text-muted-foreground">Top three </span>
            {percent(client.topThreeRate)}
          </span>
          <span>
            <span className="text-muted-foreground">Streak </span>
            {client.streak ?? '—'}
          </span>
          <span className={client.goalsAtRisk ? 'font-semibold text-danger' : undefined}>
            <span className="text-muted-foreground">At risk </span>
            {client.goalsAtRisk ?? '—'}
          </span>
        </span>
      </button>
    </li>
  );
}

function LinkOverview({ userId, className }: { userId: string; className?: string }) {
  const links = useLinkOverview(userId, true);
  return (
    <Panel
      className={className}
      title="All coach–client links"
      icon={<Network />}
      description="Every share on this instance, live ones first."
    >
      {links.isPending ? (
        <Skeleton className="h-10" />
      ) : links.isError ? (
        <ErrorState onRetry={() => void links.refetch()} />
      ) : links.data.links.length === 0 ? (
        <p className="text-sm text-muted-foreground">No one shares with a coach yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th className="py-2 pr-3 font-medium">Coach</th>
                <th className="py-2 pr-3 font-medium">Client</th>
                <th className="py-2 pr-3 font-medium">Shares</th>
                <th className="py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {links.data.links.map((link) => (
                <tr key={link.id}>
                  <td className="py-2 pr-3 break-all">{clientName(link.coach)}</td>
                  <td className="py-2 pr-3 break-all">{clientName(link.client)}</td>
                  <td className="py-2 pr-3">{link.scopes.join(', ')}</td>
                  <td className="py-2">
                    {link.revokedAt ? `Revoked ${formatDay(link.revokedAt)}` : 'Live'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/**
 * /coach: the clients who share with this coach (searchable, sortable), one client's detail within
 * what they share (`?client=<id>`), the invite code, and for admins every coach–client link. A
 * client who revokes leaves the page at once.
 */
export function CoachAreaScreen({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  const clients = useClients(userId);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('client');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ClientSort>({ key: 'name', direction: 'asc' });
  const [notice, setNotice] = useState<string | null>(null);
  const searchId = useId();
  const sortId = useId();

  const list = useMemo(() => clients.data?.clients ?? [], [clients.data]);
  const shown = useMemo(() => visibleClients(list, search, sort), [list, search, sort]);
  const selected = list.find((c) => c.client.id === selectedId) ?? null;

  const open = (clientId: string | null) => {
    setNotice(null);
    setParams(clientId ? { client: clientId } : {});
  };
  const onRevoked = useCallback(
    (clientId: string) => {
      const gone = list.find((c) => c.client.id === clientId);
      if (selectedId === clientId) setParams({}, { replace: true });
      setNotice(
        `${gone ? clientName(gone.client) : 'A client'} stopped sharing with you. Nothing of theirs is shown any more.`,
      );
    },
    [list, selectedId, setParams],
  );
  useCoachAreaLiveEvents(userId, onRevoked);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your clients</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        The people who chose to share with you, and only what they shared.
      </p>
      <p role="status" aria-live="polite" className="mt-3 text-sm font-medium empty:hidden">
        {notice}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className={cn('space-y-4', selected && 'hidden lg:block')}>
          <div className="space-y-3">
            <div>
              <Label htmlFor={searchId}>Search clients</Label>
              <div className="relative mt-1">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <Input
                  id={searchId}
                  type="search"
                  value={search}
                  placeholder="Name or email"
                  className="pl-9"
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
            </div>
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <Label htmlFor={sortId}>Sort by</Label>
                <Select
                  id={sortId}
                  className="mt-1"
                  value={sort.key}
                  onChange={(event) => {
                    const key = event.target.value as ClientSortKey;
                    setSort({ key, direction: firstDirection(key) });
                  }}
                >
                  {(Object.keys(sortLabels) as ClientSortKey[]).map((key) => (
                    <option key={key} value={key}>
                      {sortLabels[key]}
                    </option>
                  ))}
                </Select>
              </div>
              <Button
                variant="outline"
                onClick={() =>
                  setSort((s) => ({ ...s, direction: s.direction === 'asc' ? 'desc' : 'asc' }))
                }
                aria-label={`Order: ${sort.direction === 'asc' ? 'ascending' : 'descending'}. Reverse it`}
              >
                <ArrowDownUp aria-hidden="true" className="size-4" />
                {sort.direction === 'asc' ? 'Asc' : 'Desc'}
              </Button>
            </div>
          </div>
          {clients.isPending ? (
            <div role="status" aria-label="Loading your clients" className="space-y-2">
              <Skeleton className="h-24" />
              <Skeleton className="h-24" />
            </div>
          ) : clients.isError ? (
            <ErrorState
              title="Your clients could not load"
              onRetry={() => void clients.refetch()}
            />
          ) : list.length === 0 ? (
            <EmptyState icon={<Users />} title="No clients yet">
              When someone shares with you, by your email or your invite code, they appear here.
            </EmptyState>
          ) : shown.length === 0 ? (
            <p className="text-sm text-muted-foreground">No client matches “{search}”.</p>
          ) : (
            <ul className="space-y-2" aria-label="Clients">
              {shown.map((client) => (
                <ClientRow
                  key={client.client.id}
                  client={client}
                  selected={client.client.id === selectedId}
                  onOpen={() => open(client.client.id)}
                />
              ))}
            </ul>
          )}
          <InviteCode userId={userId} />
        </div>
        <div className={cn('min-w-0 space-y-6', !selected && 'hidden lg:block')}>
          {selected ? (
            <>
              <Button variant="ghost" size="sm" className="lg:hidden" onClick={() => open(null)}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                All clients
              </Button>
              <ClientDetail key={selected.client.id} userId={userId} client={selected} />
            </>
          ) : (
            <p className="rounded-2xl border border-dashed p-6 text-sm text-muted-foreground">
              Choose a client to see what they share, message them and keep notes.
            </p>
          )}
        </div>
      </div>
      {isAdmin && <LinkOverview userId={userId} className="mt-8" />}
    </div>
  );
}
