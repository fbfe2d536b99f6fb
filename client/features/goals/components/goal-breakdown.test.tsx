import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acceptPlanResultSchema } from '#contracts/plan.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { breakdownAnswer, makeDetail, makeGoal } from '#client/test/goal-fixtures.ts';
import { GoalBreakdown } from './goal-breakdown.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

const TODAY = '2026-03-02';
const goal = makeGoal();

const plan = breakdownAnswer({
  engine: 'offline',
  model: 'trellis-offline-1',
  result: {
    kind: 'plan',
    milestones: [
      { title: 'Base', description: 'Run three times a week.', dueDate: '2026-03-20' },
      { title: 'Build', description: 'Longer runs.', dueDate: '2026-04-20' },
      { title: 'Race', description: 'Run the 10k.', dueDate: '2026-06-01' },
    ],
    tasks: [
      {
        title: 'Run 2 km',
        milestoneIndex: 0,
        scheduledDate: '2026-03-03',
        estimatedMinutes: 30,
        recurrence: { kind: 'weekly', timesPerWeek: 3 },
      },
      { title: 'Stretch', milestoneIndex: 0, scheduledDate: '2026-03-04', estimatedMinutes: 15 },
      { title: 'Run 5 km', milestoneIndex: 1, scheduledDate: '2026-03-23', estimatedMinutes: 45 },
      {
        title: 'Rest day walk',
        milestoneIndex: 1,
        scheduledDate: '2026-03-24',
        estimatedMinutes: 20,
        recurrence: { kind: 'after_completion', everyDays: 2 },
      },
      { title: 'Race day', milestoneIndex: 2, scheduledDate: '2026-06-01', estimatedMinutes: 90 },
    ],
    notes: ['Three easy runs a week build the base.'],
  },
});

const secondPlan = breakdownAnswer({
  engine: 'offline',
  model: 'trellis-offline-1',
  result: {
    kind: 'plan',
    milestones: [
      { title: 'Walk-run', description: 'Mix walking and running.', dueDate: '2026-04-01' },
      { title: 'Steady', description: 'Run 5 km.', dueDate: '2026-05-01' },
      { title: 'Ten', description: 'Run 10 km.', dueDate: '2026-06-01' },
    ],
    tasks: [
      {
        title: 'Walk-run 20 min',
        milestoneIndex: 0,
        scheduledDate: '2026-03-03',
        estimatedMinutes: 20,
      },
    ],
    notes: [],
  },
});

function setup() {
  let proposals = 0;
  const api = fakeApi({
    [`GET /api/goals/${goal.id}`]: () => ({ body: makeDetail(goal) }),
    [`POST /api/goals/${goal.id}/breakdown`]: () => ({
      body: proposals++ === 0 ? plan : secondPlan,
    }),
    [`POST /api/goals/${goal.id}/plan`]: () => ({
      status: 201,
      body: acceptPlanResultSchema.parse({ goal, milestones: [], tasks: [] }),
    }),
  });
  const view = renderScreen(<GoalBreakdown goalId={goal.id} today={TODAY} />, {
    route: '/goals/:id/breakdown',
    path: `/goals/${goal.id}/breakdown`,
  });
  return { api, ...view };
}

// Typing with userEvent is slow on a busy machine.
describe('GoalBreakdown', { timeout: 20_000 }, () => {
  it('accepts exactly the items picked, as edited and ordered', async () => {
    const user = userEvent.setup();
    const { api } = setup();
    expect(await screen.findByText('Answered by the offline coach')).toBeVisible();
    expect(screen.getByText('Three easy runs a week build the base.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeVisible();

    // Edit a task's title.
    await user.click(screen.getByRole('button', { name: 'Edit “Run 2 km”' }));
    const title = screen.getByLabelText('Task');
    await user.clear(title);
    await user.type(title, 'Run 3 km');
    await user.click(screen.getByRole('button', { name: 'Done editing “Run 3 km”' }));

    // Reorder with the keyboard: Stretch goes first.
    screen.getByRole('button', { name: 'Move “Stretch” up' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Move “Stretch” up' })).toBeDisabled();

    // Leave out one task and a whole milestone (its tasks follow).
    await user.click(screen.getByRole('checkbox', { name: 'Rest day walk' }));
    await user.click(screen.getByRole('checkbox', { name: 'Race' }));
    expect(screen.getByRole('checkbox', { name: 'Race day' })).not.toBeChecked();
    expect(screen.getByText('5 of 8 picked')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Accept 5 selected' }));

    await waitFor(() => expect(api.callsTo(`POST /api/goals/${goal.id}/plan`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/goals/${goal.id}/plan`)[0]?.body).toEqual({
      milestones: [
        { title: 'Base', description: 'Run three times a week.', dueDate: '2026-03-20' },
        { title: 'Build', description: 'Longer runs.', dueDate: '2026-04-20' },
      ],
      tasks: [
        { title: 'Stretch', milestoneIndex: 0, scheduledDate: '2026-03-04', estimatedMinutes: 15 },
        {
          title: 'Run 3 km',
          milestoneIndex: 0,
          scheduledDate: '2026-03-03',
          estimatedMinutes: 30,
          recurrence: { kind: 'weekly', timesPerWeek: 3 },
        },
        { title: 'Run 5 km', milestoneIndex: 1, scheduledDate: '2026-03-23', estimatedMinutes: 45 },
      ],
      proposedBy: 'offline',
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/goals/${goal.id}`);
  });

  it('does not send a plan with a broken item, and says which', async () => {
    const user = userEvent.setup();
    const { api } = setup();
    await screen.findByText('Answered by the offline coach');
    await user.click(screen.getByRole('button', { name: 'Edit “Stretch”' }));
    await user.clear(screen.getByLabelText('Task'));
    expect(screen.getByText('Give the task a title.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(api.callsTo(`POST /api/goals/${goal.id}/plan`)).toHaveLength(0);
  });

  it('regenerates, asking first when the plan was edited', async () => {
    const user = userEvent.setup();
    const { api } = setup();
    await screen.findByText('Answered by the offline coach');
    await user.click(screen.getByRole('checkbox', { name: 'Stretch' }));
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Ask for a new plan?' });
    expect(dialog).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));

    expect(await screen.findByText('Walk-run 20 min')).toBeVisible();
    expect(screen.queryByText('Stretch')).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/goals/${goal.id}/breakdown`)).toHaveLength(2);
  });

  it('puts the main action early in the tab order, and its headings in order', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByText('Answered by the offline coach');
    const accept = screen.getByRole('button', { name: 'Accept all' });
    let presses = 0;
    while (document.activeElement !== accept && presses < 10) {
      await user.tab();
      presses += 1;
    }
    expect(document.activeElement).toBe(accept);
    expect(presses).toBeLessThanOrEqual(4);
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] ?? 1)).toBeLessThanOrEqual(1);
    });
  });

  it('plan more: new tasks join a milestone the goal has, by its id', async () => {
    const user = userEvent.setup();
    const existingId = '4f1c8f5e-8a0e-4b8e-9d7a-2f0c6b7d9e11';
    const api = fakeApi({
      [`GET /api/goals/${goal.id}`]: () => ({ body: makeDetail(goal) }),
      [`POST /api/goals/${goal.id}/breakdown`]: () => ({
        body: breakdownAnswer({
          engine: 'offline',
          model: 'trellis-offline-1',
          result: {
            kind: 'plan',
            milestones: [
              { title: 'Base', description: 'Mine.', dueDate: '2026-03-20', existingId },
            ],
            tasks: [
              {
                title: 'Hills',
                milestoneIndex: 0,
                scheduledDate: '2026-03-05',
                estimatedMinutes: 30,
              },
            ],
            notes: ['2 of the coach’s milestones and tasks are already in your plan.'],
            alreadyInPlan: 2,
          },
        }),
      }),
      [`POST /api/goals/${goal.id}/plan`]: () => ({
        status: 201,
        body: acceptPlanResultSchema.parse({ goal, milestones: [], tasks: [] }),
      }),
    });
    renderScreen(<GoalBreakdown goalId={goal.id} today={TODAY} />, {
      route: '/goals/:id/breakdown',
      path: `/goals/${goal.id}/breakdown`,
    });
    expect(await screen.findByText('1 of 1 picked')).toBeVisible();
    expect(screen.getByText(/In your plan/)).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'Base' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(api.callsTo(`POST /api/goals/${goal.id}/plan`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/goals/${goal.id}/plan`)[0]?.body).toEqual({
      milestones: [],
      tasks: [
        {
          title: 'Hills',
          milestoneId: existingId,
          scheduledDate: '2026-03-05',
          estimatedMinutes: 30,
        },
      ],
      proposedBy: 'offline',
    });
  });

  it('plan more with nothing new says so and offers the way back', async () => {
    fakeApi({
      [`GET /api/goals/${goal.id}`]: () => ({ body: makeDetail(goal) }),
      [`POST /api/goals/${goal.id}/breakdown`]: () => ({
        body: breakdownAnswer({
          engine: 'offline',
          model: 'trellis-offline-1',
          result: {
            kind: 'plan',
            milestones: [],
            tasks: [],
            notes: ['Your plan already has everything the coach would propose now.'],
            alreadyInPlan: 9,
          },
        }),
      }),
    });
    renderScreen(<GoalBreakdown goalId={goal.id} today={TODAY} />, {
      route: '/goals/:id/breakdown',
      path: `/goals/${goal.id}/breakdown`,
    });
    expect(
      await screen.findByText('Your plan already has everything the coach would propose now.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the goal' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
  });
});
