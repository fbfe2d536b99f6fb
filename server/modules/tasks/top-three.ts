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
 * scores win and equal scores go to the smaller id. Each pick leads with the reason that made it
 * win: the part it gained most on over the runner-up (the best task left out), in words with the
 * weekday or date ("Due Friday", "The milestone … is due 14 March"), the longest wait, or the
 * minutes left in the day. Freezing the choice for the day is the
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
  /** Goal titles by id, so a reason can name the goal. */
  goalTitles?: Readonly<Record<string, string>>;
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

  /** The date `offset` days from the local date, for offsets within the window. */
  dateAt(offset: number): string {
    return this.base.plus({ days: offset }).toISODate();
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

/** The most the milestone part can add. */
const MAX_MILESTONE_POINTS = 35;

/**
 * The latest due date that still earns `points` due points, or '' when none does (every ISO date
 * sorts after ''). Due points never rise as the date moves later, so every date up to the cutoff
 * earns at least `points` and every date after it earns fewer.
 */
function dueCutoff(points: number, window: DayWindow): string {
  if (points > duePoints(-WINDOW)) return '';
  let offset = WINDOW;
  while (duePoints(offset) < points) offset -= 1;
  return cutoffs.get(window, offset);
}

/** Cutoff dates per window and offset: a long list moves its floor a few dozen times. */
const cutoffs = {
  byWindow: new WeakMap<DayWindow, Map<number, string>>(),
  get(window: DayWindow, offset: number): string {
    let dates = this.byWindow.get(window);
    if (!dates) {
      dates = new Map();
      this.byWindow.set(window, dates);
    }
    let date = dates.get(offset);
    if (date === undefined) {
      date = window.dateAt(offset);
      dates.set(offset, date);
    }
    return date;
  },
};

function dueOf(task: TopThreeTask, window: DayWindow): number {
  return task.dueDate === null ? 0 : duePoints(window.offset(task.dueDate));
}

function milestoneOf(task: TopThreeTask, window: DayWindow): number {
  return task.milestone === null ? 0 : milestonePoints(window.offset(task.milestone.dueDate));
}

/** The local date a task has waited since: its schedule, or when it was opened if later. */
function waitingSince(task: TopThreeTask): string {
  return task.scheduledDate !== null && task.scheduledDate > task.openSince
    ? task.scheduledDate
    : task.openSince;
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
  const waitingFrom = waitingSince(task);
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

/**
 * A local date as a person says it from `days` away: "today", "tomorrow", "yesterday", the
 * weekday within the week either side ("Friday"), otherwise the date ("14 March"). The dates are
 * already the person's local dates, so the weekday is theirs.
 */
function dayName(date: string, days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  const weekday = Math.abs(days) <= 6;
  const key = `${weekday ? 'w' : 'd'}${date}`;
  let name = dayNames.get(key);
  if (name === undefined) {
    const value = DateTime.fromISO(date, { zone: 'utc', locale: 'en' });
    name = weekday ? value.toFormat('cccc') : value.toFormat('d LLLL');
    if (dayNames.size >= 1_000) dayNames.clear();
    dayNames.set(key, name);
  }
  return name;
}

/**
 * Formatted day names by date: formatting a date costs more than scoring thousands of tasks, and
 * a delivery run names the same few dates for every user (as the day windows above are kept).
 */
const dayNames = new Map<string, string>();

function quoted(title: string): string {
  return `“${title.replace(/\s+/g, ' ').trim()}”`;
}

type Part = keyof ScoreBreakdown;

/**
 * When two parts gained as much over the runner-up, the one about this task itself (its dates,
 * its wait, its size) says more than the one its whole goal shares.
 */
const SPECIFIC_FIRST: readonly Part[] = [
  'due',
  'milestone',
  'staleness',
  'effort',
  'topGoal',
  'priority',
];

/** What the reasons of one pick may say beyond its own breakdown. */
interface ReasonFacts {
  /** Minutes left in the day after the picks ranked before this one. */
  minutesLeft: number;
  /** Whether no other open task has waited as long. */
  longestWaiting: boolean;
}

/** One sentence per part that scored, keyed by the part. */
function partSentences(
  task: TopThreeTask,
  breakdown: ScoreBreakdown,
  context: TopThreeContext,
  window: DayWindow,
  facts: ReasonFacts,
): Map<Part, string> {
  const sentences = new Map<Part, string>();
  if (breakdown.due > 0 && task.dueDate !== null) {
    const days = window.days(task.dueDate);
    sentences.set(
      'due',
      days < 0
        ? `Overdue since ${dayName(task.dueDate, days)}${days < -1 ? ` (${plural(-days, 'day')})` : ''}`
        : `Due ${dayName(task.dueDate, days)}`,
    );
  }
  if (breakdown.milestone > 0 && task.milestone !== null) {
    const days = window.days(task.milestone.dueDate);
    sentences.set(
      'milestone',
      `The milestone ${quoted(task.milestone.title)} ${days < 0 ? 'was' : 'is'} due ${dayName(task.milestone.dueDate, days)}`,
    );
  }
  const goalTitle = task.goalId === null ? undefined : context.goalTitles?.[task.goalId];
  const goal = goalTitle === undefined ? 'goal' : `goal ${quoted(goalTitle)}`;
  if (breakdown.topGoal > 0) sentences.set('topGoal', `Moves your top-three ${goal}`);
  if (breakdown.priority > 0 && task.goalId !== null) {
    sentences.set(
      'priority',
      `Moves your ${context.goalPriorities[task.goalId] ?? ''}-priority ${goal}`,
    );
  }
  if (breakdown.staleness > 0) {
    const waited = plural(-window.days(waitingSince(task)), 'day');
    sentences.set(
      'staleness',
      facts.longestWaiting ? `The longest untouched: waiting ${waited}` : `Waiting ${waited}`,
    );
  }
  if (breakdown.effort > 0 && task.estimatedMinutes !== null) {
    const minutes = task.estimatedMinutes;
    sentences.set(
      'effort',
      minutes <= facts.minutesLeft
        ? `Fits the time left: ${minutes} of ${facts.minutesLeft} minutes`
        : `Fits in your ${context.capacityMinutes} minutes today (${minutes} min)`,
    );
  }
  return sentences;
}

/**
 * Every reason of a pick, the one that made it win first: the part it gained most on over the
 * runner-up (the best task left out), so that each line names what set this task apart, not
 * what all of them share. Then the others by their points; a negative effort note last.
 */
function reasonsFor(
  task: TopThreeTask,
  breakdown: ScoreBreakdown,
  context: TopThreeContext,
  window: DayWindow,
  facts: ReasonFacts,
  runnerUp: ScoreBreakdown | null,
  taken: ReadonlySet<string>,
): string[] {
  const sentences = partSentences(task, breakdown, context, window, facts);
  const parts = SPECIFIC_FIRST.filter((part) => sentences.has(part));
  // A runner-up's penalty (too big for the day) is not something this task gained.
  const margin = (part: Part) => breakdown[part] - Math.max(0, runnerUp?.[part] ?? 0);
  const byPoints = [...parts].sort((a, b) => breakdown[b] - breakdown[a]);
  const winning = [...parts].sort((a, b) => margin(b) - margin(a));
  // A goal's line another pick already leads with moves aside when this task has another edge
  // to name: the goal is what they share. Two tasks both due today both say so.
  const shared = (part: Part) =>
    (part === 'topGoal' || part === 'priority') && taken.has(sentences.get(part) ?? '');
  const lead = winning.find((part) => margin(part) > 0 && !shared(part)) ?? winning[0];
  const ordered = lead === undefined ? [] : [lead, ...byPoints.filter((part) => part !== lead)];
  const reasons = ordered.map((part) => sentences.get(part) ?? '');
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

/** True when no other open task of the day has waited as long as `task`. */
function waitedLongest(
  task: TopThreeTask,
  tasks: readonly TopThreeTask[],
  localDate: string,
): boolean {
  const since = waitingSince(task);
  for (const other of tasks) {
    if (other === task || other.status !== 'open') continue;
    if (other.scheduledDate !== null && other.scheduledDate > localDate) continue;
    if (waitingSince(other) <= since) return false;
  }
  return true;
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
  // The three and the runner-up, whose breakdown says what made each of the three win.
  const best: Array<{ task: TopThreeTask; score: number }> = [];
  // A task can still take fourth place on a tie (smaller id), so the floor is the fourth score.
  let floor = Number.NEGATIVE_INFINITY;
  // Once the floor is high enough, a task needs a due date no later than this to reach it even
  // with full marks on everything else: one string comparison rejects most of a long list.
  let latestDue: string | null = null;
  for (let i = 0; i < tasks.length; i += 1) {
    const task = tasks[i] as TopThreeTask;
    if (task.status !== 'open' || (task.scheduledDate !== null && task.scheduledDate > localDate)) {
      continue;
    }
    if (latestDue !== null && (task.dueDate === null || task.dueDate > latestDue)) continue;
    // Most of the rest cannot reach the fourth place even with full marks on everything but its
    // dates: two date comparisons and it is out.
    if (dueOf(task, window) + milestoneOf(task, window) + MAX_OTHER_POINTS < floor) continue;
    const score = scoreOf(task, context, window, topGoals);
    const last = best[3];
    if (last && !ranksBefore(score, task.id, last.score, last.task.id)) continue;
    let index = best.length < 4 ? best.length : 3;
    while (index > 0) {
      const previous = best[index - 1];
      if (!previous || !ranksBefore(score, task.id, previous.score, previous.task.id)) break;
      index -= 1;
    }
    best.splice(index, 0, { task, score });
    if (best.length > 4) best.pop();
    if (best.length === 4) {
      const fourth = best[3]?.score ?? floor;
      if (fourth !== floor) {
        floor = fourth;
        const needed = floor - MAX_OTHER_POINTS - MAX_MILESTONE_POINTS;
        latestDue = needed > 0 ? dueCutoff(needed, window) : null;
      }
    }
  }
  const runner = best[3];
  let runnerUp: ScoreBreakdown | null = null;
  if (runner) {
    runnerUp = emptyBreakdown();
    scoreOf(runner.task, context, window, topGoals, runnerUp);
  }
  const taken = new Set<string>();
  let minutesLeft = context.capacityMinutes;
  return best.slice(0, 3).map(({ task, score }) => {
    const breakdown = emptyBreakdown();
    scoreOf(task, context, window, topGoals, breakdown);
    const facts: ReasonFacts = {
      minutesLeft: Math.max(0, minutesLeft),
      // Asked only of a pick whose wait scored: most lists hold an older task within a few rows.
      longestWaiting: breakdown.staleness > 0 && waitedLongest(task, tasks, localDate),
    };
    const reasons = reasonsFor(task, breakdown, context, window, facts, runnerUp, taken);
    minutesLeft -= task.estimatedMinutes ?? 0;
    const reason = reasons[0] ?? 'Next on your list';
    taken.add(reason);
    return { taskId: task.id, score, breakdown, reason, reasons };
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
