import { randomUUID } from 'node:crypto';
import type { AddTeamMember, Team, TeamMember } from '#contracts/assessments.ts';
import { coachDomainLabels, type CoachDomain } from '#contracts/coach.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import * as repo from './team.repo.ts';

function toMember(row: repo.UserCoachRow): TeamMember {
  return { domain: row.domain, tone: row.tone, addedAt: row.addedAt.toISOString() };
}

/**
 * The person's coach team by domain, as the recommendations page uses it: the domain's AI coach,
 * in a tone. The own-coaches service (names, personality, order) works on the same rows.
 */
export function createTeamService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;
  return {
    async list(userId: string): Promise<Team> {
      return { coaches: (await repo.listTeam(db, userId)).map(toMember) };
    },

    /** Adds the domain's coach in `tone` (or sets the tone of the one already on the team). */
    async add(userId: string, member: AddTeamMember): Promise<TeamMember> {
      const row = await repo.upsertTeamMember(db, {
        id: randomUUID(),
        userId,
        ...member,
        at: clock(),
      });
      return toMember(row);
    },

    async remove(userId: string, domain: CoachDomain): Promise<{ removed: true }> {
      if (!(await repo.removeTeamMember(db, userId, domain))) {
        throw new AppError(
          'not_found',
          `Your ${coachDomainLabels[domain]} coach is not on your team.`,
        );
      }
      return { removed: true };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
