import type { ConversationTurn, PersonFacts } from '#server/ai/conversation.ts';
import { type Goal, goalNamed, type KnownTask, taskNamed } from './facts.ts';
import { contentWords, nextWeekday, normalize } from './text.ts';
import { addDays } from '#contracts/local-date.ts';

/**
 * What the person is asking for, read from their words: the common intents of a coaching
 * conversation. Rules, not a model: each intent has patterns with weights, and the goal or task
 * the message names is found by its words. A message that matches nothing still gets an answer
 * from the person's data (`greeting` or `other`).
 */

export const conversationIntents = [
  'check_in',
  'stuck',
  'missed',
  'low_motivation',
  'plan_week',
  'celebrate',
  'goal_question',
  'change_plan',
  'greeting',
  'other',
] as const;
export type ConversationIntent = (typeof conversationIntents)[number];

export interface ReadMessage {
  intent: ConversationIntent;
  /** The goal the message names (or the thread's last message named), if any. */
  goal: Goal | null;
  /** The open task the message names, if any. */
  task: KnownTask | null;
  /** A day the person named ("today", "Thursday", "tomorrow"), today or later. */
  day: string | null;
  /** Asked for less ("too much", "lighter"). */
  lighter: boolean;
  words: ReadonlySet<string>;
}

type Scored = Exclude<ConversationIntent, 'goal_question' | 'greeting' | 'other'>;

const PATTERNS: Record<Scored, Array<[RegExp, number]>> = {
  change_plan: [
    [
      /\b(move|reschedule|postpone|push (it|this|that|them)? ?(back|to)|shift|swap|rearrange|delay)\b/,
      3,
    ],
    [/\b(change|adjust|lighten|rework|redo) (my|the|this) (plan|schedule|week|day)\b/, 3],
    [/\b(too much|too many|lighter|less on|fewer|cut (it|back)|drop (it|one|a task))\b/, 2],
    [/\b(another day|a different day|later in the week|instead)\b/, 1],
  ],
  missed: [
    [
      /\b(missed|skipped|skip(ping)?|fell behind|falling behind|behind on|overdue|forgot|dropped the ball)\b/,
      3,
    ],
    [
      /\b(didn'?t|did not|haven'?t|have not|never) (do|did|done|get|got|finish|manage|start|make)\b/,
      3,
    ],
    [/\b(not done|undone|slipp(ed|ing)|let (it|things) slide)\b/, 2],
  ],
  stuck: [
    [/\b(stuck|procrastinat\w*|putting (it|this|that)? ?off|keep avoiding|avoiding|blocked)\b/, 3],
    [/\b(can'?t|cannot|unable to) (start|get started|focus|begin|concentrate)\b/, 3],
    [/\b(don'?t know (where|how) to (start|begin)|overwhelm\w*|paralys\w*|distracted)\b/, 2],
  ],
  low_motivation: [
    [/\b(unmotivated|no motivation|lost (my )?motivation|demotivated|motivat\w*)\b/, 3],
    [/\b(can'?t be bothered|don'?t feel like|no energy|drained|exhausted|burn(ed|t)? ?out)\b/, 3],
    [/\b(giving up|give up|lazy|tired|bored|meh|pointless|why bother)\b/, 2],
  ],
  plan_week: [
    [
      /\b(plan|planning|organi[sz]e|map out|schedule) (my|the|this|next|for the)? ?(week|days ahead)\b/,
      4,
    ],
    [/\b(this week|next week|week ahead|coming week|weekly plan)\b/, 2],
    [/\bwhat should i (do|focus on)\b/, 1],
  ],
  celebrate: [
    [
      /\b(i did it|nailed|smashed|crushed|proud|finally (did|finished|got)|hit my|reached|achieved)\b/,
      3,
    ],
    [/\b(finished|completed|done with|managed to|got it done|ticked off|won|win)\b/, 2],
    [/(!|\byay\b|\bwoo+\b|\bgreat news\b)/, 1],
  ],
  check_in: [
    [
      /\b(check(ing)?[ -]?in|how am i doing|how('?s| is| are) (it|things|my progress|everything) going)\b/,
      3,
    ],
    [/\b(where do i stand|how did i do|status|update|progress|summary|overview)\b/, 2],
    [/\b(today|my day)\b/, 1],
  ],
};

/** Ties go to the more specific request, in this order. */
const PRIORITY: Scored[] = [
  'change_plan',
  'missed',
  'stuck',
  'low_motivation',
  'celebrate',
  'plan_week',
  'check_in',
];

const GREETING = /^(hi|hey|hello|hiya|howdy|yo|good (morning|afternoon|evening)|morning|evening)\b/;
const QUESTION = /\?|\b(how|what|when|why|am i|is it|are we|should i|can i|will i)\b/;

const WEEKDAY_WORDS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

/** A day the person named, today or within the next week; null when they named none. */
export function namedDay(text: string, today: string): string | null {
  const t = normalize(text);
  if (/\bday after tomorrow\b/.test(t)) return addDays(today, 2);
  if (/\btomorrow\b/.test(t)) return addDays(today, 1);
  if (/\bnext week\b/.test(t)) return addDays(today, 7);
  for (const [index, day] of WEEKDAY_WORDS.entries()) {
    if (new RegExp(`\\b${day}\\b`).test(t)) return nextWeekday(today, index + 1);
  }
  if (/\btoday\b/.test(t)) return today;
  return null;
}

function scores(text: string): Map<Scored, number> {
  const result = new Map<Scored, number>();
  for (const intent of PRIORITY) {
    let score = 0;
    for (const [pattern, weight] of PATTERNS[intent]) if (pattern.test(text)) score += weight;
    if (score > 0) result.set(intent, score);
  }
  return result;
}

export function readMessage(
  message: string,
  facts: PersonFacts,
  history: readonly ConversationTurn[] = [],
): ReadMessage {
  const text = normalize(message);
  const words = new Set(contentWords(message));
  const named = goalNamed(facts, words);
  // "how is it going?" right after talking about a goal: the thread's last words name it
  const lastPerson = [...history].reverse().find((turn) => turn.author === 'person');
  const goal =
    named ??
    (lastPerson && /\b(it|that|this one)\b/.test(text)
      ? goalNamed(facts, new Set(contentWords(lastPerson.text)))
      : null);
  const task = taskNamed(facts, words);
  const day = namedDay(message, facts.today);
  const lighter = /\b(too much|too many|lighter|less|fewer|overloaded|packed)\b/.test(text);

  const found = scores(text);
  // "I missed it, can you move it to Friday?" is a request to change the plan
  if (found.has('change_plan') && day)
    found.set('change_plan', (found.get('change_plan') ?? 0) + 2);
  let best: Scored | null = null;
  for (const intent of PRIORITY) {
    const score = found.get(intent) ?? 0;
    if (score > 0 && (best === null || score > (found.get(best) ?? 0))) best = intent;
  }
  const bestScore = best ? (found.get(best) ?? 0) : 0;

  let intent: ConversationIntent;
  // a question about a named goal is about that goal, unless it asks for something stronger
  const aboutGoal = best === null || best === 'check_in' || bestScore < 3;
  if (named && QUESTION.test(text) && aboutGoal) intent = 'goal_question';
  else if (best && bestScore >= 2) intent = best;
  else if (named) intent = 'goal_question';
  else if (GREETING.test(text)) intent = 'greeting';
  else if (best) intent = best;
  else intent = 'other';

  return { intent, goal, task, day, lighter, words };
}
