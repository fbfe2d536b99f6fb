import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { goalListSchema, type Goal } from '#contracts/goals.ts';
import { deletedSchema } from '#contracts/shared.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { makeDetail, makeGoal } from '#client/test/goal-fixtures.ts';
import { GoalDetailView } from './goal-detail.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

const TODAY = '2026-03-02';

function setup(goal: Goal, extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    [`GET /api/goals/${goal.id}`]: () => ({ body: makeDetail(goal) }),
    'GET /api/goals': () => ({ body: goalListSchema.parse({ goals: [goal] }) }),
    ...extra,
  });
  renderScreen(
    <GoalDetailView
      goalId={goal.id}
      today={TODAY}
      timeZone="Europe/Paris"
      renderTasks={() => <p>tasks here</p>}
    />,
    { route: '/goals/:id', path: `/goals/${goal.id}` },
  );
  return api;
}

describe('GoalDetailView', { timeout: 20_000 }, () => {
  it('deletes only after the person confirms', async () => {
    const user = userEvent.setup();
    const goal = makeGoal({ progress: 40 });
    const api = setup(goal, {
      [`DELETE /api/goals/${goal.id}`]: () => ({ body: deletedSchema.parse({ deleted: true }) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: goal.title })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: `${goal.title} progress` })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this goal for good?' });
    // The safe choice has the focus; cancelling sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE /api/goals/${goal.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this goal for good?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete goal' }));
    await waitFor(() => expect(api.callsTo(`DELETE /api/goals/${goal.id}`)).toHaveLength(1));
    expect(await screen.findByTestId('location')).toHaveTextContent('/goals');
  });

  it('pauses at once and archives after a confirmation', async () => {
    const user = userEvent.setup();
    const goal = makeGoal();
    const api = setup(goal, {
      [`PATCH /api/goals/${goal.id}`]: ({ body }) => ({
        body: { ...goal, ...(body as Partial<Goal>) },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: goal.title });
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pause' }));
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/goals/${goal.id}`)[0]?.body).toEqual({ status: 'paused' }),
    );

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive this goal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/goals/${goal.id}`)[1]?.body).toEqual({ status: 'archived' }),
    );
  });

  it('sends only the fields that were edited', async () => {
    const user = userEvent.setup();
    const goal = makeGoal();
    const api = setup(goal, {
      [`PATCH /api/goals/${goal.id}`]: ({ body }) => ({
        body: { ...goal, ...(body as Partial<Goal>) },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: goal.title });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Hours a week'));
    await user.type(screen.getByLabelText('Hours a week'), '4.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/goals/${goal.id}`)[0]?.body).toEqual({ weeklyHours: 4.5 }),
    );
    expect(await screen.findByText('Goal updated')).toBeVisible();
  });

  it('a goal that is not there still has a level-one heading and a way back', async () => {
    const missing = makeGoal();
    fakeApi({
      [`GET /api/goals/${missing.id}`]: () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'Goal not found', requestId: 'r1' } },
      }),
      'GET /api/goals': () => ({ body: goalListSchema.parse({ goals: [] }) }),
    });
    renderScreen(
      <GoalDetailView
        goalId={missing.id}
        today={TODAY}
        timeZone="Europe/Paris"
        renderTasks={() => null}
      />,
      { route: '/goals/:id', path: `/goals/${missing.id}` },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Goal not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your goals' })).toBeVisible();
  });
});
