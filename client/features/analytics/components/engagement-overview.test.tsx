import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engagementSummarySchema, type EngagementSummary } from '#contracts/engagement.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { EngagementOverview } from './engagement-overview.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const emptyDeliveries = ['email', 'sms', 'push'].map((channel) => ({
  channel,
  sent: 0,
  delivered: 0,
  opened: 0,
  openRate: null,
}));

/** Sessions only in the heatmap and deliveries (jsdom lays no chart out). */
function summary(overrides: Partial<EngagementSummary> = {}): EngagementSummary {
  return engagementSummarySchema.parse({
    localDate: '2025-03-11',
    timeZone: 'Europe/Berlin',
    days: 7,
    from: '2025-03-05',
    sessions: { total: 0, perDay: [], perWeek: [] },
    foreground: { sessions: 0, medianSeconds: null, totalSeconds: 0 },
    activeDays: { count: 0, current: 0, best: 3 },
    heatmap: [],
    deliveries: emptyDeliveries,
    notifications: { received: 0, read: 0, rate: null },
    topThree: { days: 0, allDone: 0, rate: null },
    ...overrides,
  });
}

describe('/engagement-analytics', () => {
  it('asks for the period and says how to get data where there is none', async () => {
    const api = fakeApi({ 'GET /api/engagement/summary': () => ({ body: summary() }) });
    renderScreen(<EngagementOverview period="7" />);
    expect(
      screen.getByRole('status', { name: 'Loading engagement analytics' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Sessions' })).toHaveTextContent(
      '0in the last 7 days',
    );
    expect(api.calls[0]?.url).toBe('/api/engagement/summary?days=7');
    expect(screen.getByRole('group', { name: 'Active days' })).toHaveTextContent('best 3 days');
    const perDay = screen.getByRole('region', { name: 'Sessions per day' });
    expect(within(perDay).getByText(/come back on a few days/)).toBeInTheDocument();
    expect(within(perDay).queryByText('Show as table')).not.toBeInTheDocument();
    const deliveries = screen.getByRole('region', { name: 'Deliveries and notifications' });
    expect(within(deliveries).getByRole('link', { name: 'Schedule' })).toHaveAttribute(
      'href',
      '/schedule',
    );
  });

  it('draws the heatmap with its table, deliveries per channel and the read rate', async () => {
    fakeApi({
      'GET /api/engagement/summary': () => ({
        body: summary({
          foreground: { sessions: 3, medianSeconds: 300, totalSeconds: 1260 },
          heatmap: [
            { weekday: 2, hour: 9, sessions: 2 },
            { weekday: 6, hour: 20, sessions: 1 },
          ],
          deliveries: [
            { channel: 'email', sent: 2, delivered: 1, opened: 1, openRate: 0.5 },
            ...emptyDeliveries.slice(1),
          ] as EngagementSummary['deliveries'],
          notifications: { received: 3, read: 2, rate: 2 / 3 },
        }),
      }),
    });
    renderScreen(<EngagementOverview period="7" />);
    expect(await screen.findByRole('group', { name: 'Median time in front' })).toHaveTextContent(
      '5 min',
    );
    const heatmap = screen.getByRole('region', { name: 'When you use Trellis' });
    expect(
      within(heatmap).getByRole('img', {
        name: 'Most sessions began on Tuesday morning (08–12): 2 sessions.',
      }),
    ).toBeInTheDocument();
    await userEvent.click(within(heatmap).getByText('Show as table'));
    const table = within(heatmap).getByRole('table', {
      name: 'Sessions begun by time of day and weekday',
    });
    const morning = within(table).getByRole('rowheader', { name: 'Morning 08–12' });
    expect(morning.closest('tr')).toHaveTextContent('Morning 08–120200000');

    const deliveries = screen.getByRole('region', { name: 'Deliveries and notifications' });
    const email = within(deliveries).getByRole('rowheader', { name: 'Email' }).closest('tr');
    expect(email).toHaveTextContent('Email21150%');
    expect(deliveries).toHaveTextContent('Notifications read: 67%');
    expect(deliveries).toHaveTextContent('2 of 3 notifications received');
  });

  it('shows an error with a retry that reads again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/engagement/summary': () =>
        fail
          ? {
              status: 500,
              body: {
                error: { code: 'internal', message: 'Something went wrong', requestId: 'r' },
              },
            }
          : { body: summary() },
    });
    renderScreen(<EngagementOverview period="30" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Engagement analytics could not load');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Sessions' })).toBeInTheDocument();
  });
});
