import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  breakDownGoalResponseSchema,
  refineGoalResponseSchema,
  type CoachEngine,
} from '#contracts/coach.ts';
import { goalDetailSchema } from '#contracts/goals.ts';
import { breakdownResponseSchema } from '#contracts/plan.ts';
import { createAiGateway, type AiCallRecord } from '#server/ai/gateway.ts';
import type { TestUser } from '#server/test/users.ts';
import {
  createGoal,
  smartGoal,
  startPlanningApp,
  type PlanningTestApp,
} from '#server/modules/goals/test-support.ts';

// The coach routes with a model engine behind the gateway (the gateway's own tests cover each
// engine in depth): the answer says which engine answered, a failure falls back to the offline
// engine with a notice, and nothing is written either way.

const START = '2025-03-03T09:00:00.000Z';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

function answer(value: unknown): GenerateResult {
  return {
    content: [{ type: 'text', text: JSON.stringify({ answer: value }) }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 50, text: 50, reasoning: 0 },
    },
    warnings: [],
  };
}

describe.each<[CoachEngine, string]>([
  ['openai', 'gpt-test'],
  ['anthropic', 'claude-test'],
  ['openai-compatible', 'llama-test'],
])('coach routes with the %s engine', (engine, modelId) => {
  let harness: PlanningTestApp;
  let user: TestUser;
  const calls: AiCallRecord[] = [];
  // Each test queues what the model answers next; an Error is thrown by the model.
  const script: Array<unknown> = [];
  // What the model was asked, newest last.
  const prompts: string[] = [];

  beforeAll(async () => {
    const model = new MockLanguageModelV3({
      provider: 'mock',
      modelId,
      doGenerate: async (options) => {
        prompts.push(JSON.stringify(options.prompt));
        const step = script.shift();
        if (step === undefined)
          throw new Error('The mock model was called more often than scripted');
        if (step instanceof Error) throw step;
        return answer(step);
      },
    });
    const clock = { now: () => new Date(START) };
    harness = await startPlanningApp(START, {
      ai: createAiGateway({
        settings: {
          engine,
          model: modelId,
          apiKey: 'test-key',
          baseUrl: 'http://127.0.0.1:9/v1',
          timeoutMs: 5_000,
        },
        clock,
        recordCall: (record) => {
          calls.push(record);
        },
        resolveModel: () => ({ model, modelId }),
      }),
    });
    user = await harness.user('Europe/Paris');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refine-goal: the model answers and the envelope names it', async () => {
    const proposed = smartGoal({ title: 'Model goal', deadline: '2025-07-01' });
    script.push({ kind: 'smart', goal: proposed, notes: ['A steady pace.'] });
    const response = await harness.call(user, 'POST', '/api/coach/refine-goal', {
      text: 'I want to run a 10k',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = refineGoalResponseSchema.parse(response.json());
    expect(body).toMatchObject({ engine, model: modelId });
    expect(body.notice).toBeUndefined();
    if (body.result.kind !== 'smart')
      throw new Error(`expected a SMART goal, got ${body.result.kind}`);
    expect(body.result.goal.title).toBe('Model goal');
    expect(calls.at(-1)).toMatchObject({ operation: 'refineGoal', engine, outcome: 'ok' });

    // The user accepts it: the goal remembers which engine proposed it.
    const goal = await createGoal(harness, user, {
      goal: body.result.goal,
      proposedBy: body.engine,
    });
    expect(goal.proposedBy).toBe(engine);
  });

  it('breakdown: a failing model falls back to the offline engine with a notice; nothing is written', async () => {
    const goal = await createGoal(harness, user, { goal: { title: 'Fallback' } });
    script.push(new Error('provider is down'));
    const response = await harness.call(user, 'POST', `/api/goals/${goal.id}/breakdown`, {});
    expect(response.statusCode, response.body).toBe(200);
    const body = breakDownGoalResponseSchema.parse(response.json());
    expect(body.engine).toBe('offline');
    expect(body.notice).toMatch(/offline/i);
    expect(body.result.kind).toBe('plan');
    const detail = goalDetailSchema.parse(
      (await harness.call(user, 'GET', `/api/goals/${goal.id}`)).json(),
    );
    expect(detail.milestones).toEqual([]);
    expect(detail.tasks).toEqual([]);
  });

  it('plan more: the model is given the plan so far, and what it repeats is left out', async () => {
    const goal = await createGoal(harness, user, { goal: { title: 'Model plan more' } });
    const accepted = await harness.call(user, 'POST', `/api/goals/${goal.id}/plan`, {
      milestones: [{ title: 'Base', description: 'Run 5 km.', dueDate: '2025-03-30' }],
      tasks: [
        { title: 'Easy run', milestoneIndex: 0, scheduledDate: '2025-03-04', estimatedMinutes: 30 },
      ],
      proposedBy: engine,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    // The model repeats the plan (as models do) and adds one task to it and two milestones.
    script.push({
      kind: 'plan',
      milestones: [
        { title: 'Base', description: 'Run 5 km.', dueDate: '2025-03-30' },
        { title: 'Build', description: 'Run 8 km.', dueDate: '2025-04-27' },
        { title: 'Race', description: 'Run 10 km.', dueDate: '2025-06-29' },
      ],
      tasks: [
        { title: 'Easy run', milestoneIndex: 0, scheduledDate: '2025-03-04', estimatedMinutes: 30 },
        { title: 'Hill run', milestoneIndex: 0, scheduledDate: '2025-03-06', estimatedMinutes: 30 },
        { title: 'Long run', milestoneIndex: 1, scheduledDate: '2025-04-01', estimatedMinutes: 60 },
      ],
      notes: ['Built on your plan.'],
    });
    const response = await harness.call(user, 'POST', `/api/goals/${goal.id}/breakdown`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(prompts.at(-1)).toContain('existingPlan');
    expect(prompts.at(-1)).toContain('Easy run');
    const body = breakdownResponseSchema.parse(response.json());
    if (body.result.kind !== 'plan') throw new Error('expected a plan');
    const base = goalDetailSchema.parse(
      (await harness.call(user, 'GET', `/api/goals/${goal.id}`)).json(),
    ).milestones[0];
    expect(body.result.milestones.map((m) => [m.title, m.existingId])).toEqual([
      ['Base', base?.id],
      ['Build', undefined],
      ['Race', undefined],
    ]);
    expect(body.result.tasks.map((t) => [t.title, t.milestoneIndex])).toEqual([
      ['Hill run', 0],
      ['Long run', 1],
    ]);
    expect(body.result.alreadyInPlan).toBe(2);
  });

  it('crisis language stops coaching before any engine is called', async () => {
    const before = script.length;
    const response = await harness.call(user, 'POST', '/api/coach/refine-goal', {
      text: 'I want to kill myself',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = refineGoalResponseSchema.parse(response.json());
    expect(body.result.kind).toBe('crisis');
    expect(script.length).toBe(before);
  });
});
