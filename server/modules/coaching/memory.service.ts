import { randomUUID } from 'node:crypto';
import { MEMORY_LIMIT, type CoachMemory, type CrisisRefusal } from '#contracts/coaching.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { coachNotFound } from './coaches.service.ts';
import * as repo from './memory.repo.ts';
import { checkPersonWords, crisisIn, type CrisisCheck } from './person-words.ts';
import { findOwnCoach } from './team.repo.ts';

export interface MemoryServiceDeps {
  db: Db;
  clock: () => Date;
  /** The person's current zone (the crisis response names help for its region). */
  timeZone: (userId: string) => Promise<string>;
  checkWords?: CrisisCheck;
}

function toMemory(row: repo.MemoryRow): CoachMemory {
  return {
    id: row.id,
    coachId: row.userCoachId,
    text: row.body,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function memoryNotFound(): AppError {
  return new AppError('not_found', 'You have no memory with this id.');
}

/**
 * What the person tells their coaches to remember (ADR 034): at most MEMORY_LIMIT short facts,
 * for one coach or all of them, read by the crisis guard before they are saved. Another person's
 * memory or coach is a 404.
 */
export function createMemoryService(deps: MemoryServiceDeps) {
  const { db, clock } = deps;
  const checkWords = deps.checkWords ?? checkPersonWords;

  async function refusal(userId: string, text: string): Promise<CrisisRefusal | null> {
    const crisis = crisisIn(checkWords, [text], await deps.timeZone(userId));
    return crisis ? { crisis } : null;
  }

  return {
    async list(userId: string): Promise<{ memories: CoachMemory[] }> {
      return { memories: (await repo.listMemories(db, userId)).map(toMemory) };
    },

    async create(
      userId: string,
      input: { text: string; coachId?: string | null | undefined },
    ): Promise<{ memory: CoachMemory } | CrisisRefusal> {
      const coachId = input.coachId ?? null;
      if (coachId !== null && !(await findOwnCoach(db, userId, coachId))) throw coachNotFound();
      const refused = await refusal(userId, input.text);
      if (refused) return refused;
      return db.transaction(async (tx) => {
        if ((await repo.countMemoriesLocked(tx, userId)) >= MEMORY_LIMIT) {
          throw new AppError(
            'conflict',
            `Your coaches already keep ${MEMORY_LIMIT} memories, the most they can. Delete or edit one to make room.`,
          );
        }
        const now = clock();
        const row = await repo.insertMemory(tx, {
          id: randomUUID(),
          userId,
          userCoachId: coachId,
          body: input.text,
          source: 'person',
          createdAt: now,
          updatedAt: now,
        });
        return { memory: toMemory(row) };
      });
    },

    async update(
      userId: string,
      id: string,
      text: string,
    ): Promise<{ memory: CoachMemory } | CrisisRefusal> {
      if (!(await repo.findMemory(db, userId, id))) throw memoryNotFound();
      const refused = await refusal(userId, text);
      if (refused) return refused;
      const row = await db.transaction((tx) =>
        repo.updateMemory(tx, userId, id, { body: text, updatedAt: clock() }),
      );
      if (!row) throw memoryNotFound();
      return { memory: toMemory(row) };
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await db.transaction((tx) => repo.deleteMemory(tx, userId, id)))) {
        throw memoryNotFound();
      }
    },
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;
