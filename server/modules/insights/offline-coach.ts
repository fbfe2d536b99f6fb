import {
  EXPERIMENT_SLIPS,
  INSIGHT_LIST_MAX,
  PROPOSED_EXPERIMENT_DAYS,
  SMALL_TASK_MINUTES,
  type InsightFigures,
  type InsightSuggestion,
  type InsightWords,
} from '#contracts/insights.ts';
import { formatDate } from '#contracts/local-date.ts';

// The offline coach: plain, specific sentences and suggestions written from a week's figures by
// rules, with no model. Pure, so each wording is tested on its own.

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const tasks = (n: number) => (n === 1 ? '1 task' : `${n} tasks`);
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const quoted = (title: string) => `“${title}”`;

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function movedForwardSentence(figures: InsightFigures): string {
  const { movedForward, tasksDone } = figures;
  if (movedForward.length === 0) {
    return tasksDone === 0
      ? 'No task was done this week, so no goal moved forward.'
      : `You did ${tasks(tasksDone)}, none of them for an active goal.`;
  }
  const parts = movedForward.map((goal) => {
    const minutes = goal.minutes > 0 ? `, about ${goal.minutes} minutes` : '';
    return `${quoted(goal.title)} (${tasks(goal.tasksDone)}${minutes}, now at ${goal.progress}%)`;
  });
  return `You did ${tasks(tasksDone)}. What moved forward: ${list(parts)}.`;
}

function slippingSentence(figures: InsightFigures): string {
  const { slipping, skipped } = figures;
  if (slipping.length === 0) {
    return skipped === 0
      ? 'Nothing kept slipping: no task was skipped or left behind in your top three.'
      : `Nothing slipped more than once; you skipped ${tasks(skipped)} in all.`;
  }
  const parts = slipping.map((task) => `${quoted(task.title)} slipped ${times(task.slips)}`);
  return `${list(parts)}.`;
}

function topThreeSentence(figures: InsightFigures): string {
  const { days: withTopThree, allDone } = figures.topThree;
  if (withTopThree === 0) return 'You had no top three this week: open Today to get one.';
  if (allDone === withTopThree) return `You finished your whole top three on all ${days(allDone)}.`;
  return `You finished your whole top three on ${allDone} of ${days(withTopThree)}.`;
}

function streakSentence(figures: InsightFigures): string {
  const { before, after, best } = figures.streak;
  if (after === 0 && before === 0)
    return 'No streak yet: one day with the top three all done starts it.';
  if (after === 0)
    return `Your ${before}-day streak ended; one full top-three day starts a new one.`;
  if (after > before) {
    const record = after >= best ? ', your best so far' : '';
    return `Your streak grew from ${days(before)} to ${days(after)}${record}.`;
  }
  return `Your streak is ${days(after)}.`;
}

function headline(figures: InsightFigures): string {
  const [top] = figures.movedForward;
  const [slip] = figures.slipping;
  if (top && slip)
    return `${quoted(top.title)} moved forward; ${quoted(slip.title)} kept slipping.`;
  if (top) return `${quoted(top.title)} moved forward this week.`;
  if (slip) return `${quoted(slip.title)} kept slipping this week.`;
  return figures.tasksDone > 0 ? `${tasks(figures.tasksDone)} done this week.` : 'A quiet week.';
}

export function offlineWords(figures: InsightFigures): InsightWords {
  return {
    headline: headline(figures).slice(0, 200),
    movedForward: movedForwardSentence(figures).slice(0, 600),
    slipping: slippingSentence(figures).slice(0, 600),
    topThree: topThreeSentence(figures),
    streak: streakSentence(figures),
  };
}

/** Half the estimate, rounded to 5 minutes, between 5 and 15; null when already that short. */
export function shorterMinutes(estimate: number | null): number | null {
  if (estimate === null) return 15;
  if (estimate <= 10) return null;
  return Math.min(15, Math.max(5, Math.round(estimate / 2 / 5) * 5));
}

type SlippingTask = InsightFigures['slipping'][number];
const undecided = { state: 'open', taskId: null, decidedAt: null } as const;

/** The title of the experiment proposed for a task (also how an open one is recognised). */
export function experimentTitle(taskTitle: string): string {
  return `Try ${quoted(taskTitle.slice(0, 80))} first thing for ${PROPOSED_EXPERIMENT_DAYS} days`;
}

function experimentSuggestion(
  task: SlippingTask & { taskId: string },
  id: string,
): InsightSuggestion {
  const name = quoted(task.title.slice(0, 80));
  const title = experimentTitle(task.title);
  return {
    ...undecided,
    id,
    kind: 'experiment',
    targetTaskId: task.taskId,
    draft: {
      title,
      hypothesis: `Doing ${name} before anything else in the day makes it happen, and go better, than fitting it in later.`,
      change: `For ${PROPOSED_EXPERIMENT_DAYS} days, do ${name} first thing. Each day, rate 1–5: how did ${name} go?`,
      days: PROPOSED_EXPERIMENT_DAYS,
      goalId: task.goalId ?? null,
    },
    experimentId: null,
    text: `Run an experiment: ${title.replace(/^Try/, 'try')}, rating each day how it went. It slipped ${times(task.slips)} this week.`,
  };
}

/**
 * One to three proposals from the figures: each slipping task (still open) shortened, or moved to
 * the lightest coming day when it is already short; for the most slipped task, when it slipped
 * EXPERIMENT_SLIPS times or more, a personal experiment (unless `openExperiments`, the titles of
 * the person's planned and running experiments, has it already); then a small task for each
 * stalled goal.
 */
export function offlineSuggestions(
  figures: InsightFigures,
  newId: () => string,
  openExperiments: ReadonlySet<string> = new Set(),
): InsightSuggestion[] {
  const suggestions: InsightSuggestion[] = [];
  let experimentOffered = false;
  for (const task of figures.slipping) {
    const { taskId } = task;
    if (!taskId) continue;
    const why = `it slipped ${times(task.slips)} this week`;
    const minutes = shorterMinutes(task.estimatedMinutes);
    if (minutes !== null) {
      suggestions.push({
        ...undecided,
        id: newId(),
        kind: 'shorten',
        targetTaskId: taskId,
        minutes,
        text: `Shorten ${quoted(task.title)} to ${minutes} minutes: ${why}.`,
      });
    } else if (figures.lightestDay) {
      suggestions.push({
        ...undecided,
        id: newId(),
        kind: 'reschedule',
        targetTaskId: taskId,
        to: figures.lightestDay,
        text: `Move ${quoted(task.title)} to ${formatDate(figures.lightestDay, figures.lightestDay, 'en-GB')}, your lightest coming day: ${why}.`,
      });
    }
    const tryIt =
      !experimentOffered &&
      task.slips >= EXPERIMENT_SLIPS &&
      !openExperiments.has(experimentTitle(task.title));
    if (tryIt) {
      experimentOffered = true;
      suggestions.push(experimentSuggestion({ ...task, taskId }, newId()));
    }
  }
  for (const goal of figures.stalledGoals) {
    const title = `${SMALL_TASK_MINUTES} minutes on ${goal.title}`.slice(0, 160);
    suggestions.push({
      ...undecided,
      id: newId(),
      kind: 'add_task',
      goalId: goal.goalId,
      title,
      minutes: SMALL_TASK_MINUTES,
      text: `Add a ${SMALL_TASK_MINUTES}-minute task for ${quoted(goal.title)}: it had no progress this week.`.slice(
        0,
        300,
      ),
    });
  }
  return suggestions.slice(0, INSIGHT_LIST_MAX);
}

/** What a suggestion is about, to keep a decided one across a refresh instead of offering it again. */
export function suggestionKey(suggestion: InsightSuggestion): string {
  if (suggestion.kind === 'add_task') return `goal:${suggestion.goalId}`;
  if (suggestion.kind === 'experiment') return `experiment:${suggestion.targetTaskId}`;
  return `task:${suggestion.targetTaskId}`;
}

/**
 * A refresh's suggestions: the ones already accepted or dismissed stay (the record of what the
 * person decided), then fresh ones about anything else, at most three in all.
 */
export function mergeSuggestions(
  previous: readonly InsightSuggestion[],
  fresh: readonly InsightSuggestion[],
): InsightSuggestion[] {
  const decided = previous.filter((s) => s.state !== 'open');
  const taken = new Set(decided.map(suggestionKey));
  return [...decided, ...fresh.filter((s) => !taken.has(suggestionKey(s)))].slice(
    0,
    INSIGHT_LIST_MAX,
  );
}
