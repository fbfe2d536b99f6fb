import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { domainMetricsSchema } from '#contracts/domain-metrics.ts';
import { measurementSchema } from '#contracts/measurements.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { DomainMetricsPage } from './analytics-metrics.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const GOAL = '00000000-0000-4000-8000-000000000001';

/** A health goal with a metric and nothing logged yet (no chart to lay out in jsdom). */
function metrics(logged: number) {
  return domainMetricsSchema.parse({
    domain: 'health',
    localDate: '2025-03-11',
    timeZone: 'Europe/Berlin',
    days: 7,
    from: '2025-03-05',
    tasksDone: 2,
    minutesInvested: 90,
    completion: { done: 2, skipped: 0, overdueOpen: 2, rate: 0.5 },
    topThree: { picks: 5, domainPicks: 3, share: 0.6 },
    goals: [
      {
        id: GOAL,
        title: 'Run a 10K',
        status: 'active',
        pinned: true,
        progress: 40,
        deadline: '2025-06-30',
        metric: { name: 'distance', target: 10, unit: 'km' },
        measurements: [],
        periodTotal: 0,
        latest:
          logged === 0
            ? null
            : {
                id: '00000000-0000-4000-8000-000000000009',
                goalId: GOAL,
                date: '2025-02-01',
                value: logged,
                note: null,
                createdAt: '2025-02-01T10:00:00.000Z',
              },
      },
    ],
    milestones: [
      {
        id: '00000000-0000-4000-8000-000000000002',
        goalId: GOAL,
        goalTitle: 'Run a 10K',
        title: 'Run 5 km',
        dueDate: '2025-03-09',
        doneOn: null,
        state: 'overdue',
      },
    ],
  });
}

describe('/analytics/metrics/{domain}', () => {
  it('shows the domain’s figures for the period in the URL, its goals and milestones', async () => {
    const api = fakeApi({
      'GET /api/analytics/metrics/health': () => ({ body: metrics(0) }),
    });
    renderScreen(<DomainMetricsPage />, {
      path: '/analytics/metrics/health?days=7',
      route: '/analytics/metrics/:domain',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Health metrics' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading domain metrics' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Minutes invested' })).toHaveTextContent(
      '1 h 30 min',
    );
    expect(screen.getByRole('group', { name: 'Share of top-three picks' })).toHaveTextContent(
      '60%3 of 5 picks',
    );
    expect(screen.getByRole('progressbar', { name: 'Run a 10K progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    const timeline = screen.getByRole('region', { name: 'Milestones' });
    expect(timeline).toHaveTextContent('Run 5 km');
    expect(timeline).toHaveTextContent('Overdue');
    expect(api.calls[0]?.url).toBe('/api/analytics/metrics/health?days=7');
    expect(
      screen.getByText('No value logged yet; the target is 10 km.', { exact: false }),
    ).toBeInTheDocument();
  });

  it('logs a value from the goal’s chart and reads the figures again', async () => {
    let logged = 0;
    const api = fakeApi({
      'GET /api/analytics/metrics/health': () => ({ body: metrics(logged) }),
      [`POST /api/goals/${GOAL}/measurements`]: (call) => {
        logged = (call.body as { value: number }).value;
        return {
          status: 201,
          body: measurementSchema.parse({
            id: '00000000-0000-4000-8000-000000000009',
            goalId: GOAL,
            date: '2025-03-11',
            value: logged,
            note: null,
            createdAt: '2025-03-11T10:00:00.000Z',
          }),
        };
      },
    });
    renderScreen(<DomainMetricsPage />, {
      path: '/analytics/metrics/health',
      route: '/analytics/metrics/:domain',
    });
    const chart = await screen.findByRole('region', { name: 'Run a 10K' });
    const user = userEvent.setup();
    await user.click(within(chart).getByRole('button', { name: 'Log value' }));
    expect(within(chart).getByText('Enter the value you measured.')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/goals/${GOAL}/measurements`)).toHaveLength(0);

    await user.type(within(chart).getByLabelText('Distance (km)'), '4,5');
    await user.click(within(chart).getByRole('button', { name: 'Log value' }));
    expect(await screen.findByText('Logged 4.5 km')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/goals/${GOAL}/measurements`)[0]?.body).toEqual({ value: 4.5 });
    expect(
      await within(chart).findByText(/^Latest 4\.5 km on .+, target 10 km/),
    ).toBeInTheDocument();
  });

  it('shows the not-found page for any other domain, asking nothing', () => {
    const api = fakeApi({});
    renderScreen(<DomainMetricsPage />, {
      path: '/analytics/metrics/finance',
      route: '/analytics/metrics/:domain',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
