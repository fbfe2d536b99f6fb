import { addDays, daysBetween } from '#contracts/local-date.ts';
import type { PersonFacts } from '#server/ai/conversation.ts';
import { contentWords, overlap } from './text.ts';

/**
 * Readings of the person's own figures that the replies, the reflection and the team share:
 * which day is lightest, which goal has nothing planned, what keeps slipping, where the goals
 * collide. Nothing here invents a figure; each answer points back to a row of PersonFacts.
 */

export type Goal = PersonFacts['goals'][number];
export type MissedTask = PersonFacts['missed'][number];
export type UpcomingTask = PersonFacts['upcoming'][number];

/** A task's minutes when it has no estimate: a typical planned task. */
const UNKNOWN_MINUTES = 30;

/** A task the person may be speaking of, wherever it sits in their plan. */
export interface KnownTask {
  taskId: string;
  title: string;
  /** Its scheduled date; today's top three are today's. */
  date: string;
  goalId: string | null;
  minutes: number | null;
  where: 'missed' | 'top_three' | 'upcoming';
}

export function knownTasks(facts: PersonFacts): KnownTask[] {
  const seen = new Set<string>();
  const tasks: KnownTask[] = [];
  const add = (task: KnownTask) => {
    if (seen.has(task.taskId)) return;
    seen.add(task.taskId);
    tasks.push(task);
  };
  for (const task of facts.missed) {
    add({ ...task, date: task.scheduledDate, minutes: null, where: 'missed' });
  }
  for (const task of facts.topThree) {
    if (task.status !== 'open') continue;
    const planned = facts.upcoming.find((u) => u.taskId === task.taskId);
    add({
      taskId: task.taskId,
      title: task.title,
      date: facts.today,
      goalId: task.goalId,
      minutes: planned?.minutes ?? null,
      where: 'top_three',
    });
  }
  for (const task of facts.upcoming) {
    add({ ...task, date: task.scheduledDate, where: 'upcoming' });
  }
  return tasks;
}

/** The open task whose title shares the most words with the message (at least one). */
export function taskNamed(facts: PersonFacts, words: ReadonlySet<string>): KnownTask | null {
  let best: KnownTask | null = null;
  let bestScore = 0;
  for (const task of knownTasks(facts)) {
    const score = overlap(words, task.title);
    if (score > bestScore) {
      best = task;
      bestScore = score;
    }
  }
  return best;
}

/** The goal whose title (or next milestone) shares the most words with the message. */
export function goalNamed(facts: PersonFacts, words: ReadonlySet<string>): Goal | null {
  let best: Goal | null = null;
  let bestScore = 0;
  for (const goal of facts.goals) {
    const score =
      overlap(words, goal.title) * 2 +
      (goal.nextMilestone ? overlap(words, goal.nextMilestone.title) : 0);
    if (score > bestScore) {
      best = goal;
      bestScore = score;
    }
  }
  return best;
}

/** Minutes planned on each of the next seven days, today first. */
export function dayLoads(
  facts: PersonFacts,
): Array<{ date: string; minutes: number; tasks: number }> {
  const days = Array.from({ length: 7 }, (_, i) => ({
    date: addDays(facts.today, i),
    minutes: 0,
    tasks: 0,
  }));
  for (const task of facts.upcoming) {
    const day = days.find((d) => d.date === task.scheduledDate);
    if (!day) continue;
    day.minutes += task.minutes ?? UNKNOWN_MINUTES;
    day.tasks += 1;
  }
  return days;
}

/**
 * The lightest of the next seven days (fewest minutes planned, then the earliest), optionally
 * leaving out a date (where the task already is) and counting minutes already proposed.
 */
export function lightestDay(
  facts: PersonFacts,
  options: { except?: string; extra?: ReadonlyMap<string, number> } = {},
): { date: string; minutes: number; tasks: number } {
  const loads = dayLoads(facts)
    .filter((day) => day.date !== options.except)
    .map((day) => ({ ...day, minutes: day.minutes + (options.extra?.get(day.date) ?? 0) }));
  let best = loads[0] ?? { date: facts.today, minutes: 0, tasks: 0 };
  for (const day of loads) if (day.minutes < best.minutes) best = day;
  return best;
}

export function heaviestDay(facts: PersonFacts): { date: string; minutes: number; tasks: number } {
  const loads = dayLoads(facts);
  let best = loads[0] ?? { date: facts.today, minutes: 0, tasks: 0 };
  for (const day of loads) if (day.minutes > best.minutes) best = day;
  return best;
}

/** Upcoming tasks of a goal. */
export function upcomingOf(facts: PersonFacts, goalId: string): UpcomingTask[] {
  return facts.upcoming.filter((task) => task.goalId === goalId);
}

export function missedOf(facts: PersonFacts, goalId: string): MissedTask[] {
  return facts.missed.filter((task) => task.goalId === goalId);
}

/**
 * A goal with nothing planned in the next seven days: pinned goals first, then the nearest
 * deadline. Goals whose deadline has passed are left out (there is nothing to start).
 */
export function goalsWithNothingPlanned(facts: PersonFacts): Goal[] {
  return facts.goals
    .filter((goal) => goal.deadline >= facts.today && upcomingOf(facts, goal.id).length === 0)
    .filter((goal) => !facts.topThree.some((t) => t.goalId === goal.id && t.status === 'open'))
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.deadline.localeCompare(b.deadline));
}

/** The goal with the nearest deadline still ahead (pinned first on a tie). */
export function nearestDeadline(facts: PersonFacts): Goal | null {
  const ahead = facts.goals
    .filter((goal) => goal.deadline >= facts.today)
    .sort((a, b) => a.deadline.localeCompare(b.deadline) || Number(b.pinned) - Number(a.pinned));
  return ahead[0] ?? null;
}

/** The goal furthest along. */
export function leadingGoal(facts: PersonFacts): Goal | null {
  let best: Goal | null = null;
  for (const goal of facts.goals) if (!best || goal.progress > best.progress) best = goal;
  return best;
}

/** The goal to speak of when the person named none: pinned, then nearest deadline, then first. */
export function focusGoal(facts: PersonFacts): Goal | null {
  return (
    facts.goals.find((goal) => goal.pinned) ?? nearestDeadline(facts) ?? facts.goals[0] ?? null
  );
}

/**
 * Something that keeps slipping: a title missed more than once (a repeating task's occurrences),
 * or a goal with several missed tasks, or a task missed for four days or more.
 */
export function slipping(
  facts: PersonFacts,
): { title: string; goalId: string | null; times: number; since: string } | null {
  const byTitle = new Map<string, MissedTask[]>();
  for (const task of facts.missed) {
    const key = task.title.trim().toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), task]);
  }
  for (const tasks of byTitle.values()) {
    const first = tasks[0];
    if (first && tasks.length >= 2) {
      return {
        title: first.title,
        goalId: first.goalId,
        times: tasks.length,
        since: first.scheduledDate,
      };
    }
  }
  for (const goal of facts.goals) {
    const missed = missedOf(facts, goal.id);
    const first = missed[0];
    if (first && missed.length >= 3) {
      return {
        title: goal.title,
        goalId: goal.id,
        times: missed.length,
        since: first.scheduledDate,
      };
    }
  }
  const oldest = facts.missed[0];
  if (oldest && daysBetween(oldest.scheduledDate, facts.today) >= 4) {
    return { title: oldest.title, goalId: oldest.goalId, times: 1, since: oldest.scheduledDate };
  }
  return null;
}

/** The memory lines that share words with the text, else the newest one. */
export function relevantMemory(facts: PersonFacts, text: string, fallback = true): string | null {
  const words = new Set(contentWords(text));
  const matching = facts.memory.find((line) => overlap(words, line) > 0);
  return matching ?? (fallback ? (facts.memory[0] ?? null) : null);
}

/** A time of day the person said they prefer, from memory ("prefers mornings"). */
export function preferredTime(facts: PersonFacts): string | null {
  for (const line of facts.memory) {
    const match = /\b(morning|afternoon|evening|lunch(?:time)?|night)s?\b/i.exec(line);
    if (match?.[1]) return match[1].toLowerCase();
  }
  return null;
}

/** The weekly hours the goals ask for, and what the person can give a week (when known). */
export function weeklyBudget(facts: PersonFacts): {
  asked: number;
  goals: Array<{ goal: Goal; hours: number }>;
  available: number | null;
} {
  const goals = facts.goals
    .filter(
      (goal) => goal.weeklyHours !== null && goal.weeklyHours > 0 && goal.deadline >= facts.today,
    )
    .map((goal) => ({ goal, hours: goal.weeklyHours ?? 0 }));
  const asked = goals.reduce((sum, entry) => sum + entry.hours, 0);
  const available =
    facts.dailyCapacityMinutes === null ? null : (facts.dailyCapacityMinutes * 7) / 60;
  return { asked, goals, available };
}

/** Pairs of goals whose deadlines fall within 14 days of each other, closest first. */
export function collidingDeadlines(facts: PersonFacts): Array<{ a: Goal; b: Goal; days: number }> {
  const ahead = facts.goals
    .filter((goal) => goal.deadline >= facts.today)
    .sort((x, y) => x.deadline.localeCompare(y.deadline));
  const pairs: Array<{ a: Goal; b: Goal; days: number }> = [];
  for (let i = 0; i < ahead.length; i += 1) {
    for (let j = i + 1; j < ahead.length; j += 1) {
      const a = ahead[i];
      const b = ahead[j];
      if (!a || !b) continue;
      const days = daysBetween(a.deadline, b.deadline);
      if (days <= 14) pairs.push({ a, b, days });
    }
  }
  return pairs.sort((x, y) => x.days - y.days);
}

/** Pinned goals with nothing in the next seven days while other goals have tasks there. */
export function crowdedOutPinned(
  facts: PersonFacts,
): Array<{ goal: Goal; others: Array<{ goal: Goal; tasks: number }> }> {
  const others = facts.goals
    .map((goal) => ({ goal, tasks: upcomingOf(facts, goal.id).length }))
    .filter((entry) => entry.tasks > 0)
    .sort((a, b) => b.tasks - a.tasks);
  if (others.length === 0) return [];
  return facts.goals
    .filter(
      (goal) =>
        goal.pinned && goal.deadline >= facts.today && upcomingOf(facts, goal.id).length === 0,
    )
    .map((goal) => ({ goal, others: others.filter((entry) => entry.goal.id !== goal.id) }));
}

/** Today's top three, counted. */
export function topThreeCounts(facts: PersonFacts): {
  done: number;
  open: number;
  skipped: number;
} {
  const counts = { done: 0, open: 0, skipped: 0 };
  for (const task of facts.topThree) counts[task.status] += 1;
  return counts;
}
