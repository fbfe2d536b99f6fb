import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { scoreBreakdownSchema } from '#contracts/today.ts';

/**
 * The day's top three: a pure, deterministic and explainable choice among a user's open tasks.
 *
 * Each task gets a score that is the plain sum of six parts, all shown to the user:
 *
 * | part      | points                                                                      |
 * | --------- | --------------------------------------------------------------------------- |
 * | due       | overdue 70 + 3 a day (max 100) · today 70 · tomorrow 50 · 2–7 days 50 − 5/day · 8–14 days 5 |
 * | milestone | its milestone overdue or due today 35 · due in 1–14 days 35 − 2/day        |
 * | top goal  | 30 when the task's goal is one of the user's pinned top-three goals         |
 * | priority  | the goal's priority: high 20 · medium 10 · low 0                            |
 * | staleness | 1 a day it has been waiting since it was scheduled or opened (max 14)       |
 * | effort    | fits in the day's capacity +10 · bigger than the whole capacity −25 · unknown 0 |
 *
 * Only open tasks scheduled for today or earlier (or not scheduled) take part; the highest three
 * scores win and equal scores go to the smaller id. Freezing the choice for the day is the
 * caller's job (see isFrozenSelectionValid).
 */

export type TaskStatus = 'open' | 'done' | 'skipped';
export type GoalPriority = 'high' | 'medium' | 'low';

export interface TopThreeTask {
  id: string;
  title: string;
  status: TaskStatus;
  goalId: string | null;
  /** Local date the task is planned for; null means "any day". */
  scheduledDate: string | null;
  dueDate: string | null;
  milestone: { title: string; dueDate: string } | null;
  estimatedMinutes: number | null;
  /** Local date the task was created or last reopened; staleness counts from it (or the schedule). */
  openSince: string;
}

export interface TopThreeContext {
  /** Today in the user's time zone (YYYY-MM-DD). */
  localDate: string;
  /** Minutes the user has for tasks today. */
  capacityMinutes: number;
  goalPriorities: Readonly<Record<string, GoalPriority>>;
  /** The goals the user pinned as their top three. */
  topGoalIds: readonly string[];
}

/** The points each rule added, as the today contract sends them to the client. */
export type ScoreBreakdown = z.infer<typeof scoreBreakdownSchema>;

export interface TopThreePick {
  taskId: string;
  score: number;
  breakdown: ScoreBreakdown;
  /** The strongest reason, one line ("Due today"). */
  reason: string;
  /** Every reason that added points, strongest first; a negative effort note last. */
  reasons: string[];
}

const WINDOW = 14;

/**
 * Day offsets from the local date for the dates that can score (±14 days), computed once per
 * call with Luxon; anything outside the window only needs to know which side it is on.
 */
class DayWindow {
  private readonly offsets = new Map<string, number>();
  private readonly exact = new Map<string, number>();
  private readonly base: DateTime<true>;
  private readonly first: string;
  private readonly last: string;

  constructor(readonly localDate: string) {
    const base = DateTime.fromISO(localDate, { zone: 'utc' });
    if (!base.isValid) throw new RangeError(`Not a calendar date: ${localDate}`);
    this.base = base;
    for (let offset = -WINDOW; offset <= WINDOW; offset += 1) {
      this.offsets.set(base.plus({ days: offset }).toISODate(), offset);
    }
    this.first = base.minus({ days: WINDOW }).toISODate();
    this.last = base.plus({ days: WINDOW }).toISODate();
  }

  /** Days from the local date to `date`, capped to ±(WINDOW + 1). */
  offset(date: string): number {
    // ISO dates order as strings: most dates are outside the window and cost one comparison.
    if (date < this.first) return -(WINDOW + 1);
    if (date > this.last) return WINDOW + 1;
    return this.offsets.get(date) ?? WINDOW + 1;
  }

  /** Exact days, for the reasons of the picked tasks only. */
  days(date: string): number {
    const inWindow = this.offsets.get(date);
    if (inWindow !== undefined) return inWindow;
    let days = this.exact.get(date);
    if (days === undefined) {
      days = Math.round(DateTime.fromISO(date, { zone: 'utc' }).diff(this.base, 'days').days);
      if (this.exact.size >= 10_000) this.exact.clear();
      this.exact.set(date, days);
    }
    return days;
  }
}

/**
 * Windows are kept per local date: a delivery run scores many users for the same few dates, and
 * building a window (29 Luxon dates) costs more than scoring thousands of tasks.
 */
const windows = new Map<string, DayWindow>();

function windowFor(localDate: string): DayWindow {
  let window = windows.get(localDate);
  if (!window) {
    if (windows.size >= 16) windows.clear();
    window = new DayWindow(localDate);
    windows.set(localDate, window);
  }
  return window;
}

function duePoints(offset: number): number {
  if (offset < 0) return 70 + 3 * Math.min(-offset, 10);
  if (offset === 0) return 70;
  if (offset === 1) return 50;
  if (offset <= 7) return 50 - 5 * offset;
  return offset <= WINDOW ? 5 : 0;
}

function milestonePoints(offset: number): number {
  if (offset <= 0) return 35;
  return offset <= WINDOW ? 35 - 2 * offset : 0;
}

const PRIORITY_POINTS: Record<GoalPriority, number> = { high: 20, medium: 10, low: 0 };

/** The most the parts after due and milestone can add: top goal, priority, staleness, effort. */
const MAX_OTHER_POINTS = 30 + 20 + WINDOW + 10;

function dueOf(task: TopThreeTask, window: DayWindow): number {
  return task.dueDate === null ? 0 : duePoints(window.offset(task.dueDate));
}

function milestoneOf(task: TopThreeTask, window: DayWindow): number {
  return task.milestone === null ? 0 : milestonePoints(window.offset(task.milestone.dueDate));
}

/**
 * The task's score; fills `out` with the parts when given. One function for both, so the score
 * shown and the score ranked can never differ.
 */
function scoreOf(
  task: TopThreeTask,
  context: TopThreeContext,
  window: DayWindow,
  topGoals: ReadonlySet<string>,
  out?: ScoreBreakdown,
): number {
  const due = dueOf(task, window);
  const milestone = milestoneOf(task, window);
  const waitingFrom =
    task.scheduledDate !== null && task.scheduledDate > task.openSince
      ? task.scheduledDate
      : task.openSince;
  const minutes = task.estimatedMinutes;
  const priority = task.goalId === null ? undefined : context.goalPriorities[task.goalId];
  const topGoal = task.goalId !== null && topGoals.has(task.goalId) ? 30 : 0;
  const priorityPoints = priority === undefined ? 0 : PRIORITY_POINTS[priority];
  const staleness = Math.min(WINDOW, Math.max(0, -window.offset(waitingFrom)));
  const effort = minutes === null ? 0 : minutes <= context.capacityMinutes ? 10 : -25;
  if (out) {
    out.due = due;
    out.milestone = milestone;
    out.topGoal = topGoal;
    out.priority = priorityPoints;
    out.staleness = staleness;
    out.effort = effort;
  }
  return due + milestone + topGoal + priorityPoints + staleness + effort;
}

function emptyBreakdown(): ScoreBreakdown {
  return { due: 0, milestone: 0, topGoal: 0, priority: 0, staleness: 0, effort: 0 };
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function inDays(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return days < 0 ? `${plural(-days, 'day')} ago` : `in ${plural(days, 'day')}`;
}

/** Sentences for the parts that scored, strongest first (ties in the table's order). */
function reasonsFor(
  task: TopThreeTask,
  breakdown: ScoreBreakdown,
  context: TopThreeContext,
  window: DayWindow,
): string[] {
  const positive: Array<[number, string]> = [];
  if (breakdown.due > 0 && task.dueDate !== null) {
    const days = window.days(task.dueDate);
    positive.push([
      breakdown.due,
      days < 0 ? `Overdue by ${plural(-days, 'day')}` : `Due ${inDays(days)}`,
    ]);
  }
  if (breakdown.milestone > 0 && task.milestone !== null) {
    const days = window.days(task.milestone.dueDate);
    positive.push([
      breakdown.milestone,
      `Milestone '${task.milestone.title}' ${days < 0 ? 'was' : 'is'} due ${inDays(days)}`,
    ]);
  }
  if (breakdown.topGoal > 0) positive.push([breakdown.topGoal, 'Part of a top-three goal']);
  if (breakdown.priority > 0 && task.goalId !== null) {
    positive.push([
      breakdown.priority,
      `Part of a ${context.goalPriorities[task.goalId] ?? ''}-priority goal`,
    ]);
  }
  if (breakdown.staleness > 0) {
    const from =
      task.scheduledDate !== null && task.scheduledDate > task.openSince
        ? task.scheduledDate
        : task.openSince;
    positive.push([breakdown.staleness, `Waiting ${plural(-window.days(from), 'day')}`]);
  }
  if (breakdown.effort > 0) {
    positive.push([
      breakdown.effort,
      `Fits in ${task.estimatedMinutes} minutes of today's ${context.capacityMinutes}`,
    ]);
  }
  // A stable sort keeps the table's order between equal points.
  const reasons = positive.sort((a, b) => b[0] - a[0]).map(([, text]) => text);
  if (breakdown.effort < 0)
    reasons.push(
      `Needs ${task.estimatedMinutes} minutes, more than today's ${context.capacityMinutes}`,
    );
  return reasons;
}

/** One task's score and breakdown, exactly as selectTopThree computes it. */
export function scoreTask(
  task: TopThreeTask,
  context: TopThreeContext,
): { score: number; breakdown: ScoreBreakdown } {
  const breakdown = emptyBreakdown();
  const score = scoreOf(
    task,
    context,
    windowFor(context.localDate),
    new Set(context.topGoalIds),
    breakdown,
  );
  return { score, breakdown };
}

/** True when `a` ranks before `b`: higher score, then the smaller id. */
function ranksBefore(aScore: number, aId: string, bScore: number, bId: string): boolean {
  return aScore > bScore || (aScore === bScore && aId < bId);
}

/**
 * At most three open tasks, never one that is done, skipped or scheduled after the local date,
 * each with its score, the breakdown and the reasons. The order of `tasks` does not matter.
 */
export function selectTopThree(
  tasks: readonly TopThreeTask[],
  context: TopThreeContext,
): TopThreePick[] {
  const { localDate } = context;
  const window = windowFor(localDate);
  const topGoals = new Set(context.topGoalIds);
  const best: Array<{ task: TopThreeTask; score: number }> = [];
  // A task can still take third place on a tie (smaller id), so the floor is the third score.
  let floor = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < tasks.length; i += 1) {
    const task = tasks[i] as TopThreeTask;
    if (task.status !== 'open' || (task.scheduledDate !== null && task.scheduledDate > localDate)) {
      continue;
    }
    // Most of a long list cannot reach the third place even with full marks on everything but
    // its dates: two date comparisons and it is out.
    if (dueOf(task, window) + milestoneOf(task, window) + MAX_OTHER_POINTS < floor) continue;
    const score = scoreOf(task, context, window, topGoals);
    const last = best[2];
    if (last && !ranksBefore(score, task.id, last.score, last.task.id)) continue;
    let index = best.length < 3 ? best.length : 2;
    while (index > 0) {
      const previous = best[index - 1];
      if (!previous || !ranksBefore(score, task.id, previous.score, previous.task.id)) break;
      index -= 1;
    }
    best.splice(index, 0, { task, score });
    if (best.length > 3) best.pop();
    floor = best.length === 3 ? (best[2]?.score ?? floor) : floor;
  }
  return best.map(({ task, score }) => {
    const breakdown = emptyBreakdown();
    scoreOf(task, context, window, topGoals, breakdown);
    const reasons = reasonsFor(task, breakdown, context, window);
    return {
      taskId: task.id,
      score,
      breakdown,
      reason: reasons[0] ?? 'Next on your list',
      reasons,
    };
  });
}

/** A selection as it was shown or delivered, stored by the caller per user and local date. */
export interface FrozenTopThree {
  localDate: string;
  taskIds: readonly string[];
}

/**
 * Whether a frozen selection still stands for `localDate`. The top three does not change during
 * the local day it was shown for (even if tasks change); the next local day gets a new one. A
 * change of time zone only takes effect from the next local day, so the date alone decides.
 */
export function isFrozenSelectionValid(frozen: FrozenTopThree | null, localDate: string): boolean {
  return frozen !== null && frozen.localDate === localDate;
}
