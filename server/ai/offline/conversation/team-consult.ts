import type { CoachDomain } from '#contracts/coach.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import type {
  CoachPersona,
  PersonFacts,
  TeamConsultInput,
  TeamConsultResult,
} from '#server/ai/conversation.ts';
import {
  collidingDeadlines,
  crowdedOutPinned,
  dayLoads,
  type Goal,
  goalNamed,
  heaviestDay,
  missedOf,
  upcomingOf,
  weeklyBudget,
} from './facts.ts';
import { goalLine } from './lines.ts';
import { alternateDays, type Drafted, firstStep, moveTask } from './proposals.ts';
import { alternateReason, firstStepReason, moveReason } from './reasons.ts';
import { validProposals } from './reply.ts';
import { contentWords, count, dayLabel, dayMonth, hours, listJoin, q, stem } from './text.ts';
import { capitalise, say, toneWord, voiceOf, type Voice } from './voice.ts';

/**
 * "Ask the team": each relevant coach's view, the trade-offs named from the person's own figures
 * (the weekly hours of all goals against what they can give a week, deadlines within 14 days of
 * each other, pinned goals crowded out, days planned past their capacity) and one suggested way
 * through, with proposals, each from the coach whose domain it serves.
 */

/** Words that put a question in a coach's domain. */
const DOMAIN_WORDS: Record<CoachDomain, string[]> = {
  health: [
    'health',
    'run',
    'gym',
    'sleep',
    'weight',
    'eat',
    'food',
    'diet',
    'walk',
    'exercise',
    'train',
    'fit',
    'fitness',
    'energy',
    'tired',
    'body',
    'swim',
    'yoga',
    'cycle',
    'marathon',
    'workout',
    'steps',
    'doctor',
    'injury',
    'knee',
    'back',
    'rest',
  ],
  career: [
    'work',
    'job',
    'career',
    'promotion',
    'boss',
    'manager',
    'skill',
    'course',
    'project',
    'interview',
    'client',
    'deadline',
    'office',
    'salary',
    'portfolio',
    'certification',
    'exam',
    'study',
    'business',
    'meeting',
    'team',
    'code',
    'side',
  ],
  relationships: [
    'partner',
    'wife',
    'husband',
    'friend',
    'family',
    'kid',
    'children',
    'child',
    'mum',
    'mom',
    'dad',
    'parent',
    'date',
    'relationship',
    'call',
    'visit',
    'social',
    'people',
    'girlfriend',
    'boyfriend',
    'wedding',
    'together',
  ],
  personal_development: [
    'read',
    'book',
    'learn',
    'habit',
    'journal',
    'meditate',
    'meditation',
    'creative',
    'write',
    'language',
    'spanish',
    'french',
    'guitar',
    'piano',
    'paint',
    'draw',
    'mind',
    'calm',
    'focus',
    'hobby',
    'practice',
    'practise',
  ],
};

/** The same words as the question's, stemmed once. */
const DOMAIN_STEMS = Object.fromEntries(
  Object.entries(DOMAIN_WORDS).map(([domain, words]) => [domain, new Set(words.map(stem))]),
) as Record<CoachDomain, Set<string>>;

const STANCE: Record<CoachDomain, string> = {
  health: 'protect sleep and the sessions that keep your energy up: the rest depends on them',
  career: 'protect the focused blocks that move your nearest work deadline',
  relationships: "don't let time with the people who matter be the first thing cut",
  personal_development: 'keep the daily habit small rather than dropping it',
};

function relevantCoaches(input: TeamConsultInput): CoachPersona[] {
  const words = new Set(contentWords(input.question));
  const named = input.facts.goals.filter((goal) =>
    contentWords(goal.title).some((word) => words.has(word)),
  );
  const byWords = input.coaches.filter(
    (coach) =>
      [...words].some((word) => DOMAIN_STEMS[coach.domain].has(word)) ||
      named.some((goal) => goal.domain === coach.domain),
  );
  if (byWords.length > 0) return byWords;
  const withGoals = input.coaches.filter((coach) =>
    input.facts.goals.some((goal) => goal.domain === coach.domain),
  );
  if (withGoals.length > 0) return withGoals;
  return input.coaches.slice(0, 1);
}

/** The coach on the team who speaks for a domain (else the first on the team). */
function coachFor(
  coaches: readonly CoachPersona[],
  domain: CoachDomain | null,
): CoachPersona | null {
  return coaches.find((coach) => coach.domain === domain) ?? coaches[0] ?? null;
}

function view(coach: CoachPersona, facts: PersonFacts, question: string): string {
  const voice = voiceOf(coach, facts, `${question}|${coach.id}`);
  const goals = facts.goals.filter((goal) => goal.domain === coach.domain);
  const parts: string[] = [];
  if (goals.length === 0) {
    parts.push(
      say(
        voice,
        'You have no {domain} goal at the moment, so from my side the question is what the others leave room for.',
        {
          domain: coach.domain.replace('_', ' '),
        },
      ),
    );
  }
  for (const goal of goals.slice(0, 2)) {
    parts.push(goalLine(voice, facts, goal));
    const upcoming = upcomingOf(facts, goal.id).length;
    const missed = missedOf(facts, goal.id).length;
    parts.push(
      say(voice, 'It has {upcoming} in the next 7 days and {missed} from before today.', {
        upcoming: count(upcoming, 'task'),
        missed: count(missed, 'open task'),
      }),
    );
  }
  const lean: Record<CoachTone, string> = {
    supportive: 'My gentle advice: {stance}.',
    direct: 'My call: {stance}.',
    analytical: 'On the numbers, I would {stance}.',
    motivational: 'My push: {stance}!',
    mindful: 'What I would hold on to: {stance}.',
  };
  parts.push(say(voice, toneWord(voice, lean), { stance: STANCE[coach.domain] }));
  return parts.join(' ');
}

interface Analysis {
  tradeOffs: string[];
  suggestion: string;
  proposals: Array<{ drafted: Drafted; coachId: string; reason: string }>;
}

/** Two goals the question names, or the two that ask for the most time. */
function competingPair(facts: PersonFacts, question: string): [Goal, Goal] | null {
  const words = new Set(contentWords(question));
  const first = goalNamed(facts, words);
  if (first) {
    const rest = facts.goals.filter((goal) => goal.id !== first.id);
    const second = goalNamed({ ...facts, goals: rest }, words);
    if (second) return [first, second];
  }
  const ranked = [...facts.goals]
    .filter((goal) => goal.deadline >= facts.today)
    .sort((a, b) => (b.weeklyHours ?? 0) - (a.weeklyHours ?? 0));
  const [a, b] = ranked;
  return a && b ? [a, b] : null;
}

function analyse(input: TeamConsultInput, lead: Voice): Analysis {
  const { facts, coaches, question } = input;
  const tradeOffs: string[] = [];
  const proposals: Analysis['proposals'] = [];
  const ways: string[] = [];

  const budget = weeklyBudget(facts);
  if (budget.goals.length > 0) {
    const each = listJoin(budget.goals.map(({ goal, hours: h }) => `${q(goal.title)} ${hours(h)}`));
    if (budget.available !== null && budget.asked > budget.available) {
      tradeOffs.push(
        `Your goals ask for **${hours(budget.asked)} a week** (${each}), but ${facts.dailyCapacityMinutes} minutes a day gives **${hours(budget.available)}**: ${hours(budget.asked - budget.available)} more than you have.`,
      );
    } else if (budget.available !== null) {
      tradeOffs.push(
        `Your goals ask for ${hours(budget.asked)} a week (${each}) against the ${hours(budget.available)} that ${facts.dailyCapacityMinutes} minutes a day gives: it fits, with ${hours(budget.available - budget.asked)} to spare.`,
      );
    } else {
      tradeOffs.push(
        `Your goals ask for ${hours(budget.asked)} a week (${each}); set how much time a day you can give to see whether it fits.`,
      );
    }
  }

  const pair = competingPair(facts, question);
  if (pair) {
    const [a, b] = pair;
    const aDays = new Set(upcomingOf(facts, a.id).map((task) => task.scheduledDate));
    const shared = [...new Set(upcomingOf(facts, b.id).map((task) => task.scheduledDate))]
      .filter((date) => aDays.has(date))
      .sort();
    if (shared.length > 0) {
      tradeOffs.push(
        `${q(a.title)} and ${q(b.title)} both have tasks planned for ${listJoin(shared.map((d) => dayLabel(d, facts.today)))}: they compete for the same time.`,
      );
    }
  }

  for (const { a, b, days } of collidingDeadlines(facts).slice(0, 2)) {
    tradeOffs.push(
      `${q(a.title)} (due ${dayMonth(a.deadline, facts.today)}) and ${q(b.title)} (due ${dayMonth(b.deadline, facts.today)}) fall due ${days === 0 ? 'on the same day' : `${count(days, 'day')} apart`}.`,
    );
  }

  for (const { goal, others } of crowdedOutPinned(facts).slice(0, 2)) {
    const busiest = others[0];
    if (!busiest) continue;
    tradeOffs.push(
      `${q(goal.title)} is pinned but has nothing in the next 7 days, while ${q(busiest.goal.title)} has ${count(busiest.tasks, 'task')}.`,
    );
  }

  const capacity = facts.dailyCapacityMinutes;
  const heavy = heaviestDay(facts);
  if (capacity !== null && heavy.minutes > capacity) {
    tradeOffs.push(
      `${capitalise(dayLabel(heavy.date, facts.today))} holds ${heavy.minutes} minutes against the ${capacity} you can give a day.`,
    );
  }

  if (tradeOffs.length === 0) {
    const loads = dayLoads(facts);
    const minutes = loads.reduce((sum, day) => sum + day.minutes, 0);
    tradeOffs.push(
      `Nothing collides in your figures: ${count(facts.goals.length, 'goal')}, ${count(facts.upcoming.length, 'task')} (${minutes} minutes) in the next 7 days.`,
    );
  }

  // one way through: the strongest trade-off first
  const extra = new Map<string, number>();
  const crowded = crowdedOutPinned(facts)[0];
  const over = budget.available !== null && budget.asked > budget.available;
  if (pair && (over || tradeOffs.some((line) => line.includes('compete')))) {
    const [a, b] = pair;
    const first = a.deadline <= b.deadline ? a : b;
    const second = first === a ? b : a;
    ways.push(
      `Let ${q(first.title)} (due ${dayMonth(first.deadline, facts.today)}) and ${q(second.title)} take turns: alternate days for two weeks, so neither is skipped.`,
    );
    const coach = coachFor(coaches, first.domain);
    if (coach) {
      proposals.push({
        drafted: alternateDays(first, second),
        coachId: coach.id,
        reason: alternateReason(lead, first, second),
      });
    }
  } else {
    const collision = collidingDeadlines(facts)[0];
    if (collision) {
      ways.push(
        `Finish ${q(collision.a.title)} first (due ${dayMonth(collision.a.deadline, facts.today)}), then give ${q(collision.b.title)} its full time.`,
      );
    }
  }
  if (crowded) {
    ways.push(`Put pinned ${q(crowded.goal.title)} back into the week with one small slot.`);
    const coach = coachFor(coaches, crowded.goal.domain);
    if (coach) {
      const voice = voiceOf(coach, facts, question);
      const minutes = 15;
      const date = dayLoads(facts).reduce((best, day) =>
        day.minutes < best.minutes ? day : best,
      ).date;
      extra.set(date, minutes);
      proposals.push({
        drafted: firstStep(facts, crowded.goal, { minutes, date }),
        coachId: coach.id,
        reason: firstStepReason(voice, crowded.goal, minutes),
      });
    }
  }
  if (capacity !== null && heavy.minutes > capacity) {
    const biggest = facts.upcoming
      .filter((task) => task.scheduledDate === heavy.date)
      .sort((a, b) => (b.minutes ?? 30) - (a.minutes ?? 30))[0];
    if (biggest) {
      const drafted = moveTask(facts, { ...biggest, date: biggest.scheduledDate }, { extra });
      const domain = facts.goals.find((goal) => goal.id === biggest.goalId)?.domain ?? null;
      const coach = coachFor(coaches, domain);
      if (drafted && drafted.draft.kind === 'move_task' && coach) {
        const to = drafted.draft.to;
        ways.push(
          `Move ${q(biggest.title)} off ${dayLabel(heavy.date, facts.today)} to ${dayLabel(to, facts.today)}.`,
        );
        const load = dayLoads(facts).find((day) => day.date === to)?.minutes ?? 0;
        proposals.push({
          drafted,
          coachId: coach.id,
          reason: moveReason(lead, facts, to, load, false),
        });
      }
    }
  }
  if (ways.length === 0) {
    ways.push(
      facts.goals.length === 0
        ? 'Start with one goal on the Goals page; the team can weigh it once it is there.'
        : 'Keep the plan as it is: it fits. Review it together again next week.',
    );
  }
  return { tradeOffs, suggestion: ways.join(' '), proposals: proposals.slice(0, 3) };
}

export function teamConsultOffline(input: TeamConsultInput): TeamConsultResult {
  const relevant = relevantCoaches(input);
  const lead = relevant[0] ?? input.coaches[0];
  const leadVoice = lead ? voiceOf(lead, input.facts, input.question) : null;
  const views = relevant.map((coach) => ({
    coachId: coach.id,
    view: view(coach, input.facts, input.question),
  }));
  if (!leadVoice) {
    return {
      views,
      tradeOffs: [],
      suggestion: 'Add a coach to your team to ask it a question.',
      proposals: [],
    };
  }
  const analysis = analyse(input, leadVoice);
  const proposals = analysis.proposals.map((p) => ({
    draft: p.drafted.draft,
    reason: p.reason,
    coachId: p.coachId,
  }));
  const valid = new Set(validProposals(input.facts, proposals));
  return {
    views,
    tradeOffs: analysis.tradeOffs,
    suggestion: analysis.suggestion,
    proposals: proposals.filter((p) => valid.has(p)),
  };
}
