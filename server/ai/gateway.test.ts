import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import {
  type BreakDownGoalInput,
  breakDownGoalResponseSchema,
  type RefineGoalInput,
  refineGoalResponseSchema,
} from '#contracts/coach.ts';
import { AppError } from '#server/errors.ts';
import {
  type AiCallRecord,
  createAiGateway,
  OFFLINE_MODEL,
  resolveEngineModel,
  SAFETY_MODEL,
} from './gateway.ts';
import { breakDownGoalOffline } from './offline/break-down-goal.ts';
import { refineGoalOffline } from './offline/refine-goal.ts';
import { openAiCompatibleModel } from './providers/openai-compatible.ts';
import { HEALTH_NOTE } from './safety.ts';
import type { AiSettings } from './settings.ts';

type LanguageModelV3CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const usage = {
  inputTokens: { total: 120, noCache: 120, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 80, text: 80, reasoning: 0 },
};

function answer(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage,
    warnings: [],
  };
}

const json = (value: unknown) => JSON.stringify({ answer: value });

/** A text answer, an error to throw, or HANG to wait until aborted. */
type Step = string | Error;
const HANG = 'hang';

/** A mock model that answers each call with the next step. */
function scriptedModel(steps: Step[], onHang?: () => void) {
  const queue = [...steps];
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'mock-model',
    doGenerate: async (options: LanguageModelV3CallOptions) => {
      const step = queue.shift();
      if (step === undefined) throw new Error('The mock model was called more often than scripted');
      if (step instanceof Error) throw step;
      if (step === HANG) {
        return new Promise<LanguageModelV3GenerateResult>((_resolve, reject) => {
          const signal = options.abortSignal;
          signal?.addEventListener('abort', () =>
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')),
          );
          onHang?.();
        });
      }
      return answer(step);
    },
  });
}

/** A clock that moves 250 ms every time it is read, so latency is deterministic and non-zero. */
function steppingClock() {
  let now = Date.UTC(2026, 2, 10, 9);
  return {
    now: () => {
      const value = new Date(now);
      now += 250;
      return value;
    },
  };
}

const refineInput: RefineGoalInput = {
  text: 'Read 12 books by the end of the year',
  today: '2026-03-10',
  timeZone: 'Europe/London',
};

const offlineRefine = refineGoalOffline(refineInput);
if (offlineRefine.kind !== 'smart') throw new Error('fixture: expected a SMART goal');
const goal = offlineRefine.goal;
const modelGoal = {
  kind: 'smart',
  goal: { ...goal, title: 'Read twelve books this year' },
  notes: ['From the model.'],
};

const planInput: BreakDownGoalInput = {
  goal,
  startDate: '2026-03-10',
  weeklyHours: 3,
  timeZone: 'Europe/London',
};
const offlinePlan = breakDownGoalOffline(planInput);
const modelPlan = { ...offlinePlan, notes: ['From the model.'] };

const engines = ['openai', 'anthropic', 'openai-compatible'] as const;

function settingsFor(engine: (typeof engines)[number]): AiSettings {
  return {
    engine,
    apiKey: 'test-key',
    model: engine === 'openai-compatible' ? 'llama3.1' : undefined,
    baseUrl: engine === 'openai-compatible' ? 'http://localhost:11434/v1' : undefined,
    timeoutMs: 20_000,
  };
}

function setup(
  engine: (typeof engines)[number],
  steps: Step[],
  options: { abortOnHang?: boolean } = {},
) {
  const calls: AiCallRecord[] = [];
  const controller = new AbortController();
  const model = scriptedModel(steps, () => {
    if (options.abortOnHang)
      controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
  });
  const settings = settingsFor(engine);
  const gateway = createAiGateway({
    settings,
    clock: steppingClock(),
    recordCall: (record) => {
      calls.push(record);
    },
    // The real provider module builds the model (ids, provider options); the mock answers.
    resolveModel: (s) => ({ ...resolveEngineModel(s), model }),
    timeoutSignal: () => controller.signal,
  });
  return { gateway, model, calls, modelId: resolveEngineModel(settings).modelId };
}

function promptText(call: LanguageModelV3CallOptions | undefined): string {
  return JSON.stringify(call?.prompt ?? []);
}

describe.each(engines)('the %s engine behind the gateway', (engine) => {
  it('returns a valid structured answer and says which engine answered', async () => {
    const { gateway, model, calls, modelId } = setup(engine, [json(modelGoal)]);
    const response = await gateway.refineGoal(refineInput);

    expect(refineGoalResponseSchema.parse(response)).toEqual(response);
    expect(response).toMatchObject({ engine, model: modelId, result: modelGoal });
    expect(response.notice).toBeUndefined();
    const call = model.doGenerateCalls[0];
    expect(call?.responseFormat).toMatchObject({ type: 'json', name: 'refineGoal' });
    expect(JSON.stringify(call?.responseFormat)).toContain('"answer"');
    expect(calls).toEqual([
      {
        userId: null,
        operation: 'refineGoal',
        engine,
        model: modelId,
        latencyMs: 250,
        inputTokens: 120,
        outputTokens: 80,
        outcome: 'ok',
      },
    ]);
  });

  it('sends invalid output back once with the validation errors, then uses the repaired answer', async () => {
    const broken = { ...modelPlan, milestones: modelPlan.milestones.slice(0, 2) };
    const { gateway, model, calls } = setup(engine, [json(broken), json(modelPlan)]);
    const response = await gateway.breakDownGoal(planInput);

    expect(breakDownGoalResponseSchema.parse(response).result).toEqual(modelPlan);
    expect(response.engine).toBe(engine);
    expect(model.doGenerateCalls).toHaveLength(2);
    const repair = promptText(model.doGenerateCalls[1]);
    expect(repair).toContain('answer.milestones');
    expect(repair).toContain('Your answer could not be used');
    expect(calls[0]).toMatchObject({ outcome: 'repaired', inputTokens: 240, outputTokens: 160 });
  });

  it('repairs answers that fit the schema but break the plan rules', async () => {
    const late = {
      ...modelPlan,
      milestones: modelPlan.milestones.map((m, i) =>
        i === 0 ? { ...m, dueDate: '2027-01-01' } : m,
      ),
    };
    const { gateway, model, calls } = setup(engine, [json(late), json(modelPlan)]);
    const response = await gateway.breakDownGoal(planInput);

    expect(response.result).toEqual(modelPlan);
    expect(promptText(model.doGenerateCalls[1])).toContain("is after the goal's deadline");
    expect(calls[0]?.outcome).toBe('repaired');
  });

  it("repairs a SMART goal that dropped the user's activity", async () => {
    const swapped = {
      ...modelGoal,
      goal: {
        ...modelGoal.goal,
        title: 'Make plans with friends',
        specific: 'Meet friends twice a month.',
        metric: { name: 'Meetups', target: 12, unit: 'meetups' },
        firstStep: 'Text a friend.',
      },
    };
    const { gateway, model, calls } = setup(engine, [json(swapped), json(modelGoal)]);
    const response = await gateway.refineGoal(refineInput);

    expect(response.result).toEqual(modelGoal);
    expect(promptText(model.doGenerateCalls[1])).toContain('dropped what the user asked for');
    expect(calls[0]?.outcome).toBe('repaired');
  });

  it('falls back to the offline engine with a notice when the answer is invalid twice', async () => {
    const { gateway, model, calls, modelId } = setup(engine, [
      '{"answer": {"kind": "smart"',
      json({ kind: 'smart' }),
    ]);
    const response = await gateway.refineGoal(refineInput);

    expect(model.doGenerateCalls).toHaveLength(2);
    expect(response).toMatchObject({
      engine: 'offline',
      model: OFFLINE_MODEL,
      result: offlineRefine,
    });
    expect(response.notice).toMatch(
      /did not pass our checks, even after one repair, so the built-in offline coach answered/,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ engine, model: modelId, outcome: 'fallback' });
    expect(calls[0]?.detail).toMatch(/^invalid_output/);
  });

  it('falls back to the offline engine with a notice when the model times out', async () => {
    const { gateway, calls } = setup(engine, [HANG], { abortOnHang: true });
    const response = await gateway.breakDownGoal(planInput);

    expect(response).toMatchObject({
      engine: 'offline',
      model: OFFLINE_MODEL,
      result: offlinePlan,
    });
    expect(response.notice).toBe(
      `The ${engine === 'openai' ? 'OpenAI' : engine === 'anthropic' ? 'Anthropic' : 'OpenAI-compatible'} model did not answer within 20 seconds, so the built-in offline coach answered instead.`,
    );
    expect(calls[0]).toMatchObject({ outcome: 'fallback', detail: 'timeout' });
  });

  it('falls back with a notice when the provider fails', async () => {
    const failure = new APICallError({
      message: 'Service Unavailable',
      url: 'https://example.invalid/v1',
      requestBodyValues: {},
      statusCode: 503,
      isRetryable: false,
    });
    const { gateway, calls } = setup(engine, [failure]);
    const response = await gateway.refineGoal(refineInput);

    expect(response).toMatchObject({ engine: 'offline', result: offlineRefine });
    expect(response.notice).toMatch(/could not be reached/);
    expect(calls[0]).toMatchObject({ outcome: 'error' });
    expect(calls[0]?.detail).toContain('Service Unavailable');
  });

  it('answers crisis language with help resources and never calls the model', async () => {
    const { gateway, model, calls } = setup(engine, [json(modelGoal)]);
    const response = await gateway.refineGoal({
      ...refineInput,
      text: "I don't want to live anymore, what's the point of goals",
    });

    expect(model.doGenerateCalls).toHaveLength(0);
    expect(response.engine).toBe('offline');
    expect(response.model).toBe(SAFETY_MODEL);
    expect(response.result).toMatchObject({ kind: 'crisis', category: 'suicide' });
    expect(calls).toEqual([
      expect.objectContaining({
        outcome: 'crisis',
        detail: 'suicide',
        inputTokens: 0,
        outputTokens: 0,
      }),
    ]);
  });

  it('guards the plan so far too: a task the person renamed reaches no model', async () => {
    const { gateway, model } = setup(engine, [json(offlinePlan)]);
    const response = await gateway.breakDownGoal({
      ...planInput,
      existingPlan: {
        milestones: [],
        tasks: [{ title: 'I want to end my life', milestone: null, status: 'open' }],
      },
    });
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(response.result).toMatchObject({ kind: 'crisis', category: 'suicide' });
  });

  it('asks the model for its own safety verdict, with a safety instruction in the prompt', async () => {
    const { gateway, model } = setup(engine, [json(modelGoal)]);
    await gateway.refineGoal(refineInput);
    const call = model.doGenerateCalls[0];
    expect(JSON.stringify(call?.responseFormat)).toContain('"safety"');
    const system = JSON.stringify(call?.prompt[0]);
    expect(system).toContain('Safety comes first');
    expect(system).toContain('harm_to_others');
  });

  it('shows help instead of the answer when the model flags a crisis the guard missed', async () => {
    const { gateway, model, calls, modelId } = setup(engine, [
      JSON.stringify({ safety: 'eating', answer: modelGoal }),
    ]);
    // Nothing here for the offline guard: the model's second opinion stops coaching.
    const response = await gateway.refineGoal({ ...refineInput, text: 'Get very light by summer' });

    expect(model.doGenerateCalls).toHaveLength(1);
    expect(refineGoalResponseSchema.parse(response)).toEqual(response);
    expect(response).toMatchObject({ engine, model: modelId });
    expect(response.result).toMatchObject({ kind: 'crisis', category: 'eating' });
    expect(calls).toEqual([
      expect.objectContaining({ outcome: 'crisis', detail: 'model: eating', model: modelId }),
    ]);
  });

  it('takes the model’s crisis verdict even when the rest of its answer is invalid', async () => {
    const { gateway, model } = setup(engine, [
      JSON.stringify({ safety: 'abuse', answer: { kind: 'nonsense' } }),
    ]);
    const response = await gateway.refineGoal(refineInput);

    expect(model.doGenerateCalls).toHaveLength(1);
    expect(response.result).toMatchObject({ kind: 'crisis', category: 'abuse' });
  });

  it('lets the model clear nothing: a "none" verdict on a flagged text is never asked for', async () => {
    const { gateway, model } = setup(engine, [
      JSON.stringify({ safety: 'none', answer: modelGoal }),
    ]);
    const response = await gateway.refineGoal({
      ...refineInput,
      text: 'Sleep better',
      answers: [{ questionId: 'why', answer: 'so I can take all my pills and not wake up' }],
    });

    expect(model.doGenerateCalls).toHaveLength(0);
    expect(response.result).toMatchObject({ kind: 'crisis', category: 'suicide' });
  });

  it('answers normally when the model says "none"', async () => {
    const { gateway } = setup(engine, [JSON.stringify({ safety: 'none', answer: modelGoal })]);
    const response = await gateway.refineGoal(refineInput);
    expect(response.result).toEqual(modelGoal);
  });
});

describe('the gateway', () => {
  it('uses the offline engine by default, without tokens', async () => {
    const calls: AiCallRecord[] = [];
    const gateway = createAiGateway({
      settings: { engine: 'offline', timeoutMs: 20_000 },
      clock: steppingClock(),
      recordCall: (record) => void calls.push(record),
    });
    const response = await gateway.breakDownGoal(planInput);
    expect(response).toEqual({ engine: 'offline', model: OFFLINE_MODEL, result: offlinePlan });
    expect(calls).toEqual([
      {
        userId: null,
        operation: 'breakDownGoal',
        engine: 'offline',
        model: OFFLINE_MODEL,
        latencyMs: 250,
        inputTokens: 0,
        outputTokens: 0,
        outcome: 'ok',
      },
    ]);
  });

  it('records whose call it was and checks their limits after the guard', async () => {
    const calls: AiCallRecord[] = [];
    const checked: string[] = [];
    const gateway = createAiGateway({
      settings: { engine: 'offline', timeoutMs: 20_000 },
      clock: steppingClock(),
      recordCall: (record) => void calls.push(record),
      assertWithinLimits: async (userId) => void checked.push(userId),
    });
    await gateway.refineGoal(refineInput, { userId: 'person-1' });
    expect(checked).toEqual(['person-1']);
    expect(calls[0]).toMatchObject({ userId: 'person-1', operation: 'refineGoal' });
    // help is never limited: the guard answers before the limits are read
    await gateway.refineGoal(
      { ...refineInput, text: "I don't want to live anymore" },
      { userId: 'person-1' },
    );
    expect(checked).toEqual(['person-1']);
  });

  it('reads an unchanged plan once, and still stops at a task renamed to crisis words', async () => {
    const gateway = createAiGateway({
      settings: { engine: 'offline', timeoutMs: 20_000 },
      clock: steppingClock(),
      recordCall: () => undefined,
    });
    const existingPlan = {
      milestones: offlinePlan.milestones.map((m) => ({
        title: m.title,
        dueDate: m.dueDate,
        done: false,
      })),
      tasks: offlinePlan.tasks.map((t) => ({
        title: t.title,
        milestone: null,
        status: 'open' as const,
      })),
    };
    const first = await gateway.breakDownGoal({ ...planInput, existingPlan });
    const again = await gateway.breakDownGoal({ ...planInput, existingPlan });
    expect(again).toEqual(first);
    expect(first.result).not.toMatchObject({ kind: 'crisis' });
    const renamed = {
      ...existingPlan,
      tasks: [
        ...existingPlan.tasks,
        { title: 'I want to end my life', milestone: null, status: 'open' as const },
      ],
    };
    const response = await gateway.breakDownGoal({ ...planInput, existingPlan: renamed });
    expect(response.result).toMatchObject({ kind: 'crisis', category: 'suicide' });
  });

  it('adds the not-medical-advice note to a health goal a model wrote without it', async () => {
    const health = refineGoalOffline({
      text: 'Run a 10K by the end of June',
      today: '2026-03-10',
      timeZone: 'Europe/Paris',
    });
    if (health.kind !== 'smart') throw new Error('expected a SMART goal');
    const fromModel = { ...health, notes: [] };
    const { gateway } = setup('openai', [json(fromModel)]);
    const response = await gateway.refineGoal({
      text: 'Run a 10K by the end of June',
      today: '2026-03-10',
      timeZone: 'Europe/Paris',
    });
    expect(response.result).toMatchObject({ kind: 'smart', notes: [HEALTH_NOTE] });
  });

  it('asks OpenAI for non-strict JSON schema output (our contracts have optional fields)', async () => {
    const { gateway, model } = setup('openai', [json(modelGoal)]);
    await gateway.refineGoal(refineInput);
    expect(model.doGenerateCalls[0]?.providerOptions).toEqual({
      openai: { strictJsonSchema: false },
    });
  });

  it('times out through AbortSignal.timeout when no signal is injected', async () => {
    const calls: AiCallRecord[] = [];
    const model = scriptedModel([HANG]);
    const gateway = createAiGateway({
      settings: { engine: 'anthropic', apiKey: 'k', timeoutMs: 30 },
      clock: steppingClock(),
      recordCall: (record) => void calls.push(record),
      resolveModel: () => ({ model, modelId: 'claude-test' }),
    });
    const response = await gateway.refineGoal(refineInput);
    expect(response.engine).toBe('offline');
    expect(calls[0]).toMatchObject({
      outcome: 'fallback',
      detail: 'timeout',
      model: 'claude-test',
    });
  });

  it('rejects settings an engine cannot work with', () => {
    const base = { clock: steppingClock(), recordCall: () => undefined };
    expect(() =>
      createAiGateway({ ...base, settings: { engine: 'openai', timeoutMs: 1000 } }),
    ).toThrow(/apiKey is required/);
    expect(() =>
      createAiGateway({ ...base, settings: { engine: 'openai-compatible', timeoutMs: 1000 } }),
    ).toThrow(/baseUrl is required.*model is required/);
  });

  it('rejects an invalid request with invalid_input before any engine runs', async () => {
    const gateway = createAiGateway({
      settings: { engine: 'offline', timeoutMs: 1000 },
      clock: steppingClock(),
      recordCall: () => undefined,
    });
    const error = await gateway
      .refineGoal({ ...refineInput, today: '10/03/2026' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'invalid_input' });
  });

  it('talks to an OpenAI-compatible server with a JSON schema response format (Ollama wire format)', async () => {
    const requests: Array<{ url: string; body: Record<string, unknown> }> = [];
    const fakeFetch: typeof fetch = async (url, init) => {
      requests.push({
        url: url instanceof Request ? url.url : url.toString(),
        body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
          string,
          unknown
        >,
      });
      return new Response(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1_770_000_000,
          model: 'llama3.1',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: json(modelGoal) },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 321, completion_tokens: 123, total_tokens: 444 },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    };
    const calls: AiCallRecord[] = [];
    const gateway = createAiGateway({
      settings: settingsFor('openai-compatible'),
      clock: steppingClock(),
      recordCall: (record) => void calls.push(record),
      resolveModel: (s) => openAiCompatibleModel(s, fakeFetch),
    });
    const response = await gateway.refineGoal(refineInput);

    expect(response).toMatchObject({
      engine: 'openai-compatible',
      model: 'llama3.1',
      result: modelGoal,
    });
    expect(requests[0]?.url).toBe('http://localhost:11434/v1/chat/completions');
    expect(requests[0]?.body).toMatchObject({
      model: 'llama3.1',
      response_format: { type: 'json_schema' },
    });
    expect(calls[0]).toMatchObject({ outcome: 'ok', inputTokens: 321, outputTokens: 123 });
  });
});
