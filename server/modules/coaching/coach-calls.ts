import type { ConversationAi, PersonFacts } from '#server/ai/conversation.ts';
import { SAFETY_MODEL } from '#server/ai/gateway.ts';
import type { Db } from '#server/db/client.ts';
import type { CrisisCheck } from './person-words.ts';

/**
 * What the reflection and "Ask the team" services are given to reach the coach: the conversation's
 * AI interface, the person's own figures, and the per-person limits on AI calls.
 */
export interface CoachCallDeps {
  ai: Pick<ConversationAi, 'reflect' | 'teamConsult'>;
  /** The person's own figures, read from their rows only (person-facts.ts). */
  facts: (db: Db, userId: string) => Promise<PersonFacts>;
  /** Throws a 429 AppError when the person is over their AI limits. */
  limits?: { assertWithinLimits(userId: string): Promise<void> };
  /** The person's current zone (the crisis response names help for its region). */
  timeZone: (userId: string) => Promise<string>;
  checkWords?: CrisisCheck;
}

/**
 * Who answered when the crisis guard stopped a text before any engine: the gateway's own name for
 * the guard, so a stored answer says the same whichever of the two read it first.
 */
export const GUARD_ANSWER = { engine: 'offline', model: SAFETY_MODEL } as const;
