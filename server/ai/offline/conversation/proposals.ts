import type { ProposalDraft } from '#contracts/coaching.ts';
import type { PersonFacts, ProposedChange } from '#server/ai/conversation.ts';
import { type Goal, type KnownTask, lightestDay, preferredTime } from './facts.ts';
import { clip, dayLabel } from './text.ts';

/**
 * The concrete changes the offline coach proposes. Each is built from the person's own rows (a
 * task id from their missed or upcoming tasks, a goal id from their goals), dated today or later,
 * and fits `proposalDraftSchema`; nothing is written until they accept it. `reason` is written by
 * the caller's voice (tone shapes the wording, never the change itself).
 */

export interface Drafted {
  draft: ProposalDraft;
  /** The facts behind it, for the reason sentence. */
  describe: string;
}

/**
 * Moves a task to the lightest of the next seven days (or `to` when the person named a day),
 * never to the date it already has and never before today.
 */
export function moveTask(
  facts: PersonFacts,
  task: Pick<KnownTask, 'taskId' | 'title' | 'date'>,
  options: { to?: string; extra?: Map<string, number> } = {},
): Drafted | null {
  const to =
    options.to && options.to >= facts.today && options.to !== task.date
      ? options.to
      : lightestDay(facts, {
          except: task.date,
          ...(options.extra ? { extra: options.extra } : {}),
        }).date;
  if (to === task.date || to < facts.today) return null;
  options.extra?.set(to, (options.extra.get(to) ?? 0) + 30);
  return {
    draft: {
      kind: 'move_task',
      taskId: task.taskId,
      title: clip(task.title, 160),
      from: task.date,
      to,
    },
    describe: `“${clip(task.title, 80)}” from ${dayLabel(task.date, facts.today)} to ${dayLabel(to, facts.today)}`,
  };
}

/**
 * A first task of 10–15 minutes for a goal with nothing planned: its next milestone's first step
 * when it has one, on the lightest day (today when today is as light as any). Harder coaches ask
 * for the 15 minutes.
 */
export function firstStep(
  facts: PersonFacts,
  goal: Goal,
  options: { minutes?: 10 | 15; date?: string } = {},
): Drafted {
  const minutes = options.minutes ?? 15;
  const date = options.date && options.date >= facts.today ? options.date : lightestDay(facts).date;
  const what = goal.nextMilestone
    ? `${minutes} minutes towards “${clip(goal.nextMilestone.title, 70)}”`
    : `${minutes} minutes on “${clip(goal.title, 70)}”: note the very next step`;
  return {
    draft: { kind: 'add_task', title: clip(what, 160), goalId: goal.id, date, minutes },
    describe: `${minutes} minutes for “${clip(goal.title, 80)}” ${dayLabel(date, facts.today)}`,
  };
}

/** A short start on a task the person is stuck on: 10 minutes of it, today. */
export function tenMinuteStart(
  facts: PersonFacts,
  task: Pick<KnownTask, 'title' | 'goalId'>,
): Drafted {
  return {
    draft: {
      kind: 'add_task',
      title: clip(`Just start: 10 minutes of “${clip(task.title, 120)}”`, 160),
      goalId: task.goalId,
      date: facts.today,
      minutes: 10,
    },
    describe: `10 minutes of “${clip(task.title, 80)}” today`,
  };
}

/**
 * A habit experiment for something that keeps slipping: the same small slot every day for 7
 * days (gentle coaches) or 14 (harder ones), anchored to the time of day the person said they
 * prefer when their coach remembers it.
 */
export function habitExperiment(
  facts: PersonFacts,
  item: { title: string; goalId: string | null; times: number },
  days: 7 | 14,
): Drafted {
  const when = preferredTime(facts);
  const slot = when ? `every ${when}` : 'at the same time every day';
  const subject = clip(item.title, 70);
  return {
    draft: {
      kind: 'experiment',
      title: clip(`${days} days of “${subject}” ${slot}`, 120),
      hypothesis: clip(
        `If I give “${subject}” the same small slot ${slot}, it will stop slipping (it has slipped ${item.times === 1 ? 'for days' : `${item.times} times`}).`,
        1000,
      ),
      change: clip(
        `For ${days} days, do 10 minutes of “${subject}” ${slot}, even on a busy day, and tick it off.`,
        1000,
      ),
      days,
      goalId: item.goalId,
    },
    describe: `a ${days}-day experiment with “${subject}” ${slot}`,
  };
}

/**
 * Two goals that want the same time: alternate days between them for two weeks, so both keep
 * moving without either being skipped.
 */
export function alternateDays(a: Goal, b: Goal): Drafted {
  const left = clip(a.title, 50);
  const right = clip(b.title, 50);
  return {
    draft: {
      kind: 'experiment',
      title: clip(`Alternate days: “${left}” and “${right}”`, 120),
      hypothesis: `If “${left}” and “${right}” take turns day by day for two weeks, both move forward and neither is skipped.`,
      change: `For 14 days, give one day to “${left}” and the next to “${right}”, never both on the same day.`,
      days: 14,
      goalId: a.id,
    },
    describe: `alternating days between “${left}” and “${right}” for two weeks`,
  };
}

export function withReason(drafted: Drafted, reason: string): ProposedChange {
  return { draft: drafted.draft, reason: clip(reason, 400) };
}
