import type {
  CoachEffectiveness,
  CoachEffectivenessQuery,
} from '#contracts/coach-effectiveness.ts';
import { addDays } from '#contracts/local-date.ts';
import type { Db } from '#server/db/client.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import * as repo from './coach-effectiveness.repo.ts';
import { effectivenessByCoach, effectivenessByEngine } from './coach-figures.ts';

/**
 * /analytics/coach-effectiveness (ADR 030): per coach and per engine, the suggestions made, how
 * many were accepted, how the accepted tasks went and how far the coach-guided goals are. Reads
 * the coach's record and the attribution through its own repo, scoped to the caller; writes nothing.
 */
export function createCoachEffectivenessService(deps: {
  db: Db;
  profile: Pick<ProfileService, 'day'>;
}) {
  const { db, profile } = deps;
  return {
    async coachEffectiveness(
      userId: string,
      query: Required<CoachEffectivenessQuery>,
    ): Promise<CoachEffectiveness> {
      const days = Number(query.days);
      const { localDate: today, timeZone } = await profile.day(userId);
      const from = addDays(today, 1 - days);
      const [suggestions, tasks, goals] = await Promise.all([
        repo.suggestionCounts(db, userId, from, today),
        repo.attributedTasks(db, userId, from, today),
        repo.guidedGoals(db, userId),
      ]);
      const rows = { suggestions, tasks, goals };
      return {
        localDate: today,
        timeZone,
        days,
        from,
        byCoach: effectivenessByCoach(rows),
        byEngine: effectivenessByEngine(rows),
      };
    },
  };
}

export type CoachEffectivenessService = ReturnType<typeof createCoachEffectivenessService>;
