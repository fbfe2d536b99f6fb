import type { Team } from '#contracts/assessments.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import type { CoachTone } from '#contracts/onboarding.ts';

/** A change to the coach team the screen shows before the server confirms it. */
export type TeamChange =
  | { type: 'add'; domain: CoachDomain; tone: CoachTone; at: string }
  | { type: 'remove'; domain: CoachDomain };

export const isOnTeam = (team: Team | undefined, domain: CoachDomain): boolean =>
  team?.coaches.some((coach) => coach.domain === domain) ?? false;

/** The team after `change`: an added coach goes last (or keeps its place with the new tone). */
export function applyTeamChange(team: Team, change: TeamChange): Team {
  if (change.type === 'remove') {
    return { coaches: team.coaches.filter((coach) => coach.domain !== change.domain) };
  }
  if (isOnTeam(team, change.domain)) {
    return {
      coaches: team.coaches.map((coach) =>
        coach.domain === change.domain ? { ...coach, tone: change.tone } : coach,
      ),
    };
  }
  return {
    coaches: [...team.coaches, { domain: change.domain, tone: change.tone, addedAt: change.at }],
  };
}
