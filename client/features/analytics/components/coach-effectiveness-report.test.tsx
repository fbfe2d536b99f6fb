import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  coachEffectivenessSchema,
  type CoachEffectiveness,
  type Effectiveness,
} from '#contracts/coach-effectiveness.ts';
import { coachDomains } from '#contracts/coach.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { CoachEffectivenessReport } from './coach-effectiveness-report.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const none: Effectiveness = {
  suggestions: { goal: 0, plan: 0, chatProposal: 0, total: 0 },
  accepted: 0,
  acceptanceRate: null,
  tasks: { done: 0, skipped: 0, overdueOpen: 0, rate: null },
  goals: { count: 0, averageProgress: null },
};

function report(health?: Effectiveness): CoachEffectiveness {
  return coachEffectivenessSchema.parse({
    localDate: '2025-03-11',
    timeZone: 'Europe/Berlin',
    days: 7,
    from: '2025-03-05',
    byCoach: coachDomains.map((coach) => ({
      coach,
      ...(coach === 'health' && health ? health : none),
    })),
    byEngine: health ? [{ engine: 'offline', ...health }] : [],
  });
}

const guided: Effectiveness = {
  suggestions: { goal: 1, plan: 1, chatProposal: 0, total: 2 },
  accepted: 2,
  acceptanceRate: 1,
  tasks: { done: 3, skipped: 1, overdueOpen: 0, rate: 0.75 },
  goals: { count: 1, averageProgress: 40 },
};

describe('/analytics/coach-effectiveness', () => {
  it('says how to get data while the coach has suggested nothing', async () => {
    const api = fakeApi({
      'GET /api/analytics/coach-effectiveness': () => ({ body: report() }),
    });
    renderScreen(<CoachEffectivenessReport period="7" />);
    expect(screen.getByRole('status', { name: 'Loading coach effectiveness' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Ask the coach to refine a goal or plan one to see how its suggestions work for you.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shape a goal with the coach' })).toHaveAttribute(
      'href',
      '/goals/new',
    );
    expect(api.calls[0]?.url).toBe('/api/analytics/coach-effectiveness?days=7');
  });

  it('shows the totals, the chart as a table, and the per-coach and per-engine tables', async () => {
    fakeApi({ 'GET /api/analytics/coach-effectiveness': () => ({ body: report(guided) }) });
    renderScreen(<CoachEffectivenessReport period="7" />);
    expect(await screen.findByRole('group', { name: 'Suggestions made' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Acceptance rate' })).toHaveTextContent(
      '2 of 2 suggestions accepted',
    );
    expect(screen.getByRole('group', { name: 'Accepted tasks done' })).toHaveTextContent('75%');

    const chart = screen.getByRole('region', { name: 'Acceptance and completion by coach' });
    expect(chart).toHaveTextContent('Tasks from the Health coach went best: 75% done.');
    await userEvent.click(within(chart).getByText('Show as table'));
    const health = within(chart).getByRole('row', { name: /Health/ });
    expect(health).toHaveTextContent('100%75%');

    const perCoach = screen.getByRole('group', { name: /per coach/ });
    expect(within(perCoach).getAllByRole('row')).toHaveLength(5);
    expect(within(perCoach).getByRole('row', { name: /Health/ })).toHaveTextContent(
      '1 goal · 1 plan',
    );
    const perEngine = screen.getByRole('group', { name: /per engine/ });
    expect(within(perEngine).getByRole('row', { name: /Offline coach/ })).toHaveTextContent('40%');
  });

  it('shows an error with a retry that reads again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/analytics/coach-effectiveness': () =>
        fail
          ? {
              status: 500,
              body: {
                error: { code: 'internal', message: 'Something went wrong', requestId: 'r' },
              },
            }
          : { body: report(guided) },
    });
    renderScreen(<CoachEffectivenessReport period="30" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Coach effectiveness could not load');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Suggestions made' })).toBeInTheDocument();
  });
});
