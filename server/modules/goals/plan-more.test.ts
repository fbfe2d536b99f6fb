import { count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalDetailSchema, type GoalDetail } from '#contracts/goals.ts';
import {
  acceptPlanResultSchema,
  breakdownResponseSchema,
  planOrderResultSchema,
  type AcceptPlan,
  type PlanProposal,
} from '#contracts/plan.ts';
import { milestones, tasks } from '#server/db/schema.ts';
import type { TestUser } from '#server/test/users.ts';
import { createGoal, expectError, startPlanningApp, type PlanningTestApp } from './test-support.ts';

// "Plan more": a second breakdown proposes only what the plan lacks, accepting never duplicates a
// milestone or task, and the person orders milestones and their tasks.

const START = '2025-03-03T09:00:00.000Z';

describe('plan more, and the order of a plan', () => {
  let harness: PlanningTestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    harness = await startPlanningApp(START);
    alice = await harness.user('Europe/Paris');
    bob = await harness.user();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const detail = async (user: TestUser, id: string): Promise<GoalDetail> => {
    const response = await harness.call(user, 'GET', `/api/goals/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return goalDetailSchema.parse(response.json());
  };
  const propose = async (id: string): Promise<PlanProposal> => {
    const response = await harness.call(alice, 'POST', `/api/goals/${id}/breakdown`, {});
    expect(response.statusCode, response.body).toBe(200);
    const body = breakdownResponseSchema.parse(response.json());
    if (body.result.kind !== 'plan') throw new Error('expected a plan');
    return body.result;
  };
  /** What "Accept all" sends for a proposal. */
  const acceptAll = (proposal: PlanProposal): AcceptPlan => {
    const fresh = proposal.milestones.filter((m) => m.existingId === undefined);
    return {
      milestones: fresh.map(({ title, description, dueDate }) => ({ title, description, dueDate })),
      tasks: proposal.tasks.map(({ milestoneIndex, ...task }) => {
        const milestone = proposal.milestones[milestoneIndex];
        return milestone?.existingId
          ? { ...task, milestoneId: milestone.existingId }
          : { ...task, milestoneIndex: fresh.indexOf(milestone!) };
      }),
      proposedBy: 'offline',
    };
  };
  const rows = async (goalId: string) => {
    const { db } = harness.database;
    const [m] = await db
      .select({ n: count() })
      .from(milestones)
      .where(eq(milestones.goalId, goalId));
    const [t] = await db.select({ n: count() }).from(tasks).where(eq(tasks.goalId, goalId));
    return { milestones: m?.n, tasks: t?.n };
  };

  it('accepting the same proposal twice writes each milestone and task once', async () => {
    const goal = await createGoal(harness, alice, { goal: { title: 'Accept twice' } });
    const body = acceptAll(await propose(goal.id));
    const first = await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, body);
    expect(first.statusCode, first.body).toBe(201);
    const once = await rows(goal.id);
    expect(once.milestones).toBe(body.milestones.length);
    expect(once.tasks).toBe(body.tasks.length);

    const second = await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, body);
    expect(second.statusCode, second.body).toBe(201);
    const result = acceptPlanResultSchema.parse(second.json());
    expect(result.milestones).toEqual([]);
    expect(result.tasks).toEqual([]);
    expect(await rows(goal.id)).toEqual(once);
    // The history records the one plan that added something.
    const history = (await detail(alice, goal.id)).history.filter(
      (entry) => entry.kind === 'plan_accepted',
    );
    expect(history).toHaveLength(1);
  });

  it('a task joining a milestone the goal has is dated within that milestone', async () => {
    const goal = await createGoal(harness, alice, { goal: { title: 'Same milestone' } });
    const first = await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, {
      milestones: [{ title: 'Base', description: 'Run 5 km.', dueDate: '2025-03-30' }],
      tasks: [],
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = {
      milestones: [{ title: ' base ', description: 'Run 5 km.', dueDate: '2025-05-30' }],
      tasks: [
        { title: 'Hills', milestoneIndex: 0, scheduledDate: '2025-04-15', estimatedMinutes: 30 },
      ],
    };
    const late = expectError(
      await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, again),
      400,
      'invalid_input',
    );
    expect(late.message).toMatch(
      /body\.tasks\.0\.scheduledDate: must be on or before its milestone "Base" \(2025-03-30\)/,
    );
    const fits = await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, {
      ...again,
      tasks: [{ ...again.tasks[0], scheduledDate: '2025-03-20' }],
    });
    expect(fits.statusCode, fits.body).toBe(201);
    const after = await detail(alice, goal.id);
    expect(after.milestones).toHaveLength(1);
    expect(after.tasks.map((task) => [task.title, task.milestoneId])).toEqual([
      ['Hills', after.milestones[0]?.id],
    ]);
  });

  it('a second breakdown proposes only what the plan lacks, and accepting it adds only that', async () => {
    const goal = await createGoal(harness, alice, { goal: { title: 'Plan more' } });
    const proposal = await propose(goal.id);
    expect(proposal.alreadyInPlan).toBe(0);
    // Keep the first milestone and its tasks only.
    const firstOnly: PlanProposal = {
      ...proposal,
      milestones: proposal.milestones.slice(0, 1),
      tasks: proposal.tasks.filter((task) => task.milestoneIndex === 0),
    };
    const accepted = acceptAll(firstOnly);
    expect(
      (await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, accepted)).statusCode,
    ).toBe(201);
    const before = await detail(alice, goal.id);

    const more = await propose(goal.id);
    expect(more.alreadyInPlan).toBe(1 + firstOnly.tasks.length);
    expect(more.notes[0]).toMatch(/already in your plan/);
    // No task again in its own milestone (a repeating session may recur in a later phase).
    const milestoneTitle = new Map(before.milestones.map((m) => [m.id, m.title]));
    const existing = new Set(
      before.tasks.map((task) => `${milestoneTitle.get(task.milestoneId ?? '')}|${task.title}`),
    );
    expect(
      more.tasks.some((task) =>
        existing.has(`${more.milestones[task.milestoneIndex]?.title}|${task.title}`),
      ),
    ).toBe(false);
    expect(more.milestones.map((m) => m.title)).not.toContain(before.milestones[0]?.title);
    expect(more.milestones).toHaveLength(proposal.milestones.length - 1);

    expect(
      (await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, acceptAll(more))).statusCode,
    ).toBe(201);
    const after = await detail(alice, goal.id);
    expect(after.milestones).toHaveLength(proposal.milestones.length);
    expect(after.tasks).toHaveLength(proposal.tasks.length);
    // New milestones join in date order.
    const dates = after.milestones.map((m) => m.dueDate);
    expect(dates).toEqual([...dates].sort());

    // Nothing is left to propose.
    const nothing = await propose(goal.id);
    expect(nothing.milestones).toEqual([]);
    expect(nothing.tasks).toEqual([]);
    expect(nothing.notes[0]).toMatch(/already has everything/);
  });

  it('orders milestones; a stale list is a 409, another user gets a 404; nothing changes', async () => {
    const goal = await createGoal(harness, alice, { goal: { title: 'Ordered' } });
    await harness.call(
      alice,
      'POST',
      `/api/goals/${goal.id}/plan`,
      acceptAll(await propose(goal.id)),
    );
    const { milestones } = await detail(alice, goal.id);
    const reversed = milestones.map((m) => m.id).reverse();

    const moved = await harness.call(alice, 'PUT', `/api/goals/${goal.id}/milestone-order`, {
      milestoneIds: reversed,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(planOrderResultSchema.parse(moved.json()).milestones.map((m) => m.id)).toEqual(reversed);
    const after = await detail(alice, goal.id);
    expect(after.milestones.map((m) => m.id)).toEqual(reversed);
    expect(after.milestones.map((m) => m.position)).toEqual(reversed.map((_, i) => i));

    const stale = expectError(
      await harness.call(alice, 'PUT', `/api/goals/${goal.id}/milestone-order`, {
        milestoneIds: reversed.slice(1),
      }),
      409,
      'conflict',
    );
    expect(stale.message).toMatch(/reload/);
    expectError(
      await harness.call(alice, 'PUT', `/api/goals/${goal.id}/milestone-order`, {
        milestoneIds: [reversed[0], reversed[0]],
      }),
      400,
      'invalid_input',
    );
    expectError(
      await harness.call(bob, 'PUT', `/api/goals/${goal.id}/milestone-order`, {
        milestoneIds: [...reversed].reverse(),
      }),
      404,
      'not_found',
    );
    expect((await detail(alice, goal.id)).milestones.map((m) => m.id)).toEqual(reversed);
  });

  it("orders a milestone's tasks; tasks of another group or user are refused", async () => {
    const goal = await createGoal(harness, alice, { goal: { title: 'Task order' } });
    await harness.call(
      alice,
      'POST',
      `/api/goals/${goal.id}/plan`,
      acceptAll(await propose(goal.id)),
    );
    const before = await detail(alice, goal.id);
    const milestone = before.milestones.find(
      (m) => before.tasks.filter((task) => task.milestoneId === m.id).length >= 2,
    );
    if (!milestone) throw new Error('expected a milestone with two tasks');
    const group = before.tasks.filter((task) => task.milestoneId === milestone.id);
    const reversed = group.map((task) => task.id).reverse();

    const moved = await harness.call(alice, 'PUT', `/api/goals/${goal.id}/task-order`, {
      milestoneId: milestone.id,
      taskIds: reversed,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await detail(alice, goal.id);
    expect(
      after.tasks.filter((task) => task.milestoneId === milestone.id).map((task) => task.id),
    ).toEqual(reversed);

    const other = before.tasks.find((task) => task.milestoneId !== milestone.id);
    expectError(
      await harness.call(alice, 'PUT', `/api/goals/${goal.id}/task-order`, {
        milestoneId: milestone.id,
        taskIds: [other!.id, ...reversed],
      }),
      409,
      'conflict',
    );
    expectError(
      await harness.call(alice, 'PUT', `/api/goals/${goal.id}/task-order`, {
        milestoneId: randomUUID(),
        taskIds: reversed,
      }),
      404,
      'not_found',
    );
    expectError(
      await harness.call(bob, 'PUT', `/api/goals/${goal.id}/task-order`, {
        milestoneId: milestone.id,
        taskIds: group.map((task) => task.id),
      }),
      404,
      'not_found',
    );
    // Bob's own goal cannot take Alice's tasks either.
    const bobs = await createGoal(harness, bob, { goal: { title: "Bob's" } });
    expectError(
      await harness.call(bob, 'PUT', `/api/goals/${bobs.id}/task-order`, {
        milestoneId: null,
        taskIds: reversed,
      }),
      409,
      'conflict',
    );
    expect(
      (await detail(alice, goal.id)).tasks
        .filter((task) => task.milestoneId === milestone.id)
        .map((task) => task.id),
    ).toEqual(reversed);
  });
});
