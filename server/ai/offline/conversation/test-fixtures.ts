import { coachTones, type CoachTone } from '#contracts/onboarding.ts';
import {
  type CoachTraits,
  DEFAULT_PERSONALITY,
  proposalDraftSchema,
  type ReplyLength,
} from '#contracts/coaching.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import type { CoachPersona, PersonFacts, ProposedChange } from '#server/ai/conversation.ts';

/** Test ids that zod's uuid() accepts (version 4, RFC variant). */
export const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const TODAY = '2026-03-10'; // a Tuesday

/**
 * Sam: three goals that want more than the hour a day Sam can give (10 h a week against 7), a
 * pinned goal with nothing planned, two deadlines 10 days apart, a task that keeps slipping.
 */
export function samFacts(): PersonFacts {
  return {
    today: TODAY,
    timeZone: 'Europe/London',
    firstName: 'Sam',
    goals: [
      {
        id: id(1),
        title: 'Run a 10K race',
        domain: 'health',
        deadline: '2026-05-31',
        progress: 40,
        weeklyHours: 4,
        pinned: false,
        nextMilestone: { title: 'Run 5 km without stopping', dueDate: '2026-03-20' },
      },
      {
        id: id(2),
        title: 'Learn conversational Spanish',
        domain: 'personal_development',
        deadline: '2026-03-20',
        progress: 25,
        weeklyHours: 5,
        pinned: false,
        nextMilestone: null,
      },
      {
        id: id(3),
        title: 'Call my parents every week',
        domain: 'relationships',
        deadline: '2026-03-30',
        progress: 60,
        weeklyHours: 1,
        pinned: true,
        nextMilestone: null,
      },
    ],
    topThree: [
      { taskId: id(101), title: 'Easy 3 km run', status: 'done', goalId: id(1) },
      { taskId: id(102), title: 'Spanish lesson 4', status: 'open', goalId: id(2) },
      { taskId: id(103), title: 'Stretch for 10 minutes', status: 'open', goalId: id(1) },
    ],
    streak: { current: 4, best: 9 },
    week: { done: 12, skipped: 2, topThreeDays: 6, topThreeAllDone: 3 },
    missed: [
      {
        taskId: id(201),
        title: 'Review Spanish flashcards',
        scheduledDate: '2026-03-06',
        goalId: id(2),
      },
      {
        taskId: id(202),
        title: 'Review Spanish flashcards',
        scheduledDate: '2026-03-08',
        goalId: id(2),
      },
      {
        taskId: id(203),
        title: 'Book a physio appointment',
        scheduledDate: '2026-03-09',
        goalId: id(1),
      },
    ],
    upcoming: [
      {
        taskId: id(102),
        title: 'Spanish lesson 4',
        scheduledDate: '2026-03-10',
        minutes: 45,
        goalId: id(2),
      },
      {
        taskId: id(103),
        title: 'Stretch for 10 minutes',
        scheduledDate: '2026-03-10',
        minutes: 10,
        goalId: id(1),
      },
      {
        taskId: id(301),
        title: 'Interval run',
        scheduledDate: '2026-03-11',
        minutes: 40,
        goalId: id(1),
      },
      {
        taskId: id(302),
        title: 'Spanish podcast episode',
        scheduledDate: '2026-03-11',
        minutes: 30,
        goalId: id(2),
      },
      {
        taskId: id(303),
        title: 'Spanish lesson 5',
        scheduledDate: '2026-03-12',
        minutes: 45,
        goalId: id(2),
      },
      {
        taskId: id(304),
        title: 'Long run 6 km',
        scheduledDate: '2026-03-14',
        minutes: 50,
        goalId: id(1),
      },
    ],
    dailyCapacityMinutes: 60,
    memory: ['Prefers running in the mornings', 'Had a knee injury in March last year'],
  };
}

/** Alex: other goals, other tasks, nothing in common with Sam. */
export function alexFacts(): PersonFacts {
  return {
    today: TODAY,
    timeZone: 'America/New_York',
    firstName: 'Alex',
    goals: [
      {
        id: id(11),
        title: 'Ship my portfolio website',
        domain: 'career',
        deadline: '2026-04-15',
        progress: 70,
        weeklyHours: 3,
        pinned: true,
        nextMilestone: { title: 'Publish the case studies page', dueDate: '2026-03-18' },
      },
      {
        id: id(12),
        title: 'Read 12 books this year',
        domain: 'personal_development',
        deadline: '2026-12-31',
        progress: 15,
        weeklyHours: 2,
        pinned: false,
        nextMilestone: null,
      },
    ],
    topThree: [
      { taskId: id(111), title: 'Write the about page', status: 'open', goalId: id(11) },
      { taskId: id(112), title: 'Read chapter 3', status: 'done', goalId: id(12) },
    ],
    streak: { current: 11, best: 11 },
    week: { done: 20, skipped: 0, topThreeDays: 7, topThreeAllDone: 6 },
    missed: [
      {
        taskId: id(211),
        title: 'Fix the contact form',
        scheduledDate: '2026-03-07',
        goalId: id(11),
      },
    ],
    upcoming: [
      {
        taskId: id(111),
        title: 'Write the about page',
        scheduledDate: '2026-03-10',
        minutes: 60,
        goalId: id(11),
      },
      {
        taskId: id(311),
        title: 'Compress the hero images',
        scheduledDate: '2026-03-13',
        minutes: 20,
        goalId: id(11),
      },
    ],
    dailyCapacityMinutes: null,
    memory: [],
  };
}

/** No goals yet, nothing planned. */
export function newcomerFacts(): PersonFacts {
  return {
    today: TODAY,
    timeZone: 'Europe/Berlin',
    firstName: null,
    goals: [],
    topThree: [],
    streak: { current: 0, best: 0 },
    week: { done: 0, skipped: 0, topThreeDays: 0, topThreeAllDone: 0 },
    missed: [],
    upcoming: [],
    dailyCapacityMinutes: null,
    memory: [],
  };
}

export function persona(
  options: {
    tone?: CoachTone;
    domain?: CoachDomain;
    traits?: Partial<CoachTraits>;
    length?: ReplyLength;
    note?: string | null;
    id?: string;
    name?: string;
  } = {},
): CoachPersona {
  return {
    id: options.id ?? id(900),
    name: options.name ?? 'Rowan',
    domain: options.domain ?? 'health',
    tone: options.tone ?? 'supportive',
    personality: {
      traits: { ...DEFAULT_PERSONALITY.traits, ...options.traits },
      replyLength: options.length ?? 'medium',
      personaNote: options.note ?? null,
    },
  };
}

export const tones = coachTones;

/** Every title, milestone and memory line of the facts: what a reply may quote. */
export function quotable(facts: PersonFacts): string[] {
  return [
    ...facts.goals.map((goal) => goal.title),
    ...facts.goals.flatMap((goal) => (goal.nextMilestone ? [goal.nextMilestone.title] : [])),
    ...facts.topThree.map((task) => task.title),
    ...facts.missed.map((task) => task.title),
    ...facts.upcoming.map((task) => task.title),
    ...facts.memory,
  ];
}

/** The reply quotes at least one of the person's own titles. */
export function quotesATitle(text: string, facts: PersonFacts): boolean {
  return quotable(facts).some((title) => text.includes(title));
}

/** Every proposal fits the contract, is dated today or later and names the person's own rows. */
export function assertProposalsValid(
  proposals: readonly ProposedChange[],
  facts: PersonFacts,
): string[] {
  const problems: string[] = [];
  const goalIds = new Set(facts.goals.map((goal) => goal.id));
  const taskIds = new Set([
    ...facts.missed.map((task) => task.taskId),
    ...facts.upcoming.map((task) => task.taskId),
    ...facts.topThree.map((task) => task.taskId),
  ]);
  for (const { draft, reason } of proposals) {
    const parsed = proposalDraftSchema.safeParse(draft);
    if (!parsed.success) problems.push(`schema: ${parsed.error.message}`);
    if (reason.length === 0 || reason.length > 400) problems.push(`reason length ${reason.length}`);
    if (draft.kind === 'add_task') {
      if (draft.date < facts.today) problems.push(`add_task dated ${draft.date}`);
      if (draft.goalId !== null && !goalIds.has(draft.goalId)) problems.push('unknown goal');
    } else if (draft.kind === 'move_task') {
      if (draft.to < facts.today) problems.push(`move_task to ${draft.to}`);
      if (!taskIds.has(draft.taskId)) problems.push('unknown task');
    } else if (draft.goalId !== null && !goalIds.has(draft.goalId)) {
      problems.push('unknown goal');
    }
  }
  return problems;
}
