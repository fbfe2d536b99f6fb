import type { AnswerMeta, ConversationAi, PersonFacts } from '#server/ai/conversation.ts';
import type { Db } from '#server/db/client.ts';
import type { CrisisCheck } from './person-words.ts';

/**
 * The person's own figures for their coach, read from their rows only (person-facts.ts). With
 * `coachId`, the memory is what that coach keeps plus what every coach may use; without it, all of
 * the person's memory (the whole team answering).
 */
export type PersonFactsRead = (db: Db, userId: string, coachId?: string) => Promise<PersonFacts>;

/**
 * What the reflection and "Ask the team" services are given to reach the coach: the conversation's
 * AI interface, the person's own figures, and the per-person limits on AI calls.
 */
export interface CoachCallDeps {
  ai: Pick<ConversationAi, 'reflect' | 'teamConsult'>;
  facts: PersonFactsRead;
  /** Throws a 429 AppError when the person is over their AI limits. */
  limits?: { assertWithinLimits(userId: string): Promise<void> };
  /** The person's current zone (the crisis response names help for its region). */
  timeZone: (userId: string) => Promise<string>;
  checkWords?: CrisisCheck;
}

/**
 * Who answered when the crisis guard stopped a text before any engine: the gateway's own name for
 * the guard (SAFETY_MODEL in server/ai/model-calls.ts), so a stored answer says the same whichever
 * of the two read it first. Written out here: importing it would load the AI SDK at start-up,
 * which the lazy gateway exists to avoid (the reflections' test holds the two equal).
 */
export const GUARD_ANSWER = { engine: 'offline', model: 'trellis-safety-guard' } as const;

/** What a stored answer that is not a crisis response says of who wrote it. */
export function answeredBy(meta: AnswerMeta) {
  return { crisis: false, engine: meta.engine, model: meta.model, notice: meta.notice ?? null };
}
