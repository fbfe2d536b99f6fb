import { describe, expect, it } from 'vitest';
import type { InsightFigures } from '#contracts/insights.ts';
import {
  experimentTitle,
  mergeSuggestions,
  offlineSuggestions,
  offlineWords,
  shorterMinutes,
} from './offline-coach.ts';

const G1 = '11111111-1111-4111-8111-111111111111';
const G2 = '22222222-2222-4222-8222-222222222222';
const T1 = '33333333-3333-4333-8333-333333333333';
const T2 = '44444444-4444-4444-8444-444444444444';

const quiet: InsightFigures = {
  tasksDone: 0,
  skipped: 0,
  movedForward: [],
  slipping: [],
  stalledGoals: [],
  topThree: { days: 0, allDone: 0, rate: null },
  streak: { before: 0, after: 0, best: 0 },
  lightestDay: '2025-03-13',
};

const busy: InsightFigures = {
  tasksDone: 6,
  skipped: 1,
  movedForward: [{ goalId: G1, title: 'Run a 10k', tasksDone: 2, minutes: 50, progress: 30 }],
  slipping: [
    { taskId: T1, title: 'Stretch', slips: 3, skipped: 0, estimatedMinutes: 40 },
    { taskId: T2, title: 'Call mum', slips: 2, skipped: 1, estimatedMinutes: 10 },
  ],
  stalledGoals: [{ goalId: G2, title: 'Learn Spanish' }],
  topThree: { days: 7, allDone: 4, rate: 4 / 7 },
  streak: { before: 0, after: 4, best: 4 },
  lightestDay: '2025-03-13',
};

let n = 0;
const ids = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
/** The person already runs the experiment “Stretch” would get: none is proposed. */
const running = new Set([experimentTitle('Stretch')]);

describe('the offline coach', () => {
  it('writes specific sentences from the figures', () => {
    expect(offlineWords(busy)).toEqual({
      headline: '“Run a 10k” moved forward; “Stretch” kept slipping.',
      movedForward:
        'You did 6 tasks. What moved forward: “Run a 10k” (2 tasks, about 50 minutes, now at 30%).',
      slipping: '“Stretch” slipped 3 times and “Call mum” slipped twice.',
      topThree: 'You finished your whole top three on 4 of 7 days.',
      streak: 'Your streak grew from 0 days to 4 days, your best so far.',
    });
  });

  it('says how to start when nothing happened', () => {
    const words = offlineWords(quiet);
    expect(words.headline).toBe('A quiet week.');
    expect(words.topThree).toBe('You had no top three this week: open Today to get one.');
    expect(words.streak).toBe('No streak yet: one day with the top three all done starts it.');
    expect(words.slipping).toContain('Nothing kept slipping');
  });

  it('a streak that ended says so', () => {
    expect(offlineWords({ ...quiet, streak: { before: 5, after: 0, best: 5 } }).streak).toBe(
      'Your 5-day streak ended; one full top-three day starts a new one.',
    );
  });

  it('shortens long slipping tasks, moves short ones, adds a small task for a stalled goal', () => {
    const suggestions = offlineSuggestions(busy, ids, running);
    expect(suggestions.map((s) => [s.kind, s.text])).toEqual([
      ['shorten', 'Shorten “Stretch” to 15 minutes: it slipped 3 times this week.'],
      [
        'reschedule',
        'Move “Call mum” to Thu 13 Mar, your lightest coming day: it slipped twice this week.',
      ],
      ['add_task', 'Add a 10-minute task for “Learn Spanish”: it had no progress this week.'],
    ]);
    expect(suggestions.every((s) => s.state === 'open' && s.taskId === null)).toBe(true);
  });

  it('offers nothing for a task already closed, and at most three', () => {
    const closed = {
      ...busy,
      slipping: [{ ...busy.slipping[0]!, taskId: null }],
      stalledGoals: [],
    };
    expect(offlineSuggestions(closed, ids)).toEqual([]);
  });

  it('halves estimates within 5–15 minutes', () => {
    expect(shorterMinutes(null)).toBe(15);
    expect(shorterMinutes(10)).toBeNull();
    expect(shorterMinutes(20)).toBe(10);
    expect(shorterMinutes(90)).toBe(15);
    expect(shorterMinutes(12)).toBe(5);
  });

  it('a refresh keeps decided suggestions and does not offer them again', () => {
    const [shorten, , add] = offlineSuggestions(busy, ids, running);
    const accepted = { ...shorten!, state: 'accepted' as const, taskId: T1 };
    const fresh = offlineSuggestions(busy, ids, running);
    const merged = mergeSuggestions([accepted, add!], fresh);
    expect(merged.map((s) => [s.kind, s.state])).toEqual([
      ['shorten', 'accepted'],
      ['reschedule', 'open'],
      ['add_task', 'open'],
    ]);
    expect(merged[0]).toBe(accepted);
  });

  it('proposes a 7-day experiment for a task that slipped 3 times, with its goal', () => {
    const figures = {
      ...busy,
      slipping: [{ ...busy.slipping[0]!, goalId: G1 }, busy.slipping[1]!],
    };
    const suggestions = offlineSuggestions(figures, ids);
    expect(suggestions.map((s) => s.kind)).toEqual(['shorten', 'experiment', 'reschedule']);
    expect(suggestions[1]).toMatchObject({
      kind: 'experiment',
      targetTaskId: T1,
      state: 'open',
      experimentId: null,
      text: 'Run an experiment: try “Stretch” first thing for 7 days, rating each day how it went. It slipped 3 times this week.',
      draft: {
        title: 'Try “Stretch” first thing for 7 days',
        change: 'For 7 days, do “Stretch” first thing. Each day, rate 1–5: how did “Stretch” go?',
        days: 7,
        goalId: G1,
      },
    });
  });

  it('proposes no experiment under 3 slips, for a closed task, or when one is open already', () => {
    const twice = {
      ...busy,
      slipping: busy.slipping.map((task) => ({ ...task, slips: 2 })),
    };
    const kinds = (figures: InsightFigures, open?: ReadonlySet<string>) =>
      offlineSuggestions(figures, ids, open).map((s) => s.kind);
    expect(kinds(twice)).not.toContain('experiment');
    expect(kinds({ ...busy, slipping: [{ ...busy.slipping[0]!, taskId: null }] })).toEqual([
      'add_task',
    ]);
    expect(kinds(busy, running)).not.toContain('experiment');
    // Only one experiment an insight, for the most slipped task; at most three suggestions.
    const both = { ...busy, slipping: busy.slipping.map((task) => ({ ...task, slips: 4 })) };
    expect(kinds(both)).toEqual(['shorten', 'experiment', 'reschedule']);
  });

  it('a refresh keeps an accepted experiment and offers the shortening beside it', () => {
    const [, experiment] = offlineSuggestions(busy, ids);
    const accepted = { ...experiment!, state: 'accepted' as const };
    const merged = mergeSuggestions([accepted], offlineSuggestions(busy, ids));
    expect(merged.map((s) => [s.kind, s.state])).toEqual([
      ['experiment', 'accepted'],
      ['shorten', 'open'],
      ['reschedule', 'open'],
    ]);
  });
});
