import { describe, expect, it } from 'vitest';
import { aiCoachCatalogue, DEFAULT_PERSONALITY, type UserCoach } from '#contracts/coaching.ts';
import {
  benchOf,
  moveInOrder,
  notYetOwned,
  teamOf,
  withTeamOrder,
  withoutFromTeam,
} from './team-order-state.ts';

const AT = '2026-03-02T09:00:00.000Z';
function coach(id: string, catalogueId: string, teamPosition: number | null): UserCoach {
  return {
    id,
    catalogueId,
    kind: 'ai',
    domain: 'health',
    name: id,
    tone: 'supportive',
    personality: DEFAULT_PERSONALITY,
    teamPosition,
    addedAt: AT,
    lastMessageAt: null,
    unread: 0,
  };
}

const list = {
  coaches: [
    coach('c', 'ai-relationships', 3),
    coach('a', 'ai-health', 1),
    coach('x', 'ai-career', null),
    coach('b', 'ai-personal-development', 2),
  ],
};

describe('team order', () => {
  it('the team in its order, and the bench beside it', () => {
    expect(teamOf(list.coaches).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(benchOf(list.coaches).map((c) => c.id)).toEqual(['x']);
  });

  it('moves a coach one place, and not past either end', () => {
    expect(moveInOrder(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveInOrder(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveInOrder(['a', 'b'], 'zz', 1)).toEqual(['a', 'b']);
  });

  it('renumbers the team from a new order, leaving the bench off it', () => {
    const reordered = withTeamOrder(list, ['c', 'a', 'b']);
    expect(teamOf(reordered.coaches).map((c) => [c.id, c.teamPosition])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    expect(reordered.coaches.find((c) => c.id === 'x')?.teamPosition).toBeNull();
  });

  it('taking a coach off moves the ones below it up', () => {
    const after = withoutFromTeam(list, 'a');
    expect(teamOf(after.coaches).map((c) => [c.id, c.teamPosition])).toEqual([
      ['b', 1],
      ['c', 2],
    ]);
    expect(
      benchOf(after.coaches)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['a', 'x']);
  });

  it('offers only the catalogue coaches the person has no copy of', () => {
    expect(notYetOwned(aiCoachCatalogue, list.coaches)).toEqual([]);
    expect(notYetOwned(aiCoachCatalogue, [list.coaches[1]!]).map((c) => c.id)).toEqual([
      'ai-career',
      'ai-relationships',
      'ai-personal-development',
    ]);
  });
});
