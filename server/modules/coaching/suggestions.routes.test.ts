import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refineGoalResponseSchema, type BreakDownGoalOutput } from '#contracts/coach.ts';
import { goalSchema } from '#contracts/goals.ts';
import { acceptPlanResultSchema, breakdownResponseSchema } from '#contracts/plan.ts';
import type { AiGateway } from '#server/ai/gateway.ts';
import { queryRows } from '#server/db/client.ts';
import {
  createGoal,
  expectError,
  smartGoal,
  startPlanningApp,
  type PlanningTestApp,
} from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';

// Attribution (ADR 030): each proposal the coach answers with is recorded with its coach and
// engine; the goal or plan the person accepts carries the proposal's id back, which marks it
// accepted and writes the coach and engine on what it creates. Only the person's own proposal,
// of the right kind, is accepted.

const START = '2025-03-03T09:00:00.000Z';

const plan: BreakDownGoalOutput = {
  kind: 'plan',
  milestones: [
    { title: 'First month', description: 'Build the base.', dueDate: '2025-04-01' },
    { title: 'Second month', description: 'Go longer.', dueDate: '2025-05-01' },
    { title: 'Race month', description: 'Taper and race.', dueDate: '2025-06-30' },
  ],
  tasks: [
    { title: 'Run 2 km', milestoneIndex: 0, scheduledDate: '2025-03-04', estimatedMinutes: 20 },
    { title: 'Run 5 km', milestoneIndex: 1, scheduledDate: '2025-04-02', estimatedMinutes: 40 },
  ],
  notes: [],
};

/** A coach whose answers are fixed: the career coach's SMART goal and a plan, by "anthropic". */
const gateway: AiGateway = {
  refineGoal: async (input) =>
    input.text.includes('?')
      ? {
          engine: 'anthropic',
          model: 'claude-test',
          result: {
            kind: 'questions',
            questions: [{ id: 'outcome', question: 'What would success be?', suggestions: [] }],
            notes: [],
          },
        }
      : {
          engine: 'anthropic',
          model: 'claude-test',
          result: { kind: 'smart', goal: smartGoal({ domain: 'career' }), notes: [] },
        },
  breakDownGoal: async () => ({ engine: 'anthropic', model: 'claude-test', result: plan }),
};

interface SuggestionRecord {
  kind: string;
  coach: string;
  engine: string;
  goalId: string | null;
  accepted: boolean;
}

describe('coach suggestions and attribution', () => {
  let harness: PlanningTestApp;
  let person: TestUser;
  let other: TestUser;

  const suggestion = async (id: string) =>
    (
      await queryRows<SuggestionRecord>(
        harness.database.db,
        sql`select kind, coach, engine, goal_id as "goalId", accepted_at is not null as accepted
            from coach_suggestions where id = ${id}::uuid`,
      )
    )[0];
  const goalCount = async (user: TestUser) =>
    (
      await queryRows<{ n: number }>(
        harness.database.db,
        sql`select count(*)::int as n from goals where user_id = ${user.id}::uuid`,
      )
    )[0]?.n;
  const refine = async (user: TestUser, text = 'I want a better job') => {
    const response = await harness.call(user, 'POST', '/api/coach/refine-goal', { text });
    expect(response.statusCode, response.body).toBe(200);
    return refineGoalResponseSchema.parse(response.json());
  };
  const breakdown = async (user: TestUser, goalId: string) => {
    const response = await harness.call(user, 'POST', `/api/goals/${goalId}/breakdown`, {});
    expect(response.statusCode, response.body).toBe(200);
    return breakdownResponseSchema.parse(response.json());
  };
  const acceptPlan = (user: TestUser, goalId: string, suggestionId?: string) =>
    harness.call(user, 'POST', `/api/goals/${goalId}/plan`, {
      milestones: [plan.milestones[0]],
      tasks: [{ ...plan.tasks[0], milestoneIndex: 0 }],
      proposedBy: 'anthropic',
      ...(suggestionId ? { suggestionId } : {}),
    });

  beforeAll(async () => {
    harness = await startPlanningApp(START, { ai: gateway });
    person = await harness.user();
    other = await harness.user();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('records a SMART goal proposal; creating the goal with its id marks it accepted', async () => {
    const answer = await refine(person);
    expect(answer.suggestionId).toBeDefined();
    const id = answer.suggestionId ?? '';
    expect(await suggestion(id)).toEqual({
      kind: 'goal',
      coach: 'career',
      engine: 'anthropic',
      goalId: null,
      accepted: false,
    });

    // The record is the authority: a body naming another engine does not change who proposed it.
    const response = await harness.call(person, 'POST', '/api/goals', {
      goal: smartGoal({ domain: 'career', title: 'Edited title' }),
      proposedBy: 'offline',
      suggestionId: id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const goal = goalSchema.parse(response.json());
    expect(goal.proposedBy).toBe('anthropic');
    expect(await suggestion(id)).toMatchObject({ goalId: goal.id, accepted: true });
    const [row] = await queryRows<{ coach: string }>(
      harness.database.db,
      sql`select proposed_by_coach as coach from goals where id = ${goal.id}::uuid`,
    );
    expect(row?.coach).toBe('career');

    // One proposal makes one goal.
    const before = await goalCount(person);
    const again = await harness.call(person, 'POST', '/api/goals', {
      goal: smartGoal({ domain: 'career' }),
      suggestionId: id,
    });
    expectError(again, 409, 'conflict');
    expect(await goalCount(person)).toBe(before);
  });

  it('records nothing for questions', async () => {
    const answer = await refine(person, 'Something vague?');
    expect(answer.result.kind).toBe('questions');
    expect(answer.suggestionId).toBeUndefined();
  });

  it("refuses another person's proposal (404), an unknown one (404) and a malformed id (400)", async () => {
    const theirs = (await refine(other)).suggestionId ?? '';
    const before = await goalCount(person);
    for (const suggestionId of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const response = await harness.call(person, 'POST', '/api/goals', {
        goal: smartGoal(),
        suggestionId,
      });
      expectError(response, 404, 'not_found');
    }
    const malformed = await harness.call(person, 'POST', '/api/goals', {
      goal: smartGoal(),
      suggestionId: 'not-an-id',
    });
    expect(expectError(malformed, 400, 'invalid_input').message).toMatch(/suggestionId/);
    expect(await goalCount(person)).toBe(before);
    expect(await suggestion(theirs)).toMatchObject({ accepted: false, goalId: null });
  });

  it('records a plan proposal; accepting it writes the coach and engine on milestones and tasks', async () => {
    const goal = await createGoal(harness, person, { goal: { domain: 'health' } });
    const answer = await breakdown(person, goal.id);
    const id = answer.suggestionId ?? '';
    expect(await suggestion(id)).toEqual({
      kind: 'plan',
      coach: 'health',
      engine: 'anthropic',
      goalId: goal.id,
      accepted: false,
    });

    const response = await acceptPlan(person, goal.id, id);
    expect(response.statusCode, response.body).toBe(201);
    const accepted = acceptPlanResultSchema.parse(response.json());
    expect(await suggestion(id)).toMatchObject({ accepted: true });
    const rows = await queryRows<{ coach: string; engine: string }>(
      harness.database.db,
      sql`select proposed_by_coach as coach, proposed_by as engine from milestones
            where id = ${accepted.milestones[0]?.id}::uuid
          union all
          select proposed_by_coach, proposed_by from tasks where id = ${accepted.tasks[0]?.id}::uuid`,
    );
    expect(rows).toEqual([
      { coach: 'health', engine: 'anthropic' },
      { coach: 'health', engine: 'anthropic' },
    ]);
  });

  it("refuses a plan proposal for another goal (400), a goal proposal (400) and another person's (404)", async () => {
    const goal = await createGoal(harness, person, { goal: { domain: 'health' } });
    const elsewhere = await createGoal(harness, person, { goal: { domain: 'health' } });
    const planFor = (await breakdown(person, elsewhere.id)).suggestionId ?? '';
    const goalProposal = (await refine(person)).suggestionId ?? '';
    const theirGoal = await createGoal(harness, other);
    const theirs = (await breakdown(other, theirGoal.id)).suggestionId ?? '';

    const wrongGoal = expectError(await acceptPlan(person, goal.id, planFor), 400, 'invalid_input');
    expect(wrongGoal.message).toMatch(/another goal/);
    const wrongKind = expectError(
      await acceptPlan(person, goal.id, goalProposal),
      400,
      'invalid_input',
    );
    expect(wrongKind.message).toMatch(/goal proposal, not a plan proposal/);
    expectError(await acceptPlan(person, goal.id, theirs), 404, 'not_found');

    const [written] = await queryRows<{ n: number }>(
      harness.database.db,
      sql`select count(*)::int as n from milestones where goal_id = ${goal.id}::uuid`,
    );
    expect(written?.n).toBe(0);
    expect(await suggestion(theirs)).toMatchObject({ accepted: false });
  });
});
