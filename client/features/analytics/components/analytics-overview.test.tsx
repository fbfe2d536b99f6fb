import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsSummarySchema, type AnalyticsSummary } from '#contracts/analytics.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { AnalyticsOverview } from './analytics-overview.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

/** A person with nothing yet: no chart to draw (jsdom lays nothing out). */
function emptySummary(days: number): AnalyticsSummary {
  return analyticsSummarySchema.parse({
    localDate: '2025-03-11',
    timeZone: 'Europe/Berlin',
    days,
    from: '2025-03-05',
    tasksDone: 0,
    completion: { done: 0, skipped: 0, overdueOpen: 0, rate: null },
    topThree: { days: 0, allDone: 0, rate: null },
    streak: { current: 0, best: 4 },
    goals: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        title: 'Run a 10K',
        domain: 'health',
        pinned: true,
        progress: 40,
      },
    ],
    byDomain: [],
    perDay: [],
  });
}

describe('/analytics', () => {
  it('asks for the period it shows and says how to get data where there is none', async () => {
    const api = fakeApi({ 'GET /api/analytics/summary': () => ({ body: emptySummary(7) }) });
    renderScreen(<AnalyticsOverview period="7" />);
    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();

    const done = await screen.findByRole('group', { name: 'Tasks done' });
    expect(done).toHaveTextContent('0in the last 7 days');
    expect(api.calls[0]?.url).toBe('/api/analytics/summary?days=7');
    expect(screen.getByRole('group', { name: 'Completion rate' })).toHaveTextContent('—');
    expect(screen.getByRole('group', { name: 'Streak' })).toHaveTextContent('Best 4 days');
    expect(screen.getByRole('progressbar', { name: 'Run a 10K progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    const perDay = screen.getByRole('region', { name: 'Tasks done per day' });
    expect(within(perDay).getByText('No task done in the last 7 days.')).toBeInTheDocument();
    expect(within(perDay).getByRole('link', { name: 'Tasks' })).toHaveAttribute('href', '/tasks');
    // Nothing to tabulate: no "Show as table" under an empty chart.
    expect(within(perDay).queryByText('Show as table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Advanced analytics/ })).toHaveAttribute(
      'href',
      '/analytics/advanced',
    );
  });

  it('shows an error with a retry that reads again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/analytics/summary': () =>
        fail
          ? {
              status: 500,
              body: {
                error: { code: 'internal', message: 'Something went wrong', requestId: 'r' },
              },
            }
          : { body: emptySummary(30) },
    });
    renderScreen(<AnalyticsOverview period="30" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Analytics could not load');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Tasks done' })).toHaveTextContent(
      'in the last 30 days',
    );
  });
});
