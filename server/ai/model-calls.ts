import { generateText, type ModelMessage, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import {
  type CoachCallOutcome,
  type CoachEngine,
  crisisCategories,
  type CrisisCategory,
} from '#contracts/coach.ts';
import { repairPrompt } from './prompts/coach-prompts.ts';
import { anthropicModel } from './providers/anthropic.ts';
import type { ResolvedModel } from './providers/model.ts';
import { openAiCompatibleModel } from './providers/openai-compatible.ts';
import { openAiModel } from './providers/openai.ts';
import type { AiSettings } from './settings.ts';

/**
 * What both gateways share (the goal coach's `gateway.ts` and the conversation's
 * `conversation-gateway.ts`): the record of a call, the model names of the offline engine and the
 * guard, the providers, the reading of a model's safety verdict and invalid answers, and the structured
 * call itself (ask, check, repair once: `askStructured`). Kept out
 * of gateway.ts so the conversation does not load the goal engine's language tools.
 */

export const OFFLINE_MODEL = 'trellis-offline-1';
export const SAFETY_MODEL = 'trellis-safety-guard';

export interface Clock {
  now(): Date;
}

export type AiOperation = 'refineGoal' | 'breakDownGoal' | 'coachReply' | 'reflect' | 'teamConsult';

export interface AiCallRecord {
  /** Whose call it was (the per-person limits read it); null for a call no person made. */
  userId: string | null;
  operation: AiOperation;
  /** The configured engine, i.e. the one that was tried (the envelope says who answered). */
  engine: CoachEngine;
  model: string;
  latencyMs: number;
  inputTokens: number;
  outputTokens: number;
  outcome: CoachCallOutcome;
  /** Why it fell back or failed (timeout, invalid_output, the provider's message), or the crisis category. */
  detail?: string;
}

/** Awaited by the gateways; the app persists it (ai_calls) and counts it (/metrics). It should not throw. */
export type RecordCall = (record: AiCallRecord) => void | Promise<void>;

const ENGINE_LABELS: Record<CoachEngine, string> = {
  offline: 'offline',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
};

/** The engine's name as the notices write it ("The OpenAI model …"). */
export function engineLabel(engine: CoachEngine): string {
  return ENGINE_LABELS[engine];
}

/** The real provider for a model engine (the default `resolveModel`). */
export function resolveEngineModel(settings: AiSettings): ResolvedModel {
  switch (settings.engine) {
    case 'openai':
      return openAiModel(settings);
    case 'anthropic':
      return anthropicModel(settings);
    case 'openai-compatible':
      return openAiCompatibleModel(settings);
    case 'offline':
      throw new Error('The offline engine has no model');
  }
}

/** The model's safety verdict: "none" or a crisis category. */
export const modelSafetySchema = z.enum(['none', ...crisisCategories]);

export function flaggedCategory(value: unknown): CrisisCategory | null {
  const parsed = modelSafetySchema.safeParse(value);
  return parsed.success && parsed.data !== 'none' ? parsed.data : null;
}

/** The `safety` field of a JSON answer that failed the schema, if it can be read at all. */
export function safetyInText(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 'safety' in value
      ? value.safety
      : undefined;
  } catch {
    return undefined;
  }
}

/** Zod issues (or whatever the SDK wrapped) as sentences for the repair prompt. */
export function describeInvalidOutput(error: NoObjectGeneratedError): string[] {
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 4 && cause; depth += 1) {
    if (cause instanceof z.ZodError) {
      return cause.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  const reason = error.cause instanceof Error ? error.cause.message : error.message;
  return [`The answer was not valid JSON for the schema: ${reason.slice(0, 300)}`];
}

export function errorDetail(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.slice(0, 300);
}

/** Tokens a call has spent so far; `askStructured` adds to it, whatever the call's end. */
export interface TokenUsage {
  input: number;
  output: number;
}

export interface StructuredCall<Answer> {
  model: ResolvedModel;
  /** The name of the structured output (the operation's). */
  name: string;
  /** The answer's schema; the model's safety verdict is asked for beside it. */
  schema: z.ZodType<Answer>;
  system: string;
  prompt: string;
  /** Rules beyond the schema; every problem is a sentence a model can act on. */
  problems: (answer: Answer) => string[];
  /** Aborts the call (the time budget, or the person leaving). */
  signal: AbortSignal;
  usage: TokenUsage;
}

/** How a structured call ended, when the model answered at all. */
export type StructuredOutcome<Answer> =
  | { kind: 'answer'; answer: Answer; repaired: boolean }
  | { kind: 'crisis'; category: CrisisCategory }
  | { kind: 'invalid'; problems: string[]; detail: string };

type Attempt<Answer> =
  | { ok: true; answer: Answer }
  | { ok: false; text: string; problems: string[] }
  | { ok: 'crisis'; category: CrisisCategory };

/**
 * Asks a model for a structured answer, checks it against the schema and the rules, and sends a
 * failing one back once with its problems listed: the answer (`repaired` when the second attempt
 * passed), the model's crisis verdict (it counts even on an answer that broke the schema), or the
 * second attempt's problems. Throws on a provider error or a timeout (`signal` aborted).
 */
export async function askStructured<Answer>(
  call: StructuredCall<Answer>,
): Promise<StructuredOutcome<Answer>> {
  const { model: resolved, signal, usage } = call;
  // Wrapped in an object because some providers' structured output wants an object at the root
  // (and an answer may be a union); `safety` is the model's own crisis check.
  const schema = z.object({ safety: modelSafetySchema.optional(), answer: call.schema });
  const addUsage = (spent: { inputTokens?: number; outputTokens?: number } | undefined) => {
    usage.input += spent?.inputTokens ?? 0;
    usage.output += spent?.outputTokens ?? 0;
  };
  const attempt = async (messages: ModelMessage[]): Promise<Attempt<Answer>> => {
    try {
      const response = await generateText({
        model: resolved.model,
        system: call.system,
        messages,
        output: Output.object({ schema, name: call.name }),
        abortSignal: signal,
        maxRetries: 1,
        ...(resolved.providerOptions ? { providerOptions: resolved.providerOptions } : {}),
      });
      addUsage(response.usage);
      const flagged = flaggedCategory(response.output.safety);
      if (flagged) return { ok: 'crisis', category: flagged };
      const answer = response.output.answer;
      const problems = call.problems(answer);
      return problems.length === 0
        ? { ok: true, answer }
        : { ok: false, text: response.text, problems };
    } catch (error: unknown) {
      if (!NoObjectGeneratedError.isInstance(error) || signal.aborted) throw error;
      addUsage(error.usage);
      // An answer that breaks the schema can still carry the model's safety verdict.
      const flagged = flaggedCategory(safetyInText(error.text));
      if (flagged) return { ok: 'crisis', category: flagged };
      return { ok: false, text: error.text ?? '', problems: describeInvalidOutput(error) };
    }
  };

  const question: ModelMessage = { role: 'user', content: call.prompt };
  const first = await attempt([question]);
  const second =
    first.ok === false
      ? await attempt([
          question,
          { role: 'assistant', content: first.text || '(no answer)' },
          { role: 'user', content: repairPrompt(first.problems) },
        ])
      : first;
  if (second.ok === true) return { kind: 'answer', answer: second.answer, repaired: !first.ok };
  if (second.ok === 'crisis') return { kind: 'crisis', category: second.category };
  return {
    kind: 'invalid',
    problems: second.problems,
    detail: `invalid_output: ${second.problems.slice(0, 3).join(' | ')}`.slice(0, 300),
  };
}

/** Why a model answer did not reach the person, and what the notice tells them. */
export interface ModelFailure {
  outcome: 'fallback' | 'error';
  detail: string;
  notice: string;
}

/** A structured answer that failed the checks twice: the offline coach answers instead. */
export function invalidAnswerFailure(detail: string, label: string): ModelFailure {
  return {
    outcome: 'fallback',
    detail,
    notice: `The ${label} model's answer did not pass our checks, even after one repair, so the built-in offline coach answered instead.`,
  };
}

/** A structured call that threw: a timeout (the budget ran out) or a provider error. */
export function thrownFailure(
  error: unknown,
  timedOut: boolean,
  label: string,
  timeoutMs: number,
): ModelFailure {
  return timedOut
    ? {
        outcome: 'fallback',
        detail: 'timeout',
        notice: `The ${label} model did not answer within ${Math.round(timeoutMs / 1000)} seconds, so the built-in offline coach answered instead.`,
      }
    : {
        outcome: 'error',
        detail: errorDetail(error),
        notice: `The ${label} model could not be reached, so the built-in offline coach answered instead.`,
      };
}
