import { z } from 'zod';
import type {
  CoachCallOutcome,
  CoachEngine,
  CrisisCategory,
  CrisisResult,
} from '#contracts/coach.ts';
import type {
  AnswerMeta,
  CallContext,
  CoachPersona,
  CoachReplyInput,
  CoachReplyResult,
  ConversationAi,
  PersonFacts,
  ReflectInput,
  StreamedReply,
  TeamConsultInput,
  TeamConsultResult,
} from './conversation.ts';
import { checkProposal, proposedChangeSchema } from './conversation-proposals.ts';
import { streamModelReply } from './conversation-stream.ts';
import {
  type AiOperation,
  askStructured,
  type Clock,
  engineLabel,
  errorDetail,
  invalidAnswerFailure,
  type ModelFailure,
  OFFLINE_MODEL,
  type RecordCall,
  resolveEngineModel,
  SAFETY_MODEL,
  type StructuredOutcome,
  thrownFailure,
} from './model-calls.ts';
import { checkInOffline, previewOffline } from './offline/conversation/check-in.ts';
import { reflectOffline } from './offline/conversation/reflect.ts';
import { coachReplyOffline } from './offline/conversation/reply.ts';
import { teamConsultOffline } from './offline/conversation/team-consult.ts';
import {
  reflectMessage,
  reflectSystem,
  teamConsultSystem,
} from './prompts/conversation-prompts.ts';
import type { ResolvedModel } from './providers/model.ts';
import { crisisResult } from './safety.ts';
import { type AiSettings, assertAiSettings } from './settings.ts';
import { createTextGuard } from './text-guard.ts';

/**
 * The conversation's door to any engine (ADR 034), built like gateway.ts:
 *
 * 1. The crisis guard reads everything the person wrote first (the message, a reflection, a
 *    question; the persona note, the thread's earlier turns and the titles and memory in the facts
 *    as texts seen before). A flagged text returns the crisis response; no engine is called.
 * 2. The offline engine (offline/conversation/) answers directly; a chat reply streams in words,
 *    so the client reads every engine's reply the same way.
 * 3. A model answers: the chat reply streamed (conversation-stream.ts), the reflection and the
 *    team through generateText + Output.object with the same schemas as the offline answers,
 *    repaired once, then the offline engine with a notice. The model's own safety verdict can
 *    add a crisis, never clear one.
 *
 * Every call is recorded once through `recordCall`, with the person's id.
 */

export interface ConversationGatewayDeps {
  settings: AiSettings;
  clock: Clock;
  recordCall: RecordCall;
  /** Builds the model for a model engine; tests pass the AI SDK's mock models here. */
  resolveModel?: (settings: AiSettings) => ResolvedModel;
  /** A signal that aborts when a time budget is spent; tests abort one themselves. */
  timeoutSignal?: (ms: number) => AbortSignal;
  /**
   * The person's AI limits (requests a minute, tokens a day), checked after the crisis guard and
   * before any engine; throws AppError('rate_limited') over them.
   */
  assertWithinLimits?: (userId: string) => Promise<void>;
}

/** The offline reply in words (each with the spaces after it), as a model's would stream. */
export function wordChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

async function* chunks(parts: readonly string[]): AsyncGenerator<string> {
  for (const part of parts) yield part;
}

/** Everything in the facts the person wrote, for the guard (titles and memory). */
function factTexts(facts: PersonFacts): string[] {
  return [
    ...facts.goals.flatMap((goal) => [goal.title, goal.nextMilestone?.title ?? '']),
    ...facts.topThree.map((task) => task.title),
    ...facts.missed.map((task) => task.title),
    ...facts.upcoming.map((task) => task.title),
    ...facts.memory,
  ];
}

const notes = (coaches: readonly CoachPersona[]) =>
  coaches.map((coach) => coach.personality.personaNote ?? '');

const reflectAnswerSchema = z.object({ text: z.string().trim().min(1).max(6000) });

const teamAnswerSchema = z.object({
  views: z
    .array(z.object({ coachId: z.string(), view: z.string().trim().min(1).max(3000) }))
    .min(1)
    .max(8),
  tradeOffs: z.array(z.string().trim().min(1).max(1000)).max(8),
  suggestion: z.string().trim().min(1).max(3000),
  proposals: z.array(proposedChangeSchema.extend({ coachId: z.string() })).max(3),
});

/** What the team's answer must hold beyond the schema: its coaches and the person's own rows. */
function teamProblems(input: TeamConsultInput, answer: z.infer<typeof teamAnswerSchema>) {
  const team = new Set(input.coaches.map((coach) => coach.id));
  const problems: string[] = [];
  answer.views.forEach((view, index) => {
    if (!team.has(view.coachId)) {
      problems.push(`answer.views.${index}.coachId: ${view.coachId} is not a coach on the team`);
    }
  });
  answer.proposals.forEach((proposal, index) => {
    const label = `answer.proposals.${index}`;
    if (!team.has(proposal.coachId)) {
      problems.push(`${label}.coachId: ${proposal.coachId} is not a coach on the team`);
    }
    const checked = checkProposal(input.facts, proposal, label);
    if ('problem' in checked) problems.push(checked.problem);
  });
  return problems;
}

/** The team's answer with each move's title and date taken from the facts. */
function teamResult(input: TeamConsultInput, answer: z.infer<typeof teamAnswerSchema>) {
  return {
    views: answer.views,
    tradeOffs: answer.tradeOffs,
    suggestion: answer.suggestion,
    proposals: answer.proposals.flatMap((proposal) => {
      const checked = checkProposal(input.facts, proposal, 'proposal');
      return 'ok' in checked ? [{ ...checked.ok, coachId: proposal.coachId }] : [];
    }),
  };
}

interface StructuredSpec<Input, Answer> {
  name: Extract<AiOperation, 'reflect' | 'teamConsult'>;
  schema: z.ZodType<Answer>;
  problems: (input: Input, answer: Answer) => string[];
  system: (input: Input) => string;
  message: (input: Input) => string;
}

type Structured<Answer> =
  (AnswerMeta & { crisis: CrisisResult }) | (AnswerMeta & { crisis?: undefined; answer: Answer });

/** An offline reply as a stream of words, so every engine reaches the person the same way. */
function offlineStream(
  reply: CoachReplyResult,
  notice?: string,
): StreamedReply & { crisis?: undefined } {
  const meta: AnswerMeta = {
    engine: 'offline',
    model: OFFLINE_MODEL,
    ...(notice ? { notice } : {}),
  };
  return {
    ...meta,
    text: chunks(wordChunks(reply.text)),
    result: Promise.resolve({ ...reply, ...meta }),
  };
}

/** What the person reads when a streamed model reply falls back to the offline coach. */
function streamFallbackNotice(
  label: string,
  reason: 'timeout' | 'empty' | 'error',
  timeoutMs: number,
): string {
  if (reason === 'timeout') {
    return `The ${label} model did not start answering within ${Math.round(timeoutMs / 1000)} seconds, so the built-in offline coach answered instead.`;
  }
  if (reason === 'empty') {
    return `The ${label} model sent an empty reply, so the built-in offline coach answered instead.`;
  }
  return `The ${label} model could not be reached, so the built-in offline coach answered instead.`;
}

/** Records one call once it ends: its latency runs from when the recorder was made. */
function callRecorder(
  deps: Pick<ConversationGatewayDeps, 'clock' | 'recordCall'>,
  engine: CoachEngine,
  operation: AiOperation,
  userId: string,
) {
  const started = deps.clock.now().getTime();
  return (
    model: string,
    outcome: CoachCallOutcome,
    usage: { input: number; output: number },
    detail?: string,
  ) =>
    deps.recordCall({
      userId,
      operation,
      engine,
      model,
      latencyMs: Math.max(0, deps.clock.now().getTime() - started),
      inputTokens: usage.input,
      outputTokens: usage.output,
      outcome,
      ...(detail ? { detail } : {}),
    });
}

export function createConversationGateway(deps: ConversationGatewayDeps): ConversationAi {
  const { settings } = deps;
  assertAiSettings(settings);
  const resolveModel = deps.resolveModel ?? resolveEngineModel;
  const timeoutSignal = deps.timeoutSignal ?? ((ms: number) => AbortSignal.timeout(ms));
  const guard = createTextGuard();
  const label = engineLabel(settings.engine);

  const recorder = (operation: AiOperation, userId: string) =>
    callRecorder(deps, settings.engine, operation, userId);

  const NO_TOKENS = { input: 0, output: 0 };
  // the person's limits, after the guard: help is never rate-limited
  const withinLimits = async (userId: string) => deps.assertWithinLimits?.(userId);

  /** The guard's verdict, recorded; null when the words are clear. */
  async function guarded(
    record: ReturnType<typeof recorder>,
    fresh: string[],
    known: string[],
    timeZone: string,
  ): Promise<(AnswerMeta & { crisis: CrisisResult }) | null> {
    const category = guard.check(fresh, known);
    if (!category) return null;
    await record(SAFETY_MODEL, 'crisis', NO_TOKENS, category);
    return { engine: 'offline', model: SAFETY_MODEL, crisis: crisisResult(category, timeZone) };
  }

  async function modelCrisis(
    record: ReturnType<typeof recorder>,
    modelId: string,
    category: CrisisCategory,
    usage: { input: number; output: number },
    timeZone: string,
  ): Promise<AnswerMeta & { crisis: CrisisResult }> {
    await record(modelId, 'crisis', usage, `model: ${category}`);
    return { engine: settings.engine, model: modelId, crisis: crisisResult(category, timeZone) };
  }

  async function coachReply(input: CoachReplyInput, context: CallContext): Promise<StreamedReply> {
    const record = recorder('coachReply', context.userId);
    const crisis = await guarded(
      record,
      [input.message],
      [
        input.coach.personality.personaNote ?? '',
        ...input.history.filter((turn) => turn.author === 'person').map((turn) => turn.text),
        ...factTexts(input.facts),
      ],
      input.facts.timeZone,
    );
    if (crisis) return crisis;
    await withinLimits(context.userId);

    if (settings.engine === 'offline') {
      const reply = coachReplyOffline(input);
      await record(OFFLINE_MODEL, 'ok', NO_TOKENS);
      return offlineStream(reply);
    }

    let modelId = settings.model ?? settings.engine;
    let start: Awaited<ReturnType<typeof streamModelReply>>;
    try {
      const resolved = resolveModel(settings);
      modelId = resolved.modelId;
      start = await streamModelReply(input, context.signal, {
        resolved,
        timeoutMs: settings.timeoutMs,
        timeoutSignal,
      });
    } catch (error: unknown) {
      start = { kind: 'failed', reason: 'error', detail: errorDetail(error), usage: NO_TOKENS };
    }

    if (start.kind === 'crisis') {
      return modelCrisis(record, modelId, start.category, start.usage, input.facts.timeZone);
    }
    if (start.kind === 'failed') {
      if (start.reason === 'stopped') {
        await record(modelId, 'ok', start.usage, 'stopped');
        const meta: AnswerMeta = { engine: settings.engine, model: modelId };
        const empty = { text: '', proposals: [], intent: null, ...meta };
        return { ...meta, text: chunks([]), result: Promise.resolve(empty) };
      }
      const notice = streamFallbackNotice(label, start.reason, settings.timeoutMs);
      await record(
        modelId,
        start.reason === 'error' ? 'error' : 'fallback',
        start.usage,
        start.detail,
      );
      return offlineStream(coachReplyOffline(input), notice);
    }

    const meta: AnswerMeta = { engine: settings.engine, model: modelId };
    // `result` never rejects: the text has reached the person, and the record is best effort
    const result = start.end.then(async (end) => {
      await Promise.resolve(record(modelId, end.outcome, end.usage, end.detail)).catch(
        () => undefined,
      );
      return {
        text: end.text,
        proposals: end.proposals,
        intent: null,
        ...meta,
        ...(end.notice ? { notice: end.notice } : {}),
      };
    });
    return { ...meta, text: start.text, result };
  }

  /** A structured answer from the model, repaired once; null → the caller answers offline. */
  async function structured<Input, Answer>(
    spec: StructuredSpec<Input, Answer>,
    input: Input,
    context: CallContext,
    record: ReturnType<typeof recorder>,
    timeZone: string,
    offline: () => Answer,
  ): Promise<Structured<Answer>> {
    if (settings.engine === 'offline') {
      const answer = offline();
      await record(OFFLINE_MODEL, 'ok', NO_TOKENS);
      return { engine: 'offline', model: OFFLINE_MODEL, answer };
    }
    const usage = { input: 0, output: 0 };
    let modelId = settings.model ?? settings.engine;
    const budget = timeoutSignal(settings.timeoutMs);
    const signal = context.signal ? AbortSignal.any([budget, context.signal]) : budget;
    let outcome: StructuredOutcome<Answer> | null = null;
    let failure: ModelFailure | null = null;
    try {
      const resolved = resolveModel(settings);
      modelId = resolved.modelId;
      outcome = await askStructured({
        model: resolved,
        name: spec.name,
        schema: spec.schema,
        system: spec.system(input),
        prompt: spec.message(input),
        problems: (answer) => spec.problems(input, answer),
        signal,
        usage,
      });
      if (outcome.kind === 'invalid') failure = invalidAnswerFailure(outcome.detail, label);
    } catch (error: unknown) {
      failure = thrownFailure(error, budget.aborted, label, settings.timeoutMs);
    }
    if (outcome?.kind === 'answer') {
      await record(modelId, outcome.repaired ? 'repaired' : 'ok', usage);
      return { engine: settings.engine, model: modelId, answer: outcome.answer };
    }
    if (outcome?.kind === 'crisis') {
      return modelCrisis(record, modelId, outcome.category, usage, timeZone);
    }
    const answer = offline();
    await record(modelId, failure?.outcome ?? 'error', usage, failure?.detail);
    return {
      engine: 'offline',
      model: OFFLINE_MODEL,
      answer,
      ...(failure ? { notice: failure.notice } : {}),
    };
  }

  const reflectSpec: StructuredSpec<ReflectInput, z.infer<typeof reflectAnswerSchema>> = {
    name: 'reflect',
    schema: reflectAnswerSchema,
    problems: () => [],
    system: reflectSystem,
    message: reflectMessage,
  };
  const teamSpec: StructuredSpec<TeamConsultInput, z.infer<typeof teamAnswerSchema>> = {
    name: 'teamConsult',
    schema: teamAnswerSchema,
    problems: teamProblems,
    system: teamConsultSystem,
    message: (input) => input.question,
  };

  return {
    coachReply,

    async reflect(input, context) {
      const record = recorder('reflect', context.userId);
      const crisis = await guarded(
        record,
        [input.text],
        [input.coach.personality.personaNote ?? '', ...factTexts(input.facts)],
        input.facts.timeZone,
      );
      if (crisis) return crisis;
      await withinLimits(context.userId);
      const answer = await structured(
        reflectSpec,
        input,
        context,
        record,
        input.facts.timeZone,
        () => ({
          text: reflectOffline(input),
        }),
      );
      if (answer.crisis) return answer;
      const { answer: result, ...meta } = answer;
      return { ...meta, text: result.text };
    },

    async teamConsult(input, context) {
      const record = recorder('teamConsult', context.userId);
      const crisis = await guarded(
        record,
        [input.question],
        [...notes(input.coaches), ...factTexts(input.facts)],
        input.facts.timeZone,
      );
      if (crisis) return crisis;
      await withinLimits(context.userId);
      const answer = await structured(
        teamSpec,
        input,
        context,
        record,
        input.facts.timeZone,
        () => {
          const offline: TeamConsultResult = teamConsultOffline(input);
          return offline;
        },
      );
      if (answer.crisis) return answer;
      const { answer: result, ...meta } = answer;
      return { ...meta, ...(meta.engine === 'offline' ? result : teamResult(input, result)) };
    },

    preview: (input) => previewOffline(input),
    checkIn: (input) => checkInOffline(input),
  };
}
