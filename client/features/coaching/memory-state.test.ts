import { describe, expect, it } from 'vitest';
import type { CoachMemory } from '#contracts/coaching.ts';
import { applyMemoryChange, keeperOf, withAdded } from './memory-state.ts';

const AT = '2026-03-02T09:00:00.000Z';
const COACH = '5b0f7a3e-1111-4c2a-9d7e-00000000000c';
function memory(id: string, text: string, coachId: string | null = null): CoachMemory {
  return { id, coachId, text, source: 'person', createdAt: AT, updatedAt: AT };
}

describe('coach memory changes', () => {
  const list = { memories: [memory('a', 'Prefers mornings'), memory('b', 'Knee injury in March')] };

  it('edits one memory in place, trimmed, with its new time', () => {
    const next = applyMemoryChange(list, {
      kind: 'update',
      id: 'b',
      text: ' Knee fine since May ',
      at: '2026-06-01T00:00:00.000Z',
    });
    expect(next.memories.map((m) => m.text)).toEqual(['Prefers mornings', 'Knee fine since May']);
    expect(next.memories[1]?.updatedAt).toBe('2026-06-01T00:00:00.000Z');
  });

  it('deletes one memory', () => {
    expect(applyMemoryChange(list, { kind: 'delete', id: 'a' }).memories.map((m) => m.id)).toEqual([
      'b',
    ]);
  });

  it('puts an added memory first, once', () => {
    const added = memory('c', 'Works nights');
    expect(withAdded(withAdded(list, added), added).memories.map((m) => m.id)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('names who keeps it', () => {
    const names = new Map([[COACH, 'Rowan']]);
    expect(keeperOf(memory('a', 'x'), names)).toBe('All your coaches');
    expect(keeperOf(memory('a', 'x', COACH), names)).toBe('Rowan');
  });
});
