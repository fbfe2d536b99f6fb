import type { ClientList, ClientSummary, ShareScope } from '#contracts/coach-links.ts';

// /coach's client list as pure functions: search, sort and dropping a client whose share ended,
// so the screen's rules are tested without a browser.

export type ClientSortKey = 'name' | 'lastActivity' | 'topThree' | 'streak' | 'atRisk';
export interface ClientSort {
  key: ClientSortKey;
  direction: 'asc' | 'desc';
}

export const sortLabels: Record<ClientSortKey, string> = {
  name: 'Name',
  lastActivity: 'Last activity',
  topThree: 'Top-three completion',
  streak: 'Streak',
  atRisk: 'Goals at risk',
};

/** The order a column starts in when chosen: names A→Z, figures biggest first. */
export const firstDirection = (key: ClientSortKey): ClientSort['direction'] =>
  key === 'name' ? 'asc' : 'desc';

/** How a client is named on /coach: their name when they gave one, else their email. */
export function clientName(client: ClientSummary['client']): string {
  return client.name ?? client.email ?? 'A client';
}

function sortValue(client: ClientSummary, key: ClientSortKey): string | number | null {
  switch (key) {
    case 'name':
      return clientName(client.client).toLowerCase();
    case 'lastActivity':
      return client.lastActivityAt ? Date.parse(client.lastActivityAt) : null;
    case 'topThree':
      return client.topThreeRate;
    case 'streak':
      return client.streak;
    case 'atRisk':
      return client.goalsAtRisk;
  }
}

/**
 * The clients matching `search` (name or email, any case), in `sort`'s order. A figure the client
 * does not share goes last whichever the direction; ties keep the name order.
 */
export function visibleClients(
  clients: readonly ClientSummary[],
  search: string,
  sort: ClientSort,
): ClientSummary[] {
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? clients.filter((c) =>
        [c.client.name, c.client.email].some((text) => text?.toLowerCase().includes(needle)),
      )
    : [...clients];
  const byName = (a: ClientSummary, b: ClientSummary) =>
    clientName(a.client).localeCompare(clientName(b.client));
  return matching.sort((a, b) => {
    const left = sortValue(a, sort.key);
    const right = sortValue(b, sort.key);
    if (left === null && right === null) return byName(a, b);
    if (left === null) return 1;
    if (right === null) return -1;
    const order = left < right ? -1 : left > right ? 1 : 0;
    return (sort.direction === 'asc' ? order : -order) || byName(a, b);
  });
}

/** The list without a client whose share just ended. */
export function withoutClient(list: ClientList, clientId: string): ClientList {
  return { clients: list.clients.filter((c) => c.client.id !== clientId) };
}

/** Toggles a scope in a choice, keeping the canonical order. */
export function toggleScope(scopes: readonly ShareScope[], scope: ShareScope): ShareScope[] {
  const order: ShareScope[] = ['goals', 'tasks', 'reflections', 'analytics'];
  const next = scopes.includes(scope) ? scopes.filter((s) => s !== scope) : [...scopes, scope];
  return order.filter((s) => next.includes(s));
}
