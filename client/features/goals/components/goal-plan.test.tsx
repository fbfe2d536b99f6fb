import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { goalListSchema, milestoneSchema, type GoalMilestone } from '#contracts/goals.ts';
import { planOrderResultSchema } from '#contracts/plan.ts';
import { deletedSchema } from '#contracts/shared.ts';
import { flushDeletes } from '#client/lib/deferred-delete.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { makeDetail, makeGoal, makeTask } from '#client/test/goal-fixtures.ts';
import { GoalDetailView } from './goal-detail.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

const TODAY = '2026-03-02';
const goal = makeGoal();
const milestone = (title: string, position: number, dueDate: string): GoalMilestone =>
  milestoneSchema.parse({
    id: crypto.randomUUID(),
    goalId: goal.id,
    title,
    description: `${title}, described.`,
    dueDate,
    position,
    done: false,
    completedAt: null,
  });
const base = milestone('Base', 0, '2026-03-20');
const build = milestone('Build', 1, '2026-04-20');
const tasks = [
  makeTask({ title: 'Easy run', goalId: goal.id, milestoneId: base.id }),
  makeTask({ title: 'Stretch', goalId: goal.id, milestoneId: base.id }),
  makeTask({ title: 'Long run', goalId: goal.id, milestoneId: build.id }),
  makeTask({ title: 'Buy shoes', goalId: goal.id }),
];

function setup() {
  const api = fakeApi({
    [`GET /api/goals/${goal.id}`]: () => ({
      body: makeDetail(goal, { milestones: [base, build], tasks }),
    }),
    'GET /api/goals': () => ({ body: goalListSchema.parse({ goals: [goal] }) }),
    [`PUT /api/goals/${goal.id}/milestone-order`]: () => ({
      body: planOrderResultSchema.parse({ milestones: [build, base] }),
    }),
    [`PUT /api/goals/${goal.id}/task-order`]: () => ({
      body: planOrderResultSchema.parse({ milestones: [base, build] }),
    }),
    [`DELETE /api/goals/${goal.id}/milestones/${base.id}`]: () => ({
      body: deletedSchema.parse({ deleted: true }),
    }),
  });
  renderScreen(
    <GoalDetailView
      goalId={goal.id}
      today={TODAY}
      timeZone="Europe/Paris"
      renderTasks={(list, group) => (
        <ul aria-label={`Tasks of ${group.milestoneId ?? 'none'}`}>
          {list.map((task) => (
            <li key={task.id}>
              {task.title}
              <button type="button" onClick={() => group.onMove(task.id, 1)}>
                Move {task.title} down
              </button>
            </li>
          ))}
        </ul>
      )}
    />,
    { route: '/goals/:id', path: `/goals/${goal.id}` },
  );
  return api;
}

describe('GoalPlan', { timeout: 20_000 }, () => {
  it('shows each milestone with its own tasks, and the rest as other tasks', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 3, name: 'Base' })).toBeVisible();
    const baseTasks = screen.getByRole('list', { name: `Tasks of ${base.id}` });
    expect(
      within(baseTasks)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Easy run', 'Stretch']);
    expect(
      within(screen.getByRole('list', { name: `Tasks of ${build.id}` })).getByText('Long run'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Other tasks' })).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Tasks of none' })).getByText('Buy shoes'),
    ).toBeVisible();
  });

  it('moves milestones and tasks with buttons and saves the order', async () => {
    const user = userEvent.setup();
    const api = setup();
    await screen.findByRole('heading', { level: 3, name: 'Base' });
    expect(screen.getByRole('button', { name: 'Move “Base” up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move “Base” down' }));
    await waitFor(() =>
      expect(api.callsTo(`PUT /api/goals/${goal.id}/milestone-order`)[0]?.body).toEqual({
        milestoneIds: [build.id, base.id],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Move Easy run down' }));
    await waitFor(() =>
      expect(api.callsTo(`PUT /api/goals/${goal.id}/task-order`)[0]?.body).toEqual({
        milestoneId: base.id,
        taskIds: [tasks[1]?.id, tasks[0]?.id],
      }),
    );
  });

  it('deletes a milestone with undo: its tasks show as other tasks until the delete is sent', async () => {
    const user = userEvent.setup();
    const api = setup();
    await screen.findByRole('heading', { level: 3, name: 'Base' });
    await user.click(screen.getByRole('button', { name: 'More for “Base”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete milestone' }));
    expect(screen.queryByRole('heading', { level: 3, name: 'Base' })).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Tasks of none' })).getByText('Easy run'),
    ).toBeVisible();

    // By keyboard: the toast's swipe handling needs pointer capture, which jsdom lacks.
    (await screen.findByRole('button', { name: 'Undo' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 3, name: 'Base' })).toBeVisible();
    flushDeletes();
    expect(api.callsTo(`DELETE /api/goals/${goal.id}/milestones/${base.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'More for “Base”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete milestone' }));
    flushDeletes();
    await waitFor(() =>
      expect(api.callsTo(`DELETE /api/goals/${goal.id}/milestones/${base.id}`)).toHaveLength(1),
    );
  });
});
