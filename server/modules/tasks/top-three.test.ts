import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '#contracts/local-date.ts';
import {
  type GoalPriority,
  isFrozenSelectionValid,
  scoreTask,
  selectTopThree,
  type TopThreeContext,
  type TopThreeTask,
} from './top-three.ts';

const TODAY = '2026-03-10';

function task(id: string, overrides: Partial<TopThreeTask> = {}): TopThreeTask {
  return {
    id,
    title: `Task ${id}`,
    status: 'open',
    goalId: null,
    scheduledDate: TODAY,
    dueDate: null,
    milestone: null,
    estimatedMinutes: null,
    openSince: TODAY,
    ...overrides,
  };
}

const context: TopThreeContext = {
  localDate: TODAY,
  capacityMinutes: 60,
  goalPriorities: { run: 'high', read: 'low', save: 'medium' },
  topGoalIds: ['run'],
};

describe('selectTopThree', () => {
  it('explains each pick in one line', () => {
    const picks = selectTopThree(
      [
        task('a', { dueDate: TODAY }),
        task('b', { milestone: { title: 'First 5K', dueDate: addDays(TODAY, 2) } }),
        task('c', { goalId: 'run', scheduledDate: null }),
        task('d', { scheduledDate: addDays(TODAY, -9), openSince: addDays(TODAY, -20) }),
        task('e', { estimatedMinutes: 20 }),
      ],
      context,
    );
    // Tuesday 10 March: the milestone two days on is due on Thursday.
    expect(picks.map((p) => [p.taskId, p.reason])).toEqual([
      ['a', 'Due today'],
      ['c', 'Moves your top-three goal'],
      ['b', 'The milestone “First 5K” is due Thursday'],
    ]);
    expect(picks[1]).toMatchObject({
      score: 50,
      breakdown: { due: 0, milestone: 0, topGoal: 30, priority: 20, staleness: 0, effort: 0 },
      reasons: ['Moves your top-three goal', 'Moves your high-priority goal'],
    });
    const rest = selectTopThree(
      [
        task('d', { scheduledDate: addDays(TODAY, -9), openSince: addDays(TODAY, -20) }),
        task('e', { estimatedMinutes: 20 }),
      ],
      context,
    );
    expect(rest.map((p) => [p.taskId, p.reason])).toEqual([
      ['e', 'Fits the time left: 20 of 60 minutes'],
      ['d', 'The longest untouched: waiting 9 days'],
    ]);
  });

  it('leads each pick with what made it win over the runner-up, not what the three share', () => {
    // All four belong to the pinned, high-priority goal: that alone made none of them win.
    const titled = { ...context, goalTitles: { run: 'Run a 10k' } };
    const picks = selectTopThree(
      [
        task('a', { goalId: 'run', dueDate: addDays(TODAY, 5) }),
        task('b', { goalId: 'run', milestone: { title: 'First 5K', dueDate: addDays(TODAY, 4) } }),
        task('c', { goalId: 'run', scheduledDate: null, openSince: addDays(TODAY, -12) }),
        task('d', { goalId: 'run', estimatedMinutes: 20 }),
      ],
      titled,
    );
    expect(picks.map((p) => [p.taskId, p.reason])).toEqual([
      ['b', 'The milestone “First 5K” is due Saturday'],
      ['a', 'Due Sunday'],
      ['c', 'The longest untouched: waiting 12 days'],
    ]);
    expect(picks[0]?.reasons).toEqual([
      'The milestone “First 5K” is due Saturday',
      'Moves your top-three goal “Run a 10k”',
      'Moves your high-priority goal “Run a 10k”',
    ]);
    // Beyond the week either side the date is named, not the weekday.
    const [far] = selectTopThree([task('f', { dueDate: addDays(TODAY, 9) })], titled);
    expect(far?.reason).toBe('Due 19 March');
  });

  it('counts the minutes left after the picks before it', () => {
    const picks = selectTopThree(
      [
        task('x', { goalId: 'save', estimatedMinutes: 30 }),
        task('y', { goalId: 'save', estimatedMinutes: 20 }),
        task('z', { goalId: 'save', estimatedMinutes: 45 }),
        task('w', { goalId: 'save' }),
      ],
      context,
    );
    expect(picks.map((p) => p.reason)).toEqual([
      'Fits the time left: 30 of 60 minutes',
      'Fits the time left: 20 of 30 minutes',
      'Fits in your 60 minutes today (45 min)',
    ]);
  });

  it('ranks overdue work first and says since when, even beyond two weeks', () => {
    const picks = selectTopThree(
      [task('late', { dueDate: addDays(TODAY, -23) }), task('today', { dueDate: TODAY })],
      context,
    );
    expect(picks.map((p) => p.reason)).toEqual([
      'Overdue since 15 February (23 days)',
      'Due today',
    ]);
    expect(picks[0]?.score).toBe(100);
    const [recent] = selectTopThree([task('r', { dueDate: addDays(TODAY, -3) })], context);
    expect(recent?.reason).toBe('Overdue since Saturday (3 days)');
  });

  it('marks tasks bigger than the day', () => {
    const [pick] = selectTopThree([task('big', { estimatedMinutes: 90, dueDate: TODAY })], context);
    expect(pick?.breakdown.effort).toBe(-25);
    expect(pick?.reasons).toEqual(['Due today', "Needs 90 minutes, more than today's 60"]);
  });

  it('never picks done, skipped or future tasks, and breaks ties by id', () => {
    const picks = selectTopThree(
      [
        task('z'),
        task('y'),
        task('done', { status: 'done', dueDate: TODAY }),
        task('skipped', { status: 'skipped', dueDate: TODAY }),
        task('tomorrow', { scheduledDate: addDays(TODAY, 1), dueDate: TODAY }),
        task('x'),
        task('w'),
      ],
      context,
    );
    expect(picks.map((p) => p.taskId)).toEqual(['w', 'x', 'y']);
    expect(picks[0]?.reason).toBe('Next on your list');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const goals = ['g1', 'g2', 'g3', 'g4'];
const dateNear = fc.integer({ min: -40, max: 40 }).map((offset) => addDays(TODAY, offset));

const arbitraryTask = fc.record({
  id: fc.string({ minLength: 1, maxLength: 6 }),
  title: fc.constant('t'),
  status: fc.constantFrom('open', 'open', 'open', 'done', 'skipped'),
  goalId: fc.option(fc.constantFrom(...goals), { nil: null }),
  scheduledDate: fc.option(dateNear, { nil: null }),
  dueDate: fc.option(dateNear, { nil: null }),
  milestone: fc.option(fc.record({ title: fc.constantFrom('M1', 'M2'), dueDate: dateNear }), {
    nil: null,
  }),
  estimatedMinutes: fc.option(fc.integer({ min: 5, max: 240 }), { nil: null }),
  openSince: dateNear,
});

/** Tasks with unique ids, as a user's tasks have. */
const arbitraryTasks = fc.uniqueArray(arbitraryTask, { selector: (t) => t.id, maxLength: 40 });

const arbitraryContext = fc.record({
  localDate: fc.constant(TODAY),
  capacityMinutes: fc.integer({ min: 0, max: 480 }),
  goalPriorities: fc.record(
    Object.fromEntries(
      goals.map((g) => [g, fc.constantFrom<GoalPriority>('high', 'medium', 'low')]),
    ) as Record<string, fc.Arbitrary<GoalPriority>>,
  ),
  topGoalIds: fc.subarray(goals, { maxLength: 3 }),
});

const eligible = (tasks: TopThreeTask[], localDate: string) =>
  tasks.filter(
    (t) => t.status === 'open' && (t.scheduledDate === null || t.scheduledDate <= localDate),
  );

describe('selectTopThree properties', () => {
  it('never more than three, and three whenever three are open and due by today', () => {
    fc.assert(
      fc.property(arbitraryTasks, arbitraryContext, (tasks, ctx) => {
        const picks = selectTopThree(tasks, ctx);
        expect(picks.length).toBe(Math.min(3, eligible(tasks, ctx.localDate).length));
        expect(new Set(picks.map((p) => p.taskId)).size).toBe(picks.length);
      }),
    );
  });

  it('never a done, skipped or future task', () => {
    fc.assert(
      fc.property(arbitraryTasks, arbitraryContext, (tasks, ctx) => {
        const byId = new Map(tasks.map((t) => [t.id, t]));
        for (const pick of selectTopThree(tasks, ctx)) {
          const picked = byId.get(pick.taskId);
          expect(picked?.status).toBe('open');
          if (picked?.scheduledDate) expect(picked.scheduledDate <= ctx.localDate).toBe(true);
        }
      }),
    );
  });

  it('picks the best: no task left out outranks a pick, and each score is the sum of its parts', () => {
    fc.assert(
      fc.property(arbitraryTasks, arbitraryContext, (tasks, ctx) => {
        const picks = selectTopThree(tasks, ctx);
        const last = picks.at(-1);
        for (const pick of picks) {
          const b = pick.breakdown;
          expect(pick.score).toBe(
            b.due + b.milestone + b.topGoal + b.priority + b.staleness + b.effort,
          );
          expect(pick.reason.length).toBeGreaterThan(0);
        }
        if (!last) return;
        const chosen = new Set(picks.map((p) => p.taskId));
        for (const other of eligible(tasks, ctx.localDate)) {
          if (chosen.has(other.id)) continue;
          const { score } = scoreTask(other, ctx);
          expect(score < last.score || (score === last.score && other.id > last.taskId)).toBe(true);
        }
      }),
    );
  });

  it('is stable within a local day: same answer for any order of the tasks, and for repeated calls', () => {
    fc.assert(
      fc.property(
        arbitraryTasks,
        arbitraryContext,
        fc.infiniteStream(fc.nat()),
        (tasks, ctx, randomness) => {
          const first = selectTopThree(tasks, ctx);
          const shuffled: TopThreeTask[] = [...tasks];
          for (let i = shuffled.length - 1; i > 0; i -= 1) {
            const j = randomness.next().value % (i + 1);
            [shuffled[i], shuffled[j]] = [shuffled[j] as TopThreeTask, shuffled[i] as TopThreeTask];
          }
          expect(selectTopThree(shuffled, ctx)).toEqual(first);
          expect(selectTopThree(tasks, ctx)).toEqual(first);
        },
      ),
    );
  });

  it('ignores tasks that cannot take part: adding done or future tasks changes nothing', () => {
    fc.assert(
      fc.property(arbitraryTasks, arbitraryTasks, arbitraryContext, (tasks, extra, ctx) => {
        const ids = new Set(tasks.map((t) => t.id));
        const noise = extra
          .filter((t) => !ids.has(t.id))
          .map((t, i) =>
            i % 2 === 0
              ? { ...t, status: 'done' as const }
              : { ...t, scheduledDate: addDays(ctx.localDate, 1 + i) },
          );
        expect(selectTopThree([...tasks, ...noise], ctx)).toEqual(selectTopThree(tasks, ctx));
      }),
    );
  });

  it('a frozen selection holds for its local date only', () => {
    fc.assert(
      fc.property(
        arbitraryTasks,
        arbitraryContext,
        fc.integer({ min: -400, max: 400 }),
        (tasks, ctx, shift) => {
          const frozen = {
            localDate: ctx.localDate,
            taskIds: selectTopThree(tasks, ctx).map((p) => p.taskId),
          };
          expect(isFrozenSelectionValid(frozen, ctx.localDate)).toBe(true);
          expect(isFrozenSelectionValid(frozen, addDays(ctx.localDate, shift))).toBe(shift === 0);
        },
      ),
    );
    expect(isFrozenSelectionValid(null, TODAY)).toBe(false);
  });
});
