import type { CatalogueCoach, UserCoach, UserCoachList } from '#contracts/coaching.ts';

// The team page's pure rules: who is on the team and in which order, what may still be added, and
// the list as it looks after a reorder or a removal, shown before the server confirms it.

/** The team, in its order (1 first). */
export function teamOf(coaches: readonly UserCoach[]): UserCoach[] {
  return coaches
    .filter((coach) => coach.teamPosition !== null)
    .sort((a, b) => (a.teamPosition ?? 0) - (b.teamPosition ?? 0));
}

/** The person's own coaches that are not on the team (their thread and memory are kept). */
export function benchOf(coaches: readonly UserCoach[]): UserCoach[] {
  return coaches.filter((coach) => coach.teamPosition === null);
}

/** Catalogue coaches the person has no copy of yet. */
export function notYetOwned(
  catalogue: readonly CatalogueCoach[],
  coaches: readonly UserCoach[],
): CatalogueCoach[] {
  const owned = new Set(coaches.map((coach) => coach.catalogueId));
  return catalogue.filter((coach) => !owned.has(coach.id));
}

/** The ids with `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveInOrder(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next[from] = ids[to] as string;
  next[to] = id;
  return next;
}

/** The list with the team numbered as `ids` say; a coach not in `ids` is off the team. */
export function withTeamOrder(list: UserCoachList, ids: readonly string[]): UserCoachList {
  const position = new Map(ids.map((id, index) => [id, index + 1]));
  return {
    coaches: list.coaches.map((coach) => ({
      ...coach,
      teamPosition: position.get(coach.id) ?? null,
    })),
  };
}

/** The list after taking one coach off the team: the ones below it move up a place. */
export function withoutFromTeam(list: UserCoachList, coachId: string): UserCoachList {
  const ids = teamOf(list.coaches)
    .map((coach) => coach.id)
    .filter((id) => id !== coachId);
  return withTeamOrder(list, ids);
}
