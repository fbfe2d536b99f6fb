import { describe, expect, it } from 'vitest';
import type { ClientSummary } from '#contracts/coach-links.ts';
import { toggleScope, visibleClients, withoutClient } from './client-list-state.ts';

const client = (
  id: string,
  name: string | null,
  email: string,
  figures: Partial<ClientSummary> = {},
): ClientSummary => ({
  client: { id, name, email },
  scopes: ['goals'],
  sharedSince: '2026-01-01T00:00:00.000Z',
  lastActivityAt: null,
  topThreeRate: null,
  streak: null,
  goalsAtRisk: null,
  unanswered: false,
  ...figures,
});

const ada = client('a', 'Ada Lovelace', 'ada@example.com', { streak: 3, topThreeRate: 0.5 });
const bob = client('b', null, 'bob@example.com', { streak: 9 });
const cy = client('c', 'Cy Young', 'cy@example.com', { topThreeRate: 0.9 });

describe('visibleClients', () => {
  it('searches names and emails, any case', () => {
    expect(visibleClients([ada, bob, cy], 'BOB', { key: 'name', direction: 'asc' })).toEqual([bob]);
    expect(visibleClients([ada, bob, cy], 'love', { key: 'name', direction: 'asc' })).toEqual([
      ada,
    ]);
  });

  it('sorts by name, the email standing in for a missing name', () => {
    const names = visibleClients([cy, bob, ada], '', { key: 'name', direction: 'asc' });
    expect(names.map((c) => c.client.id)).toEqual(['a', 'b', 'c']);
  });

  it('puts figures a client does not share last, in either direction', () => {
    const desc = visibleClients([ada, bob, cy], '', { key: 'streak', direction: 'desc' });
    expect(desc.map((c) => c.client.id)).toEqual(['b', 'a', 'c']);
    const asc = visibleClients([ada, bob, cy], '', { key: 'streak', direction: 'asc' });
    expect(asc.map((c) => c.client.id)).toEqual(['a', 'b', 'c']);
    const rate = visibleClients([ada, bob, cy], '', { key: 'topThree', direction: 'desc' });
    expect(rate.map((c) => c.client.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('withoutClient and toggleScope', () => {
  it('drops the client whose share ended', () => {
    expect(withoutClient({ clients: [ada, bob] }, 'a')).toEqual({ clients: [bob] });
  });

  it('toggles a scope in canonical order', () => {
    expect(toggleScope(['analytics'], 'goals')).toEqual(['goals', 'analytics']);
    expect(toggleScope(['goals', 'tasks'], 'goals')).toEqual(['tasks']);
  });
});
