import type { CoachDomain } from '#contracts/coach.ts';
import type { PersonFacts } from '#server/ai/conversation.ts';
import {
  dayLoads,
  focusGoal,
  type Goal,
  goalsWithNothingPlanned,
  heaviestDay,
  knownTasks,
  type KnownTask,
  leadingGoal,
  lightestDay,
  missedOf,
  nearestDeadline,
  preferredTime,
  relevantMemory,
  slipping,
  topThreeCounts,
  upcomingOf,
} from './facts.ts';
import type { ConversationIntent, ReadMessage } from './intents.ts';
import {
  datedTask,
  goalLine,
  milestoneLine,
  noGoalLine,
  streakLine,
  topThreeLine,
  weekLine,
} from './lines.ts';
import { type Drafted, firstStep, habitExperiment, moveTask, tenMinuteStart } from './proposals.ts';
import { experimentReason, firstStepReason, moveReason, startReason } from './reasons.ts';
import { count, dayLabel, fullDay, hours, listJoin, overlap, q } from './text.ts';
import {
  capitalise,
  experimentDays,
  type IntentGroup,
  say,
  stepMinutes,
  toneWord,
  type Voice,
} from './voice.ts';

/**
 * What each intent says, as sections the reply assembles by length: `core` sentences (the first
 * always quotes a figure), `figures` (a list), `offers` (a suggestion with its proposal) and
 * `advice` (a suggestion without one).
 */

export interface Offer {
  drafted: Drafted;
  /** A verb phrase for the suggestion ("move “Run” to **Friday 13 March**"). */
  action: string;
  reason: string;
}

export interface Sections {
  group: IntentGroup;
  core: string[];
  figures: string[];
  offers: Offer[];
  /** Verb phrases, suggested without a proposal. */
  advice: string[];
  /** Advice before the offers (a low day: the smallest thing first). */
  adviceFirst?: boolean;
  memory: string | null;
}

export interface ComposeContext {
  voice: Voice;
  facts: PersonFacts;
  read: ReadMessage;
  domain: CoachDomain;
  message: string;
}

const GROUPS: Record<ConversationIntent, IntentGroup> = {
  check_in: 'status',
  stuck: 'hard',
  missed: 'hard',
  low_motivation: 'hard',
  plan_week: 'plan',
  celebrate: 'win',
  goal_question: 'status',
  change_plan: 'plan',
  greeting: 'status',
  other: 'status',
};

/** A first goal to suggest, by the coach's domain (an example, never presented as a fact). */
const FIRST_GOALS: Record<CoachDomain, string> = {
  health: 'Walk 30 minutes three times a week until the end of next month',
  career: 'Finish one online course in my field by the end of the quarter',
  relationships: 'Call a friend or family member every Sunday for two months',
  personal_development: 'Read 20 pages every evening for six weeks',
};

function sections(group: IntentGroup, partial: Partial<Sections> = {}): Sections {
  return { group, core: [], figures: [], offers: [], advice: [], memory: null, ...partial };
}

function defined<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

function moveOffer(
  ctx: ComposeContext,
  task: Pick<KnownTask, 'taskId' | 'title' | 'date'>,
  extra: Map<string, number>,
  to?: string,
): Offer | null {
  const drafted = moveTask(ctx.facts, task, { extra, ...(to ? { to } : {}) });
  if (!drafted || drafted.draft.kind !== 'move_task') return null;
  const target = drafted.draft.to;
  const load = dayLoads(ctx.facts).find((day) => day.date === target)?.minutes ?? 0;
  return {
    drafted,
    action: say(ctx.voice, 'move {task} to **{day}**', {
      task: q(task.title),
      day: dayLabel(target, ctx.facts.today),
    }),
    reason: moveReason(ctx.voice, ctx.facts, target, load, to === target),
  };
}

function firstStepOffer(ctx: ComposeContext, goal: Goal, extra?: Map<string, number>): Offer {
  const minutes = stepMinutes(ctx.voice);
  const date = lightestDay(ctx.facts, extra ? { extra } : {}).date;
  extra?.set(date, (extra.get(date) ?? 0) + minutes);
  const drafted = firstStep(ctx.facts, goal, { minutes, date });
  return {
    drafted,
    action: say(ctx.voice, 'give {goal} **{minutes} minutes** {day}', {
      goal: q(goal.title),
      minutes: String(minutes),
      day: dayLabel(date, ctx.facts.today),
    }),
    reason: firstStepReason(ctx.voice, goal, minutes),
  };
}

/** "every morning" when the coach remembers a preferred time, else a fixed time. */
function slotWords(facts: PersonFacts): string {
  const when = preferredTime(facts);
  return when ? `every ${when}` : 'at the same time every day';
}

function experimentOffer(ctx: ComposeContext): Offer | null {
  const item = slipping(ctx.facts);
  if (!item) return null;
  const days = experimentDays(ctx.voice);
  const drafted = habitExperiment(ctx.facts, item, days);
  return {
    drafted,
    action: say(ctx.voice, 'try a **{days}-day experiment**: {item} {slot}', {
      days: String(days),
      item: q(item.title),
      slot: slotWords(ctx.facts),
    }),
    reason: experimentReason(ctx.voice, item.title, item.times),
  };
}

/** The first open task of today's top three. */
function nextOpen(facts: PersonFacts): PersonFacts['topThree'][number] | null {
  return facts.topThree.find((task) => task.status === 'open') ?? null;
}

function goalFiguresList(ctx: ComposeContext, limit = 3): string[] {
  return ctx.facts.goals.slice(0, limit).map((goal) => goalLine(ctx.voice, ctx.facts, goal));
}

function checkIn(ctx: ComposeContext): Sections {
  const { voice, facts } = ctx;
  const goal = focusGoal(facts);
  const extra = new Map<string, number>();
  const oldest = facts.missed[0];
  const gap = goalsWithNothingPlanned(facts)[0];
  const open = nextOpen(facts);
  return sections('status', {
    core: [
      topThreeLine(voice, facts) ?? weekLine(voice, facts),
      streakLine(voice, facts),
      goal ? goalLine(voice, facts, goal) : null,
    ].filter(defined),
    figures: [weekLine(voice, facts), ...goalFiguresList(ctx).slice(goal ? 1 : 0)],
    offers: [
      oldest ? moveOffer(ctx, { ...oldest, date: oldest.scheduledDate }, extra) : null,
      gap ? firstStepOffer(ctx, gap, extra) : null,
    ].filter(defined),
    advice: open ? [say(voice, 'start with {task}', { task: q(open.title) })] : [],
    memory: relevantMemory(facts, ctx.message),
  });
}

/** The task the person is stuck on: named, or their goal's next, or today's next, or the oldest. */
function stuckTask(ctx: ComposeContext): KnownTask | null {
  const { facts, read } = ctx;
  if (read.task) return read.task;
  const tasks = knownTasks(facts);
  if (read.goal) {
    const ofGoal = tasks.find((task) => task.goalId === read.goal?.id);
    if (ofGoal) return ofGoal;
  }
  return tasks.find((task) => task.where === 'top_three') ?? tasks[0] ?? null;
}

function stuck(ctx: ComposeContext): Sections {
  const { voice, facts, read } = ctx;
  const task = stuckTask(ctx);
  const goal = read.goal ?? (task ? (facts.goals.find((g) => g.id === task.goalId) ?? null) : null);
  const core: string[] = [];
  if (task) {
    core.push(
      say(
        voice,
        task.where === 'missed'
          ? '{task} has been waiting since {day}.'
          : '{task} is on your list for {day}.',
        { task: q(task.title), day: dayLabel(task.date, facts.today) },
      ),
    );
  }
  if (goal) core.push(goalLine(voice, facts, goal));
  if (core.length === 0) core.push(weekLine(voice, facts));
  const offers: Offer[] = [];
  if (task) {
    offers.push({
      drafted: tenMinuteStart(facts, task),
      action: say(voice, 'do just **10 minutes** of {task} today, then stop if you want to', {
        task: q(task.title),
      }),
      reason: startReason(voice, task.title),
    });
  } else if (goal) {
    offers.push(firstStepOffer(ctx, goal));
  }
  return sections('hard', {
    core,
    figures: [streakLine(voice, facts), weekLine(voice, facts)],
    offers,
    advice: [
      toneWord(voice, {
        supportive: 'be kind to the first attempt: it only has to exist, not be good',
        direct: 'close everything else and set a timer',
        analytical: 'write down the very first physical action; vague tasks are the ones we avoid',
        motivational: 'put on a song, start the timer and go',
        mindful: 'notice the resistance, breathe, and begin anyway',
      }),
    ],
    memory: relevantMemory(facts, `${ctx.message} ${task?.title ?? ''}`),
  });
}

function missed(ctx: ComposeContext): Sections {
  const { voice, facts } = ctx;
  const oldest = facts.missed[0];
  if (!oldest) {
    return sections('hard', {
      core: [
        say(voice, 'Nothing is overdue: every task before today is done or skipped.'),
        weekLine(voice, facts),
      ],
      figures: [streakLine(voice, facts)],
      offers: [experimentOffer(ctx)].filter(defined),
      memory: relevantMemory(facts, ctx.message, false),
    });
  }
  const extra = new Map<string, number>();
  const distinct = facts.missed.filter(
    (task, index) => facts.missed.findIndex((other) => other.title === task.title) === index,
  );
  const offers = distinct
    .slice(0, 2)
    .map((task) => moveOffer(ctx, { ...task, date: task.scheduledDate }, extra))
    .filter(defined);
  const experiment = experimentOffer(ctx);
  if (experiment) offers.splice(1, 0, experiment);
  return sections('hard', {
    core: [
      say(voice, 'You have **{n}** from before today; the oldest is {task}, from {day}.', {
        n: count(facts.missed.length, 'open task'),
        task: q(oldest.title),
        day: dayLabel(oldest.scheduledDate, facts.today),
      }),
      weekLine(voice, facts),
    ],
    figures: facts.missed.slice(0, 5).map((task) => datedTask(facts, task)),
    offers,
    memory: relevantMemory(facts, ctx.message, false),
  });
}

function lowMotivation(ctx: ComposeContext): Sections {
  const { voice, facts } = ctx;
  const leading = leadingGoal(facts);
  const smallest = [...facts.upcoming]
    .filter((task) => task.minutes !== null)
    .sort((a, b) => (a.minutes ?? 0) - (b.minutes ?? 0))[0];
  const gap = goalsWithNothingPlanned(facts)[0];
  // one proposal at most: on a low day, the smallest next thing matters more than a plan
  const offers = [experimentOffer(ctx) ?? (gap ? firstStepOffer(ctx, gap) : null)].filter(defined);
  return sections('hard', {
    core: [
      streakLine(voice, facts),
      leading ? goalLine(voice, facts, leading) : weekLine(voice, facts),
    ],
    figures: [weekLine(voice, facts), ...goalFiguresList(ctx).slice(leading ? 1 : 0)],
    offers,
    adviceFirst: true,
    advice: smallest
      ? [
          say(voice, 'do only {task} ({minutes} minutes) {day} and call it a win', {
            task: q(smallest.title),
            minutes: String(smallest.minutes),
            day: dayLabel(smallest.scheduledDate, facts.today),
          }),
        ]
      : [],
    memory: relevantMemory(facts, ctx.message),
  });
}

function planWeek(ctx: ComposeContext): Sections {
  const { voice, facts } = ctx;
  const loads = dayLoads(facts);
  const minutes = loads.reduce((sum, day) => sum + day.minutes, 0);
  const heavy = heaviestDay(facts);
  const light = lightestDay(facts);
  const core = [
    say(voice, 'The next 7 days hold **{tasks}**, about **{hours}**.', {
      tasks: count(facts.upcoming.length, 'task'),
      hours: hours(minutes / 60),
    }),
  ];
  const capacity = facts.dailyCapacityMinutes;
  const over = capacity === null ? [] : loads.filter((day) => day.minutes > capacity);
  if (capacity !== null && over.length > 0) {
    core.push(
      say(voice, '{days} {go} over the {capacity} minutes a day you said you can give.', {
        days: capitalise(listJoin(over.map((day) => dayLabel(day.date, facts.today)))),
        go: over.length === 1 ? 'goes' : 'go',
        capacity: String(capacity),
      }),
    );
  }
  if (facts.upcoming.length > 0) {
    core.push(
      say(
        voice,
        'The busiest day is {heavy} ({hm} minutes), the lightest {light} ({lm} minutes).',
        {
          heavy: dayLabel(heavy.date, facts.today),
          hm: String(heavy.minutes),
          light: dayLabel(light.date, facts.today),
          lm: String(light.minutes),
        },
      ),
    );
  }
  const soon = nearestDeadline(facts);
  if (soon) core.push(goalLine(voice, facts, soon));
  const extra = new Map<string, number>();
  const offers: Offer[] = [];
  const biggest = facts.upcoming
    .filter((task) => task.scheduledDate === heavy.date)
    .sort((a, b) => (b.minutes ?? 30) - (a.minutes ?? 30))[0];
  if (over.length > 0 && biggest) {
    const offer = moveOffer(ctx, { ...biggest, date: biggest.scheduledDate }, extra);
    if (offer) offers.push(offer);
  }
  for (const goal of goalsWithNothingPlanned(facts).slice(0, 2)) {
    offers.push(firstStepOffer(ctx, goal, extra));
  }
  return sections('plan', {
    core,
    figures: loads
      .filter((day) => day.tasks > 0)
      .map((day) =>
        say(voice, '{day}: {tasks}, {minutes} minutes', {
          day: dayLabel(day.date, facts.today),
          tasks: count(day.tasks, 'task'),
          minutes: String(day.minutes),
        }),
      ),
    offers,
    memory: relevantMemory(facts, ctx.message),
  });
}

function celebrate(ctx: ComposeContext): Sections {
  const { voice, facts, read } = ctx;
  const doneToday = facts.topThree.filter((task) => task.status === 'done');
  const named = doneToday.find((task) => overlap(read.words, task.title) > 0);
  const goal =
    read.goal ??
    (named ? (facts.goals.find((g) => g.id === named.goalId) ?? null) : null) ??
    leadingGoal(facts);
  const core: string[] = [];
  if (named) core.push(say(voice, '{task} is done.', { task: q(named.title) }));
  else if (doneToday.length > 0) core.push(topThreeLine(voice, facts) ?? '');
  core.push(streakLine(voice, facts));
  if (goal) core.push(goalLine(voice, facts, goal));
  const gap = goalsWithNothingPlanned(facts)[0];
  return sections('win', {
    core: core.filter((line) => line.length > 0),
    figures: [weekLine(voice, facts), goal ? milestoneLine(voice, facts, goal) : null].filter(
      defined,
    ),
    offers: voice.traits.challenge >= 4 && gap ? [firstStepOffer(ctx, gap)] : [],
    memory: relevantMemory(facts, ctx.message, false),
  });
}

function goalQuestion(ctx: ComposeContext): Sections {
  const { voice, facts, read } = ctx;
  const goal = read.goal ?? focusGoal(facts);
  if (!goal) return checkIn(ctx);
  const upcoming = upcomingOf(facts, goal.id);
  const late = missedOf(facts, goal.id);
  const core = [goalLine(voice, facts, goal), milestoneLine(voice, facts, goal)].filter(defined);
  const next = upcoming[0];
  core.push(
    next
      ? say(voice, 'It has {n} in the next 7 days, starting with {task} {day}.', {
          n: count(upcoming.length, 'task'),
          task: q(next.title),
          day: dayLabel(next.scheduledDate, facts.today),
        })
      : say(voice, 'It has nothing planned in the next 7 days.'),
  );
  if (late.length > 0) {
    core.push(
      say(voice, '{n} of it from before today {are} still open.', {
        n: count(late.length, 'task'),
        are: late.length === 1 ? 'is' : 'are',
      }),
    );
  }
  const figures = [
    goal.weeklyHours !== null
      ? say(voice, 'Planned effort: {hours} a week', { hours: hours(goal.weeklyHours) })
      : null,
    goal.pinned ? say(voice, 'Pinned as one of your priorities') : null,
    ...late.slice(0, 3).map((task) => datedTask(facts, task)),
  ].filter(defined);
  const extra = new Map<string, number>();
  const firstLate = late[0];
  const offers = [
    firstLate ? moveOffer(ctx, { ...firstLate, date: firstLate.scheduledDate }, extra) : null,
    upcoming.length === 0 && goal.deadline >= facts.today ? firstStepOffer(ctx, goal, extra) : null,
  ].filter(defined);
  return sections('status', {
    core,
    figures,
    offers,
    memory: relevantMemory(facts, `${ctx.message} ${goal.title}`, false),
  });
}

/** What to move when the person asks for a change: the task they named, else the obvious one. */
function taskToChange(ctx: ComposeContext): KnownTask | null {
  const { facts, read } = ctx;
  if (read.task) return read.task;
  const tasks = knownTasks(facts);
  if (read.lighter) {
    // "Thursday is too much": the day named is the one to lighten
    const source = read.day ?? heaviestDay(facts).date;
    const onSource = tasks
      .filter((task) => task.date === source && task.where !== 'missed')
      .sort((a, b) => (b.minutes ?? 30) - (a.minutes ?? 30))[0];
    if (onSource) return onSource;
  }
  if (read.goal) {
    const ofGoal = tasks.find((task) => task.goalId === read.goal?.id);
    if (ofGoal) return ofGoal;
  }
  return tasks[0] ?? null;
}

function changePlan(ctx: ComposeContext): Sections {
  const { voice, facts, read } = ctx;
  const task = taskToChange(ctx);
  if (!task) {
    const goal = read.goal ?? focusGoal(facts);
    return sections('plan', {
      core: [
        say(voice, 'There is nothing open to move: the next 7 days have **0 tasks** planned.'),
        goal ? goalLine(voice, facts, goal) : weekLine(voice, facts),
      ],
      offers: goal && goal.deadline >= facts.today ? [firstStepOffer(ctx, goal)] : [],
    });
  }
  const extra = new Map<string, number>();
  // the day named is where to move it, unless the person asked to lighten that day
  const target = read.lighter ? undefined : (read.day ?? undefined);
  const offer = moveOffer(ctx, task, extra, target);
  const core = [
    say(
      voice,
      task.date < facts.today ? '{task} was planned for {day}.' : '{task} is planned for {day}.',
      {
        task: q(task.title),
        day: dayLabel(task.date, facts.today),
      },
    ),
  ];
  if (target && target === task.date) {
    core.push(say(voice, "It's already planned for that day."));
  }
  const goal = facts.goals.find((g) => g.id === task.goalId);
  if (goal) core.push(goalLine(voice, facts, goal));
  const loads = dayLoads(facts);
  return sections('plan', {
    core,
    figures: loads
      .filter((day) => day.tasks > 0)
      .map((day) =>
        say(voice, '{day}: {minutes} minutes', {
          day: dayLabel(day.date, facts.today),
          minutes: String(day.minutes),
        }),
      ),
    offers: offer ? [offer] : [],
    memory: relevantMemory(facts, `${ctx.message} ${task.title}`, false),
  });
}

function greeting(ctx: ComposeContext, intent: 'greeting' | 'other'): Sections {
  const { voice, facts } = ctx;
  const goal = focusGoal(facts);
  const open = nextOpen(facts);
  const oldest = facts.missed[0];
  const counts = topThreeCounts(facts);
  return sections('status', {
    core: [
      topThreeLine(voice, facts) ?? (goal ? goalLine(voice, facts, goal) : weekLine(voice, facts)),
      counts.open === 0 && facts.topThree.length > 0 && goal ? goalLine(voice, facts, goal) : null,
      streakLine(voice, facts),
    ].filter(defined),
    figures: goalFiguresList(ctx),
    offers:
      intent === 'other' && oldest
        ? [moveOffer(ctx, { ...oldest, date: oldest.scheduledDate }, new Map())].filter(defined)
        : [],
    advice: [
      open
        ? say(voice, 'start with {task}, or tell me what is on your mind', { task: q(open.title) })
        : say(
            voice,
            'tell me what is on your mind: a task you are stuck on, a missed day or the week ahead',
          ),
    ],
    memory: relevantMemory(facts, ctx.message),
  });
}

/** No goal yet: say so, suggest a first one, and speak of whatever tasks there are. */
function noGoals(ctx: ComposeContext, group: IntentGroup): Sections {
  const { voice, facts } = ctx;
  const oldest = facts.missed[0];
  const tasksLine =
    topThreeLine(voice, facts) ??
    (oldest
      ? say(voice, 'You have {n} from before today, the oldest {task}.', {
          n: count(facts.missed.length, 'open task'),
          task: datedTask(facts, oldest),
        })
      : say(voice, 'Nothing is planned for today, {today}.', {
          today: fullDay(facts.today, facts.today),
        }));
  return sections(group, {
    core: [noGoalLine(voice, facts, FIRST_GOALS[ctx.domain]), tasksLine],
    figures: [streakLine(voice, facts)],
    offers: oldest
      ? [moveOffer(ctx, { ...oldest, date: oldest.scheduledDate }, new Map())].filter(defined)
      : [],
    memory: relevantMemory(facts, ctx.message, false),
  });
}

export function compose(ctx: ComposeContext, intent: ConversationIntent): Sections {
  if (ctx.facts.goals.length === 0) return noGoals(ctx, GROUPS[intent]);
  switch (intent) {
    case 'check_in':
      return checkIn(ctx);
    case 'stuck':
      return stuck(ctx);
    case 'missed':
      return missed(ctx);
    case 'low_motivation':
      return lowMotivation(ctx);
    case 'plan_week':
      return planWeek(ctx);
    case 'celebrate':
      return celebrate(ctx);
    case 'goal_question':
      return goalQuestion(ctx);
    case 'change_plan':
      return changePlan(ctx);
    case 'greeting':
    case 'other':
      return greeting(ctx, intent);
  }
}
