import { describe, expect, it } from 'vitest';
import { guardDecision, readGuardSnapshot } from './safety-eval/guard-snapshot.ts';

// Every recorded decision of the crisis guard, and of each of its layers, on a fixed corpus of
// 7,000 messages (the crisis set, the goal table, recombinations): a change meant to make the
// guard faster must change none of them. Re-record with scripts/crisis-guard-snapshot.ts --write
// only when a decision is meant to change.
describe('crisis guard decisions', () => {
  // a generous limit: the machine may be shared, and this reads 7,033 messages four times
  it('match the recorded ones, message by message and layer by layer', { timeout: 120_000 }, () => {
    const { entries } = readGuardSnapshot();
    expect(entries.length).toBeGreaterThan(5000);
    const differences = entries
      .map(([texts, ...recorded]) => ({ texts, recorded, now: guardDecision(texts) }))
      .filter(({ recorded, now }) => JSON.stringify(recorded) !== JSON.stringify(now));
    expect(differences).toEqual([]);
  });
});
