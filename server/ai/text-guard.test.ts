import { describe, expect, it } from 'vitest';
import type { CrisisCategory } from '#contracts/coach.ts';
import { detectCrisis } from './safety.ts';
import { createTextGuard } from './text-guard.ts';

/** The real guard, counting how many times each text is read. */
function countingGuard(capacity?: number) {
  const reads = new Map<string, number>();
  const detect = (texts: readonly string[]): CrisisCategory | null => {
    for (const text of texts) reads.set(text, (reads.get(text) ?? 0) + 1);
    return detectCrisis(texts);
  };
  return { guard: createTextGuard({ detect, ...(capacity ? { capacity } : {}) }), reads };
}

const plan = ['Run a 10K by June', 'Buy running shoes', 'Run 3 km three times a week'];

describe('the text guard', () => {
  it('reads a goal or plan text once while it stays the same', () => {
    const { guard, reads } = countingGuard();
    expect(guard.check([], plan)).toBeNull();
    expect(guard.check([], plan)).toBeNull();
    expect(guard.check([], [...plan, 'Stretch after each run'])).toBeNull();
    expect(Object.fromEntries(reads)).toEqual({
      'Run a 10K by June': 1,
      'Buy running shoes': 1,
      'Run 3 km three times a week': 1,
      'Stretch after each run': 1,
    });
  });

  it('always reads what the person has just typed, even when it was cleared before', () => {
    const { guard, reads } = countingGuard();
    guard.check(['Run a 10K by June']);
    guard.check(['Run a 10K by June'], plan);
    guard.check(['Run a 10K by June']);
    expect(reads.get('Run a 10K by June')).toBe(4); // three fresh readings, one as a plan text
  });

  it('reads a renamed title as the new text it is, and flags it every time', () => {
    const { guard, reads } = countingGuard();
    expect(guard.check([], plan)).toBeNull();
    const renamed = [...plan.slice(0, 2), 'I want to end my life'];
    expect(guard.check([], renamed)).toBe('suicide');
    expect(guard.check([], renamed)).toBe('suicide');
    expect(reads.get('I want to end my life')).toBe(2); // a flagged text is never remembered
    expect(reads.get('Buy running shoes')).toBe(1);
  });

  it('answers exactly as the guard does over the same texts: the most urgent category wins', () => {
    const texts = [
      'Save for a holiday',
      'my partner checks my phone every night and I am scared of what he will do',
      'I took 30 of my sleeping pills an hour ago',
      'I keep thinking everyone would be better off without me',
    ];
    expect(detectCrisis(texts)).not.toBeNull();
    const { guard } = countingGuard();
    guard.check([], texts.slice(0, 1));
    expect(guard.check([], texts)).toBe(detectCrisis(texts));
    expect(guard.check(texts.slice(1, 2), texts.slice(2))).toBe(detectCrisis(texts));
    expect(guard.check([''], ['  ', 'Save for a holiday'])).toBeNull();
  });

  it('forgets the least recently used texts beyond its capacity', () => {
    const { guard, reads } = countingGuard(2);
    guard.check([], ['Read a book', 'Walk the dog']);
    guard.check([], ['Read a book']); // recently used again
    guard.check([], ['Call a friend']); // "Walk the dog" is forgotten
    guard.check([], ['Read a book', 'Walk the dog']);
    expect(reads.get('Read a book')).toBe(1);
    expect(reads.get('Walk the dog')).toBe(2);
  });
});
