import { describe, expect, it } from 'vitest';
import { applyTeamChange, isOnTeam } from './team-state.ts';

const at = '2025-03-03T09:00:00.000Z';
const team = { coaches: [{ domain: 'health' as const, tone: 'direct' as const, addedAt: at }] };

describe('the coach team as the screen shows it', () => {
  it('adds a coach last, or changes the tone of the one there in place', () => {
    const added = applyTeamChange(team, {
      type: 'add',
      domain: 'career',
      tone: 'motivational',
      at,
    });
    expect(added.coaches.map((c) => [c.domain, c.tone])).toEqual([
      ['health', 'direct'],
      ['career', 'motivational'],
    ]);
    const retoned = applyTeamChange(added, {
      type: 'add',
      domain: 'health',
      tone: 'analytical',
      at,
    });
    expect(retoned.coaches.map((c) => [c.domain, c.tone])).toEqual([
      ['health', 'analytical'],
      ['career', 'motivational'],
    ]);
  });

  it('removes a coach; removing one not there changes nothing', () => {
    expect(applyTeamChange(team, { type: 'remove', domain: 'health' })).toEqual({ coaches: [] });
    expect(applyTeamChange(team, { type: 'remove', domain: 'career' })).toEqual(team);
    expect(isOnTeam(team, 'health')).toBe(true);
    expect(isOnTeam(undefined, 'health')).toBe(false);
  });
});
