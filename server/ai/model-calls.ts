import type { NoObjectGeneratedError } from 'ai';
import { z } from 'zod';
import {
  type CoachCallOutcome,
  type CoachEngine,
  crisisCategories,
  type CrisisCategory,
} from '#contracts/coach.ts';
import { anthropicModel } from './providers/anthropic.ts';
import type { ResolvedModel } from './providers/model.ts';
import { openAiCompatibleModel } from './providers/openai-compatible.ts';
import { openAiModel } from './providers/openai.ts';
import type { AiSettings } from './settings.ts';

/**
 * What both gateways share (the goal coach's `gateway.ts` and the conversation's
 * `conversation-gateway.ts`): the record of a call, the model names of the offline engine and the
 * guard, the providers, and the reading of a model's safety verdict and invalid answers. Kept out
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
