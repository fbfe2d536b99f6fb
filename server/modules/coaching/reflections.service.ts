import { randomUUID } from 'node:crypto';
import type { CoachingPageQuery, Reflection, ReflectionRequest } from '#contracts/coaching.ts';
import type { CrisisResult } from '#contracts/coach.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { keysetPage } from '#server/http/page-cursor.ts';
import { answeredBy, GUARD_ANSWER, type CoachCallDeps } from './coach-calls.ts';
import { coachNotFound } from './coaches.service.ts';
import { checkPersonWords, crisisIn, crisisMarkdown } from './person-words.ts';
import * as repo from './reflections.repo.ts';
import { findOwnCoach, listTeam, personaOf, type UserCoachRow } from './team.repo.ts';

export interface ReflectionsServiceDeps extends CoachCallDeps {
  db: Db;
  clock: () => Date;
  /** The person's local date today (their day contract). */
  today: (userId: string) => Promise<string>;
}

const PAGE_SIZE = 20;

function toReflection(row: repo.ReflectionRecord): Reflection {
  return {
    id: row.id,
    period: row.period,
    localDate: row.localDate,
    text: row.body,
    mood: row.mood,
    coachId: row.userCoachId,
    coachName: row.coachName,
    reply: row.reply,
    crisis: row.crisis,
    engine: row.engine,
    model: row.model,
    notice: row.notice,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Daily and weekly reflections (ADR 034): the person writes how it went, their coach answers in
 * its tone from their own figures, and both are kept for /history. Crisis language gets the help
 * response as the reply (stored, marked `crisis`), before any limit or engine: help is never
 * rate-limited.
 */
export function createReflectionsService(deps: ReflectionsServiceDeps) {
  const { db, clock } = deps;
  const checkWords = deps.checkWords ?? checkPersonWords;

  /** The given own coach (404 when not theirs), else the first on the team, else none. */
  async function answeringCoach(userId: string, coachId: string | undefined) {
    if (coachId !== undefined) {
      const row = await findOwnCoach(db, userId, coachId);
      if (!row) throw coachNotFound();
      // A human coach answers in person, in the conversation (ADR 035): no engine speaks as them.
      if (row.coachUserId) {
        throw new AppError(
          'invalid_input',
          `${row.name} answers in person: write to them in your conversation, or reflect with one of your AI coaches.`,
        );
      }
      return row;
    }
    return (await listTeam(db, userId))[0] ?? null;
  }

  async function store(
    userId: string,
    coach: UserCoachRow | null,
    input: ReflectionRequest,
    answer: {
      reply: string;
      crisis: boolean;
      engine: Reflection['engine'];
      model: string;
      notice: string | null;
    },
  ): Promise<Reflection> {
    const localDate = await deps.today(userId);
    const row = await db.transaction((tx) =>
      repo.insertReflection(tx, {
        id: randomUUID(),
        userId,
        userCoachId: coach?.id ?? null,
        period: input.period,
        localDate,
        body: input.text,
        mood: input.mood ?? null,
        ...answer,
        createdAt: clock(),
      }),
    );
    return toReflection({ ...row, coachName: coach?.name ?? null });
  }

  const crisisAnswer = (
    crisis: CrisisResult,
    meta: { engine: Reflection['engine']; model: string },
  ) => ({
    reply: crisisMarkdown(crisis),
    crisis: true,
    engine: meta.engine,
    model: meta.model,
    notice: null,
  });

  return {
    async create(userId: string, input: ReflectionRequest): Promise<Reflection> {
      const coach = await answeringCoach(userId, input.coachId);
      const crisis = crisisIn(checkWords, [input.text], await deps.timeZone(userId));
      if (crisis) return store(userId, coach, input, crisisAnswer(crisis, GUARD_ANSWER));
      if (!coach) {
        throw new AppError(
          'conflict',
          'Add a coach to your team first: your coach is the one who answers a reflection.',
        );
      }
      await deps.limits?.assertWithinLimits(userId);
      const facts = await deps.facts(db, userId, coach.id);
      const answer = await deps.ai.reflect(
        {
          coach: personaOf(coach),
          facts,
          period: input.period,
          text: input.text,
          mood: input.mood ?? null,
        },
        { userId },
      );
      if (answer.crisis) return store(userId, coach, input, crisisAnswer(answer.crisis, answer));
      return store(userId, coach, input, {
        reply: answer.text,
        ...answeredBy(answer),
      });
    },

    async list(
      userId: string,
      query: CoachingPageQuery,
    ): Promise<{ reflections: Reflection[]; nextCursor: string | null }> {
      const { page, nextCursor } = await keysetPage(
        { limit: query.limit ?? PAGE_SIZE, cursor: query.cursor },
        (window) => repo.listReflections(db, userId, window),
        (row) => ({ at: row.createdAt, id: row.id }),
      );
      return { reflections: page.map(toReflection), nextCursor };
    },
  };
}

export type ReflectionsService = ReturnType<typeof createReflectionsService>;
