import type { CoachDomain, GoalMetric, SmartGoal } from '#contracts/coach.ts';
import { detectActivity, genericTemplate } from './activity.ts';
import { goalIntent, type GoalIntent, keepsIntent } from './intent.ts';
import { normalizeGoalText } from './parse.ts';
import {
  type ActivityTemplate,
  cumulativeMilestone,
  findQuantity,
  formatAmount,
  type MilestoneText,
  stagedMilestone,
  type TemplateContext,
} from './templates/kit.ts';

/**
 * A goal no activity template knows ("build a treehouse with my kids", "restore my grandfather's
 * motorbike") keeps the person's own words: the title is their phrase, the metric what they
 * counted (or the thing itself, done once), and the plan is clear steps toward it, never another
 * activity's template.
 */

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** The metric a free-form goal states: a count, an amount of money, else the thing done once. */
export function ownWordsMetric(context: TemplateContext, intent: GoalIntent): GoalMetric {
  const count = findQuantity(context.quantities, 'count');
  if (count) return { name: capitalize(count.noun), target: count.value, unit: count.noun };
  const money = findQuantity(context.quantities, 'money');
  if (money) return { name: 'Amount reached', target: money.value, unit: money.currency };
  const noun = intent.keywords.find((word) => word !== intent.verb) ?? 'goal';
  return { name: 'Done', target: 1, unit: shorten(noun, 30) };
}

export function ownWordsTemplate(
  base: ActivityTemplate,
  domain: CoachDomain,
  intent: GoalIntent,
  title: string,
): ActivityTemplate {
  const name = shorten(capitalize(title), 120);
  const steps: readonly MilestoneText[] = [
    {
      title: 'Plan the steps',
      description: `Write down what “${shorten(name, 80)}” needs: the steps, the things to get and who can help.`,
    },
    { title: 'First part done', description: 'The first real piece is finished.' },
    { title: 'Halfway there', description: 'Half of the steps are done; adjust the rest.' },
    { title: 'Most of it done', description: 'Only the last steps are left.' },
    {
      title: `${shorten(name, 100)}: done`,
      description: 'The goal is reached as you described it.',
    },
  ];
  const counted = cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} so far`),
    ['Start with the first few.', 'Keep a steady rhythm.', 'Review what works.', 'Finish strong.'],
  );
  return {
    ...base,
    id: 'own_words',
    domain,
    generic: false,
    cues: /$^/,
    metric: (context) => ownWordsMetric(context, intent),
    targetQuestion: undefined,
    fallbackMetric: (_plan, context) =>
      context ? ownWordsMetric(context, intent) : { name: 'Done', target: 1, unit: 'goal' },
    title: () => name,
    specific: (metric) =>
      metric.target > 1
        ? `${name}: ${formatAmount(metric.target, metric.unit)} in all, a steady number each week.`
        : `${name}, in clear steps with a check-in at each milestone.`,
    firstStep: () =>
      `List the first three things “${shorten(name, 60)}” needs, then do the first one.`,
    milestone: (index, count, metric) =>
      metric.target > 1 && metric.unit !== 'goal'
        ? counted(index, count, metric)
        : index === count - 1
          ? (steps.at(-1) as MilestoneText)
          : stagedMilestone(steps.slice(0, -1))(index, count - 1),
    setupTasks: [
      { title: `Write down what “${shorten(name, 60)}” needs`, minutes: 20 },
      { title: 'Gather what you need for the first step', minutes: 30 },
    ],
    practice: [
      {
        title: () => `Work on: ${shorten(name, 100)}`,
        timesPerWeek: 2,
        minMinutes: 20,
        maxMinutes: 90,
      },
    ],
    // Nothing is known about how long the person's own project takes: their date stands.
    minWeeks: () => 0,
    maxPerWeek: undefined,
    notes: [],
  };
}

/**
 * The template a plan is built from: the activity found in the goal's fields, unless it would
 * not keep the goal's own activity (a goal in the person's words), which gets its own steps.
 */
export function planTemplate(goal: SmartGoal, description: string): ActivityTemplate {
  // The reading depends only on these words: a goal planned again ("Plan more", a repair, an
  // edit of its hours or dates) reuses it rather than classifying and tagging it each time.
  const key = `${goal.domain}\u0000${goal.title}\u0000${description}`;
  const cached = templates.get(key);
  if (cached) return cached;
  const template = readPlanTemplate(goal, description);
  if (templates.size >= 200) templates.delete(templates.keys().next().value as string);
  templates.set(key, template);
  return template;
}

const templates = new Map<string, ActivityTemplate>();

function readPlanTemplate(goal: SmartGoal, description: string): ActivityTemplate {
  const detected = detectActivity(description, goal.domain);
  const intent = goalIntent(goal.title);
  const about = intent.keywords.some((word) => detected.template.cues.test(word));
  if (detected.template.generic !== true && about) return detected.template;
  const metric = detected.template.metric({
    text: normalizeGoalText(description),
    quantities: [],
    timeZone: 'UTC',
  });
  const sample = metric ?? goal.metric;
  const text = `${detected.template.title(sample, { text: '', quantities: [], timeZone: 'UTC' })} ${detected.template.specific(sample)}`;
  if (detected.template.generic !== true && keepsIntent(intent, text)) return detected.template;
  if (detected.template.generic === true && intent.keywords.length === 0) return detected.template;
  return ownWordsTemplate(genericTemplate(goal.domain), goal.domain, intent, goal.title);
}
