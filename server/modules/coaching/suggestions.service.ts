import { randomUUID } from 'node:crypto';
import type { CoachDomain, CoachEngine, CoachSuggestionKind } from '#contracts/coach.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import * as repo from './suggestions.repo.ts';

/** Who proposed a goal, milestone or task: the coach (a domain) and the engine that answered. */
export interface Attribution {
  coach: CoachDomain;
  engine: CoachEngine;
}

const KIND_NAMES: Record<CoachSuggestionKind, string> = {
  goal: 'a goal proposal',
  plan: 'a plan proposal',
  chat_proposal: 'a chat proposal',
};

function wrongSuggestion(message: string): AppError {
  const path = 'body.suggestionId';
  return new AppError('invalid_input', `${path}: ${message}`, { details: [{ path, message }] });
}

/**
 * The record of what the coach proposed (ADR 030): written when a coach endpoint answers with a
 * proposal, marked accepted in the transaction that creates what the person accepted. The goals
 * module calls `claim` and `markAccepted` with its transaction; a suggestion is only ever the
 * caller's own (another person's id is a 404, as an unknown one is).
 */
export function createSuggestionsService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;
  return {
    /**
     * Records a proposal the coach has just made; the answer carries the returned id. `tx` writes
     * it in the caller's transaction (a chat reply stores its proposals with it).
     */
    async record(
      userId: string,
      suggestion: Attribution & {
        kind: CoachSuggestionKind;
        localDate: string;
        goalId: string | null;
      },
      tx: Db = db,
    ): Promise<string> {
      const id = randomUUID();
      await repo.insertSuggestion(tx, { id, userId, ...suggestion, createdAt: clock() });
      return id;
    },

    /**
     * Checks, with the row locked, that `id` is the person's suggestion of `kind` (a plan's for
     * `goalId`; a goal proposal not yet used to create a goal) and answers who proposed it.
     */
    async claim(
      tx: Db,
      userId: string,
      id: string,
      use: { kind: 'goal' } | { kind: 'plan'; goalId: string } | { kind: 'chat_proposal' },
    ): Promise<Attribution> {
      const row = await repo.findSuggestionForUpdate(tx, userId, id);
      if (!row)
        throw new AppError('not_found', 'No coach proposal of yours has this suggestionId.');
      if (row.kind !== use.kind) {
        throw wrongSuggestion(`is ${KIND_NAMES[row.kind]}, not ${KIND_NAMES[use.kind]}`);
      }
      if (use.kind === 'plan' && row.goalId !== use.goalId) {
        throw wrongSuggestion('is the plan proposed for another goal');
      }
      if (use.kind === 'goal' && row.acceptedAt !== null) {
        throw new AppError(
          'conflict',
          'A goal was already created from this coach proposal: open it from your goals.',
        );
      }
      if (use.kind === 'chat_proposal' && row.acceptedAt !== null) {
        throw new AppError('conflict', 'This coach proposal was already accepted.');
      }
      return { coach: row.coach, engine: row.engine };
    },

    /**
     * Marks a claimed suggestion accepted, for the goal it created or planned (null: a chat
     * proposal keeps the goal it was made for).
     */
    async markAccepted(tx: Db, id: string, goalId: string | null): Promise<void> {
      await repo.markAccepted(tx, id, goalId, clock());
    },
  };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
