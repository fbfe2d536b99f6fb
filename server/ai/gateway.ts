import type { z } from 'zod';
import {
  type BreakDownGoalInput,
  type BreakDownGoalOutput,
  breakDownGoalInputSchema,
  breakDownGoalOutputSchema,
  type CoachCallOutcome,
  type CoachEngine,
  type CrisisCategory,
  type CrisisResult,
  type RefineGoalInput,
  type RefineGoalOutput,
  refineGoalInputSchema,
  refineGoalOutputSchema,
} from '#contracts/coach.ts';
import { AppError } from '#server/errors.ts';
import { breakDownGoalOffline } from './offline/break-down-goal.ts';
import { goalDomainOpinion } from './offline/domain-model.ts';
import { refineGoalOffline } from './offline/refine-goal.ts';
import { planProblems, refineProblems } from './plan-rules.ts';
import {
  type AiCallRecord,
  type AiOperation,
  askStructured,
  type Clock,
  engineLabel,
  invalidAnswerFailure,
  type ModelFailure,
  OFFLINE_MODEL,
  type RecordCall,
  resolveEngineModel,
  SAFETY_MODEL,
  thrownFailure,
} from './model-calls.ts';
import { breakDownGoalPrompt, refineGoalPrompt } from './prompts/coach-prompts.ts';
import type { ResolvedModel } from './providers/model.ts';
import { crisisResult, withHealthNote } from './safety.ts';
import { createTextGuard } from './text-guard.ts';
import { type AiSettings, assertAiSettings } from './settings.ts';

/**
 * The one door to any model. Each operation takes and returns the zod contracts in
 * contracts/coach.ts; whichever engine answers, the answer is checked by the same schema and
 * rules before it leaves. The order of things:
 *
 * 1. Crisis language (the offline guard, safety.ts) → help resources, no engine is called.
 * 2. The offline engine (the default) answers directly.
 * 3. A model engine answers through generateText + Output.object. An answer that fails the schema
 *    or the plan rules is sent back once with the problems listed; a second failure, a timeout
 *    (one budget for both attempts) or a provider error → the offline engine answers, with a
 *    notice the UI shows. The model gives a second opinion on safety with every answer
 *    (`safety`): when it flags a crisis the guard missed, help is shown instead of its answer.
 *    Neither can clear what the other flagged: the guard runs first and the model never sees a
 *    flagged text.
 *
 * Every call is recorded once through `recordCall`.
 */

export type { AiCallRecord, Clock };
export { OFFLINE_MODEL, resolveEngineModel, SAFETY_MODEL };

/** What the UI receives: the result and which engine produced it. */
export interface CoachEnvelope<Result> {
  engine: CoachEngine;
  model: string;
  notice?: string;
  result: Result | CrisisResult;
}

export interface AiGatewayDeps {
  settings: AiSettings;
  clock: Clock;
  /** Awaited; the app persists it (ai_calls) and counts it. It should not throw. */
  recordCall: RecordCall;
  /**
   * The person's AI limits (requests a minute, tokens a day), checked after the crisis guard and
   * before any engine; throws AppError('rate_limited') over them.
   */
  assertWithinLimits?: (userId: string) => Promise<void>;
  /** Builds the model for a model engine; tests pass the AI SDK's mock models here. */
  resolveModel?: (settings: AiSettings) => ResolvedModel;
  /** A signal that aborts when the time budget is spent; tests abort one themselves. */
  timeoutSignal?: (ms: number) => AbortSignal;
}

/** Whose call it is, for the record (and the per-person limits that read it). */
export interface AiCallOptions {
  userId: string;
}

export interface AiGateway {
  refineGoal(
    input: RefineGoalInput,
    options?: AiCallOptions,
  ): Promise<CoachEnvelope<RefineGoalOutput>>;
  breakDownGoal(
    input: BreakDownGoalInput,
    options?: AiCallOptions,
  ): Promise<CoachEnvelope<BreakDownGoalOutput>>;
}

interface OperationSpec<Input, Result> {
  name: Extract<AiOperation, 'refineGoal' | 'breakDownGoal'>;
  inputSchema: z.ZodType<Input>;
  outputSchema: z.ZodType<Result>;
  offline: (input: Input) => Result;
  /** Rules beyond the schema; every problem is a sentence a model can act on. */
  problems: (input: Input, result: Result) => string[];
  /**
   * The user's words, for the crisis guard: `fresh` is what they have just typed (always read);
   * `known` the goal and plan texts that come back on every call (read once while unchanged:
   * text-guard.ts).
   */
  userTexts: (input: Input) => { fresh: string[]; known: string[] };
  timeZone: (input: Input) => string;
  prompt: (input: Input) => { system: string; prompt: string };
  /** What every answer carries whoever wrote it (the health note). */
  finish: (input: Input, result: Result) => Result;
}

const refineGoalSpec: OperationSpec<RefineGoalInput, RefineGoalOutput> = {
  name: 'refineGoal',
  inputSchema: refineGoalInputSchema,
  outputSchema: refineGoalOutputSchema,
  // the statement's meaning names the domain when the sentence encoder runs (ADR 033)
  offline: (input) => refineGoalOffline(input, { domainOpinion: goalDomainOpinion }),
  problems: refineProblems,
  userTexts: (input) => ({
    fresh: [input.text, ...(input.answers ?? []).map((a) => a.answer)],
    known: [],
  }),
  timeZone: (input) => input.timeZone,
  prompt: refineGoalPrompt,
  finish: (_input, result) =>
    result.kind === 'smart'
      ? { ...result, notes: withHealthNote(result.notes, result.goal.domain) }
      : result,
};

const breakDownGoalSpec: OperationSpec<BreakDownGoalInput, BreakDownGoalOutput> = {
  name: 'breakDownGoal',
  inputSchema: breakDownGoalInputSchema,
  outputSchema: breakDownGoalOutputSchema,
  offline: breakDownGoalOffline,
  problems: planProblems,
  // The plan so far is the person's words too (they rename tasks and milestones): guarded as well.
  // The goal and the plan come back unchanged on every call, so a text already cleared is not
  // read again; a renamed title is a new text and is read (text-guard.ts).
  userTexts: ({ goal, existingPlan }) => ({
    fresh: [],
    known: [
      goal.title,
      goal.specific,
      goal.why,
      goal.firstStep,
      ...(existingPlan?.milestones ?? []).map((milestone) => milestone.title),
      ...(existingPlan?.tasks ?? []).map((task) => task.title),
    ],
  }),
  timeZone: (input) => input.timeZone,
  prompt: breakDownGoalPrompt,
  finish: (input, result) => ({
    ...result,
    notes: withHealthNote(result.notes, input.goal.domain),
  }),
};

export function createAiGateway(deps: AiGatewayDeps): AiGateway {
  const { settings, clock, recordCall } = deps;
  assertAiSettings(settings);
  const resolveModel = deps.resolveModel ?? resolveEngineModel;
  const timeoutSignal = deps.timeoutSignal ?? ((ms: number) => AbortSignal.timeout(ms));
  const guard = createTextGuard();

  async function run<Input, Result>(
    spec: OperationSpec<Input, Result>,
    rawInput: unknown,
    options: AiCallOptions | undefined,
  ): Promise<CoachEnvelope<Result>> {
    const parsed = spec.inputSchema.safeParse(rawInput);
    if (!parsed.success) {
      throw new AppError('invalid_input', 'The coach request is not valid.', {
        details: parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        })),
      });
    }
    const input = parsed.data;
    const started = clock.now().getTime();
    const tokens = { input: 0, output: 0 };
    const record = (model: string, outcome: CoachCallOutcome, detail?: string) =>
      recordCall({
        userId: options?.userId ?? null,
        operation: spec.name,
        engine: settings.engine,
        model,
        latencyMs: Math.max(0, clock.now().getTime() - started),
        inputTokens: tokens.input,
        outputTokens: tokens.output,
        outcome,
        ...(detail ? { detail } : {}),
      });

    const texts = spec.userTexts(input);
    const crisis = guard.check(texts.fresh, texts.known);
    if (crisis) {
      await record(SAFETY_MODEL, 'crisis', crisis);
      return {
        engine: 'offline',
        model: SAFETY_MODEL,
        result: crisisResult(crisis, spec.timeZone(input)),
      };
    }

    // the person's limits, after the guard: help is never rate-limited
    if (options && deps.assertWithinLimits) await deps.assertWithinLimits(options.userId);

    const offlineAnswer = () => spec.finish(input, spec.offline(input));
    if (settings.engine === 'offline') {
      const result = offlineAnswer();
      await record(OFFLINE_MODEL, 'ok');
      return { engine: 'offline', model: OFFLINE_MODEL, result };
    }

    const label = engineLabel(settings.engine);
    let modelId = settings.model ?? settings.engine;
    type Decision =
      | { answered: true; outcome: 'ok' | 'repaired'; result: Result }
      | { answered: 'crisis'; category: CrisisCategory }
      | ({ answered: false } & ModelFailure);
    let decision: Decision;

    const signal = timeoutSignal(settings.timeoutMs);
    try {
      const resolved = resolveModel(settings);
      modelId = resolved.modelId;
      const { system, prompt } = spec.prompt(input);
      const outcome = await askStructured({
        model: resolved,
        name: spec.name,
        schema: spec.outputSchema,
        system,
        prompt,
        problems: (result) => spec.problems(input, result),
        signal,
        usage: tokens,
      });
      decision =
        outcome.kind === 'crisis'
          ? { answered: 'crisis', category: outcome.category }
          : outcome.kind === 'answer'
            ? {
                answered: true,
                outcome: outcome.repaired ? 'repaired' : 'ok',
                result: outcome.answer,
              }
            : { answered: false, ...invalidAnswerFailure(outcome.detail, label) };
    } catch (error) {
      decision = {
        answered: false,
        ...thrownFailure(error, signal.aborted, label, settings.timeoutMs),
      };
    }

    if (decision.answered === 'crisis') {
      await record(modelId, 'crisis', `model: ${decision.category}`);
      return {
        engine: settings.engine,
        model: modelId,
        result: crisisResult(decision.category, spec.timeZone(input)),
      };
    }
    if (decision.answered) {
      const result = spec.finish(input, decision.result);
      await record(modelId, decision.outcome);
      return { engine: settings.engine, model: modelId, result };
    }
    const result = offlineAnswer();
    await record(modelId, decision.outcome, decision.detail);
    return { engine: 'offline', model: OFFLINE_MODEL, notice: decision.notice, result };
  }

  return {
    refineGoal: (input, options) => run(refineGoalSpec, input, options),
    breakDownGoal: (input, options) => run(breakDownGoalSpec, input, options),
  };
}
