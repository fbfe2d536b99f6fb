import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList } from '#contracts/notifications.ts';
import type { EventStreamOptions } from '#client/lib/event-stream.ts';
import { deferred, fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { NotificationsBell } from './notifications-bell.tsx';

const streams = vi.hoisted(() => [] as EventStreamOptions[]);

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));
vi.mock('#client/lib/event-stream.ts', () => ({
  openEventStream: (options: EventStreamOptions) => {
    streams.push(options);
    return () => undefined;
  },
}));

const USER = '5b0f7a3e-1111-4c2a-9d7e-000000000001';
let sequence = 0;

function notification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    type: 'other',
    title: `Notification ${sequence}`,
    message: 'Something happened.',
    read: false,
    priority: 'medium',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

function page(
  items: Notification[],
  unreadCount = items.filter((n) => !n.read).length,
): NotificationList {
  return { notifications: items, unreadCount, nextCursor: null };
}

const ok = (body: unknown) => ({ status: 200, body });

function renderBell() {
  return renderScreen(<NotificationsBell userId={USER} />, {
    path: '/dashboard',
    route: '/dashboard',
  });
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

beforeEach(() => {
  streams.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the notifications pop-over', () => {
  it('shows "Loading notifications..." until the list arrives, then the list', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    fakeApi({ 'GET /api/notifications': () => answer.promise });
    renderBell();
    await userEvent.click(bell());
    expect(await screen.findByText('Loading notifications...')).toBeInTheDocument();
    answer.resolve(ok(page([notification({ title: 'Halfway there' })])));
    expect(await screen.findByRole('button', { name: /Halfway there/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading notifications...')).not.toBeInTheDocument();
  });

  it('asks for the newest 20 with the bearer token', async () => {
    const api = fakeApi({ 'GET /api/notifications': () => ok(page([])) });
    const fetchMock = vi.mocked(fetch);
    renderBell();
    await waitFor(() => expect(api.callsTo('GET /api/notifications')).toHaveLength(1));
    expect(api.calls[0]?.url).toBe('/api/notifications?limit=20');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer test-token');
  });

  it('says "No notifications yet" with no badge and no "Mark all read"', async () => {
    const api = fakeApi({ 'GET /api/notifications': () => ok(page([])) });
    renderBell();
    await waitFor(() => expect(api.callsTo('GET /api/notifications')).toHaveLength(1));
    expect(bell()).toHaveAccessibleName('Notifications');
    await userEvent.click(bell());
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
  });

  it('shows 9+ above 9 unread and announces the exact count', async () => {
    fakeApi({ 'GET /api/notifications': () => ok(page([notification()], 12)) });
    renderBell();
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('9+');
    expect(bell()).toHaveAccessibleName('Notifications, 12 unread notifications');
    expect(screen.getByRole('status')).toHaveTextContent('12 unread notifications');
  });

  it('shows 9 as 9', async () => {
    fakeApi({ 'GET /api/notifications': () => ok(page([notification()], 9)) });
    renderBell();
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent(/^9$/);
  });

  it('links the settings shortcut and "View all notifications"', async () => {
    fakeApi({ 'GET /api/notifications': () => ok(page([notification()])) });
    renderBell();
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings#notifications',
    );
    await userEvent.click(within(dialog).getByRole('link', { name: 'View all notifications' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks all read at once, before the server answers, and hides the button', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const api = fakeApi({
      'GET /api/notifications': () => ok(page([notification(), notification()], 12)),
      'PUT /api/notifications/read-all': () => answer.promise,
    });
    renderBell();
    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog').querySelectorAll('li[data-read="false"]')).toHaveLength(0);
    expect(api.callsTo('PUT /api/notifications/read-all')).toHaveLength(1);
    answer.resolve(ok({ updated: 2, unreadCount: 0 }));
    // Settled: the list is read again.
    await waitFor(() => expect(api.callsTo('GET /api/notifications')).toHaveLength(2));
  });

  it.each([
    [{ type: 'coach_message', coach_id: 'career-coach' }, '/coaching/chat/career-coach'],
    [{ type: 'goal_progress', data: { goal_id: 'goal-42' } }, '/goals/goal-42'],
    [{ type: 'goal_progress' }, '/goals'],
    [{ type: 'achievement' }, '/achievements'],
    [{ type: 'insight' }, '/coaching/team'],
  ] as const)('a click on %o marks it read, goes to %s and closes', async (fields, destination) => {
    const item = notification({ ...fields, title: 'Open me' });
    const api = fakeApi({
      'GET /api/notifications': () => ok(page([item], 3)),
      [`PUT /api/notifications/${item.id}/read`]: () =>
        ok({ notification: { ...item, read: true }, unreadCount: 2 }),
    });
    renderBell();
    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('button', { name: /Open me/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(destination);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`PUT /api/notifications/${item.id}/read`)).toHaveLength(1);
  });

  it.each([[{ type: 'other' }], [{ type: 'coach_message' }]] as const)(
    'a click on %o only marks it read (no navigation)',
    async (fields) => {
      let item = notification({ ...fields, title: 'Just read me' });
      const api = fakeApi({
        'GET /api/notifications': () => ok(page([item])),
        [`PUT /api/notifications/${item.id}/read`]: () => {
          item = { ...item, read: true };
          return ok({ notification: item, unreadCount: 0 });
        },
      });
      renderBell();
      await userEvent.click(bell());
      await userEvent.click(await screen.findByRole('button', { name: /Just read me/ }));
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument(),
      );
      expect(api.callsTo(`PUT /api/notifications/${item.id}/read`)).toHaveLength(1);
    },
  );

  it('logs a failed mark-read without a toast, and takes the server’s word afterwards', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const item = notification({ type: 'other', title: 'Fails' });
    let reads = 0;
    fakeApi({
      'GET /api/notifications': () => {
        reads += 1;
        return ok(page([item], 1));
      },
      [`PUT /api/notifications/${item.id}/read`]: () => ({
        status: 500,
        body: {
          error: { code: 'internal', message: 'Something went wrong on our side.', requestId: 'r' },
        },
      }),
    });
    renderBell();
    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('button', { name: /Fails/ }));
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(
        'Failed to mark notification as read',
        expect.anything(),
      ),
    );
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('1');
    expect(screen.queryByText('Something went wrong on our side.')).not.toBeInTheDocument();
  });

  it('logs a failed fetch without a toast', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({
      'GET /api/notifications': () => ({
        status: 503,
        body: { error: { code: 'internal', message: 'Down for a moment.', requestId: 'r' } },
      }),
    });
    renderBell();
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Failed to fetch notifications', expect.anything()),
    );
    expect(screen.queryByText('Down for a moment.')).not.toBeInTheDocument();
  });

  it('reads the list again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ 'GET /api/notifications': () => ok(page([])) });
    renderBell();
    await vi.waitFor(() => expect(api.callsTo('GET /api/notifications')).toHaveLength(1), {
      timeout: 10_000,
    });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.callsTo('GET /api/notifications')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(api.callsTo('GET /api/notifications')).toHaveLength(2);
  });

  it('shows a notification that arrives live, and counts it', async () => {
    fakeApi({ 'GET /api/notifications': () => ok(page([notification({ read: true })], 0)) });
    renderBell();
    await waitFor(() => expect(streams).toHaveLength(1));
    await userEvent.click(bell());
    await screen.findByRole('list', { name: 'Latest notifications' });
    const live = notification({ title: 'Fresh from the server', priority: 'high' });
    streams[0]?.onEvent({ type: 'notification.created', data: live });
    expect(await screen.findByRole('button', { name: /Fresh from the server/ })).toHaveTextContent(
      'High priority',
    );
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1');
    // The same one again (a poll may have brought it) is not counted twice.
    streams[0]?.onEvent({ type: 'notification.created', data: live });
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1');
  });

  it('clamps each message to two lines and says when it came', async () => {
    fakeApi({
      'GET /api/notifications': () =>
        ok(page([notification({ message: 'A long message '.repeat(30) })])),
    });
    renderBell();
    await userEvent.click(bell());
    const row = await screen.findByRole('button', { name: /A long message/ });
    expect(within(row).getByText(/A long message/)).toHaveClass('line-clamp-2');
    expect(within(row).getByText('5 minutes ago')).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the bell', async () => {
    fakeApi({ 'GET /api/notifications': () => ok(page([notification()])) });
    renderBell();
    await userEvent.click(bell());
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });
});
