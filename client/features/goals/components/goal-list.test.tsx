import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { goalListSchema, type Goal } from '#contracts/goals.ts';
import { deferred, fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { makeGoal } from '#client/test/goal-fixtures.ts';
import { GoalList } from './goal-list.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

const TODAY = '2026-03-02';

function render(goals: Goal[], extra: Parameters<typeof fakeApi>[0] = {}, path = '/goals') {
  const api = fakeApi({
    'GET /api/goals': () => ({ body: goalListSchema.parse({ goals }) }),
    ...extra,
  });
  renderScreen(<GoalList today={TODAY} />, { route: '/goals', path });
  return api;
}

describe('GoalList', { timeout: 20_000 }, () => {
  it('offers to declare a first goal when there is none', async () => {
    render([]);
    expect(await screen.findByText('No goals yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Declare your first goal' })).toHaveAttribute(
      'href',
      '/goals/new',
    );
  });

  it('filters by status and area', async () => {
    const user = userEvent.setup();
    render([
      makeGoal({ title: 'Run a 10k', domain: 'health' }),
      makeGoal({ title: 'Ship the portfolio', domain: 'career', status: 'paused' }),
      makeGoal({ title: 'Learn Spanish', domain: 'personal_development', status: 'completed' }),
    ]);
    // In progress (active and paused) by default.
    expect(await screen.findByText('Run a 10k')).toBeVisible();
    expect(screen.getByText('Ship the portfolio')).toBeVisible();
    expect(screen.queryByText('Learn Spanish')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Area'), 'career');
    expect(screen.queryByText('Run a 10k')).not.toBeInTheDocument();
    expect(screen.getByText('Ship the portfolio')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Area'), 'all');
    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    expect(screen.getByText('Learn Spanish')).toBeVisible();
    expect(screen.queryByText('Run a 10k')).not.toBeInTheDocument();
  });

  it('pins at once, and keeps the top three to three', async () => {
    const user = userEvent.setup();
    const pinned = [1, 2].map((n) => makeGoal({ title: `Pinned ${n}`, pinned: true }));
    const free = makeGoal({ title: 'Sleep by 11' });
    const other = makeGoal({ title: 'Call friends' });
    const server = { goals: [...pinned, free, other] };
    const answer = deferred<{ body: unknown }>();
    const api = fakeApi({
      'GET /api/goals': () => ({ body: goalListSchema.parse(server) }),
      [`PATCH /api/goals/${free.id}`]: () => answer.promise,
    });
    renderScreen(<GoalList today={TODAY} />, { route: '/goals', path: '/goals' });
    await user.click(
      await screen.findByRole('button', { name: 'Pin “Sleep by 11” to your top three' }),
    );
    // Shown among the top three before the server answers.
    const top = screen.getByRole('region', { name: /Top three goals/ });
    expect(within(top).getByText('Sleep by 11')).toBeVisible();
    expect(api.callsTo(`PATCH /api/goals/${free.id}`)[0]?.body).toEqual({ pinned: true });
    server.goals = [...pinned, { ...free, pinned: true }, other];
    answer.resolve({ body: { ...free, pinned: true } });
    expect(await screen.findByText('Pinned to your top three')).toBeVisible();

    // A fourth is refused kindly, without a call.
    await user.click(screen.getByRole('button', { name: 'Pin “Call friends” to your top three' }));
    expect(await screen.findByText('You already have three top goals')).toBeVisible();
    await waitFor(() => expect(api.callsTo(`PATCH /api/goals/${other.id}`)).toHaveLength(0));
  });
});
