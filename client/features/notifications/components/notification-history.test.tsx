import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList } from '#contracts/notifications.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { NotificationHistory } from './notification-history.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

const USER = '5b0f7a3e-1111-4c2a-9d7e-000000000001';

function make(index: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type: 'other',
    title: `Notification ${index}`,
    message: 'Something happened.',
    read: false,
    priority: 'low',
    created_at: new Date(Date.now() - index * 60_000).toISOString(),
    ...overrides,
  };
}

/** A tiny server: pages of 20 by cursor, filters, and the four calls, keeping state. */
function fakeServer(initial: Notification[]) {
  let items = [...initial];
  const unread = () => items.filter((n) => !n.read).length;
  const list = (url: string): NotificationList => {
    const query = new URL(url, 'http://x').searchParams;
    const filtered = items.filter(
      (n) =>
        (!query.get('type') || n.type === query.get('type')) &&
        (query.get('unread') !== 'true' || !n.read),
    );
    const start = Number(query.get('cursor') ?? 0);
    const limit = Number(query.get('limit'));
    const end = start + limit;
    return {
      notifications: filtered.slice(start, end),
      unreadCount: unread(),
      nextCursor: end < filtered.length ? String(end) : null,
    };
  };
  const handlers: Parameters<typeof fakeApi>[0] = {
    'GET /api/notifications': (call) => ({ body: list(call.url) }),
    'PUT /api/notifications/read-all': () => {
      items = items.map((n) => ({ ...n, read: true }));
      return { body: { updated: 1, unreadCount: 0 } };
    },
  };
  for (const item of initial) {
    const set = (read: boolean) => () => {
      items = items.map((n) => (n.id === item.id ? { ...n, read } : n));
      return { body: { notification: { ...item, read }, unreadCount: unread() } };
    };
    handlers[`PUT /api/notifications/${item.id}/read`] = set(true);
    handlers[`PUT /api/notifications/${item.id}/unread`] = set(false);
    handlers[`DELETE /api/notifications/${item.id}`] = () => {
      items = items.filter((n) => n.id !== item.id);
      return { body: { unreadCount: unread() } };
    };
  }
  return fakeApi(handlers);
}

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderScreen(<NotificationHistory userId={USER} />, {
    path: '/notifications',
    route: '/notifications',
  });

describe('/notifications', () => {
  it('shows "Loading notifications..." and then the empty state', async () => {
    fakeServer([]);
    renderPage();
    expect(screen.getByText('Loading notifications...')).toBeInTheDocument();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('loads older pages on demand until the end', async () => {
    const api = fakeServer(Array.from({ length: 45 }, (_, i) => make(i + 1)));
    renderPage();
    await screen.findByRole('button', { name: /^Notification 1\b/ });
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(45));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('That is every notification.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/notifications').map((call) => call.url)).toEqual([
      '/api/notifications?limit=20',
      '/api/notifications?limit=20',
      '/api/notifications?limit=20&cursor=20',
      '/api/notifications?limit=20&cursor=40',
    ]);
  }, 20_000);

  it('filters by type and by unread', async () => {
    const api = fakeServer([
      make(1, { type: 'achievement', read: true }),
      make(2, { type: 'insight' }),
    ]);
    renderPage();
    await screen.findByRole('button', { name: /^Notification 1\b/ });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'achievement');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Notification 2\b/ })).not.toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    expect(await screen.findByText('No notifications match these filters')).toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toContain(
      '/api/notifications?limit=20&type=achievement&unread=true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show all notifications' }));
    expect(await screen.findByRole('button', { name: /^Notification 2\b/ })).toBeInTheDocument();
  });

  it('marks one read and unread again, and deletes: the count follows at once', async () => {
    fakeServer([make(1), make(2), make(3, { read: true })]);
    renderPage();
    expect(await screen.findByText('2 unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark as read: Notification 1' }));
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as unread: Notification 1' }));
    expect(await screen.findByText('2 unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete: Notification 3' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Notification 3\b/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete: Notification 2' }));
    expect(await screen.findByText('1 unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
  });

  it('navigates like the pop-over', async () => {
    fakeServer([make(1, { type: 'goal_progress', data: { goal_id: 'goal-9' } })]);
    renderPage();
    const list = await screen.findByRole('list');
    await userEvent.click(within(list).getByRole('button', { name: /^Notification 1\b/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/goals/goal-9');
  });
});
