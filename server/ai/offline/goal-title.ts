// The SMART goal's title: the person's own words wherever they still say what the plan aims for
// (README, "Decisions on understanding a goal").
import type { GoalMetric } from '#contracts/coach.ts';
import { firstNounPhrase, INTERJECTION_BREAK, POINTS_BACK } from './intent.ts';
import type { ParsedDeadline } from './parse.ts';
import { type ActivityTemplate, formatAmount, type TemplateContext } from './templates/kit.ts';
import { MEANS_AT_START } from './wish.ts';

/** The user's own words as a title, minus preambles and the deadline phrase. */
export function titleFromText(text: string, deadline: ParsedDeadline | null): string {
  let title = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(
      /^(i (really )?(want|would like|'d like|need|hope|plan|am going|'m going) to|(i )?(really )?wanna|my goal is to|goal:|i will|i'll)\s+/i,
      '',
    )
    .replace(/\s*\b(?:because|since|so that|so i can|so we can|in order to)\b.*$/i, '')
    .replace(/[.!]+$/, '');
  if (deadline) {
    const escaped = deadline.phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    title = title
      .replace(
        new RegExp(`\\s*\\b(by|before|in|within|until|on)?\\s*(the\\s+)?${escaped}`, 'i'),
        '',
      )
      .trim();
  }
  // "in a fortnight" is read as "in 2 weeks": the person's words go too.
  if (deadline && /\b2 weeks$/.test(deadline.phrase))
    title = title.replace(/\s*\b(?:in|within) a fortnight\b/i, '').trim();
  if (title.length > 80) title = `${title.slice(0, 77).replace(/\s+\S*$/, '')}…`;
  return title.charAt(0).toUpperCase() + title.slice(1) || 'My goal';
}

/**
 * What leads into the goal itself in a longer sentence ("… - aim is to walk 5km", "want to keep
 * swimming", "goal is a 5 mile hike": the goal named as a thing).
 */
const GOAL_LEAD =
  /\b(?:(?:my |the )?(?:aim|goal|plan|target|dream) is (?:to\s+|(?=an?\s)|(?!(?:that|simple|just|this|not|really|pretty|quite|very|so|my|the|to be)\b)(?=[a-z]))|(?:aim|goal|target)(?: is (?:simple|this|clear))?:\s+|(?:i |i'd |i would )?(?:really )?(?:want|wanna|need|hope|plan|would like|'d like|am trying|'m trying|am going|'m going) to\s+|\bi (?:really |just )?want (?=[$€£¥₹]?\d))/i;

/** Where the goal's own clause ends: a new sentence, an aside, a dash, a clause about something else. */
const CLAUSE_END =
  /(?<!\d)\.|\.(?!\d)|[!?;(]\s*|:(?!\d)\s*|\s[-–—]\s|\s+and\s+(?=(?:i'm|im|i am)\s+(?:still|now|only|at)\b)|,\s+(?=(?:i|we|i'm|im|it's|its|it|just|but|since|as|so|because|which|and i|my|we've|we haven't|i've|i haven't|havent|haven't|i make|i earn|currently|still|already|never|will|i'll|ill)\b)/i;

/**
 * The SMART title in the person's own words: the clause that states the goal, without preamble,
 * deadline, reason or aside ("Run a 5k without stopping", "Save £5,000 for an emergency fund").
 * Null when that clause is too short or too long to stand as a title.
 */
const TITLE_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function formatNumber(value: number): string {
  return TITLE_NUMBER.format(value);
}

/** A verb whose object is a pronoun or missing: "pass it", "pass with 75+". */
const UNNAMED_OBJECT =
  /^(pass|sit|clear|ace|finish|complete|run|do)\s+(?:it\s+|them\s+|(?=with\b|first\b|under\b|in under\b|sub\b))/i;

/** "… Dissertation is due 24 April": a piece of work due on a date, named after a backstory. */
const DUE_WORK = /(?:^|[.!?]\s+)(?:(my|the|our) )?([a-z][a-z' -]{2,40}?) (?:is|are) due\b/i;

/** "… before the end of term" (on 27 March), "… before we break up": the date's own words. */
const PERIOD_END =
  /\s+\b(?:by|before|until|till)\s+(?:the\s+)?(?:end of (?:the\s+|this\s+)?(?:term|semester|school year|academic year|quarter)|(?:term|semester|school|we) (?:ends|finishes|breaks up|break up))$/i;

/** "I'm a teacher - …", "As a nurse, …": the person's role, told before the goal. */
const WHO_I_AM =
  /^(?:(?:i'm|i am|im)|as) an? [a-z]+(?: [a-z]+)?(?:\s[-–—]\s|[,:;]\s+|\.\s+)(?=[a-z])/i;

/** "I was supposed to be down to 75kg": a goal told as a promise not yet kept. */
const PROMISED =
  /^(?:(?:i\s+|we\s+)?(?:was|were)\s+(?:meant|supposed|going)\s+to\s+(?:have\s+)?|(?:i\s+)?wanted\s+to\s+|(?:i\s+)?(?:promised|told)\s+(?:[a-z]+\s+){1,2}?(?:i'd|i would|we'd)\s+)/i;

/** "… and never did", "… but didn't": how the promise went, after the goal it told. */
const NOT_KEPT =
  /(?:,|\s+(?:and|but))\s+(?:i\s+)?(?:never did|didn't|didnt|did not|haven't|havent)\b.*$/i;

function ownTitle(text: string, deadline: ParsedDeadline | null): string | null {
  let phrase = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[‘’]/g, "'")
    // "I'm a teacher - finish marking …": who the person is leads into the goal.
    .replace(WHO_I_AM, '')
    .replace(INTERJECTION_BREAK, '. ')
    .replace(/^(?:honestly|tbh|ngl|ok|okay|so|well),?\s+/i, '');
  // "… by the end of February and I'm still at 79. Want to actually get there": the wish points
  // back at the goal told first, which is the title ("Get down to 75kg").
  const pointsBack = POINTS_BACK.test(phrase) && PROMISED.test(phrase);
  if (pointsBack)
    phrase = phrase
      .replace(PROMISED, '')
      .replace(/^be down to\b/i, 'get down to')
      .split(/(?<=[.!?])\s+/)[0]!
      .replace(NOT_KEPT, '');
  const lead = pointsBack ? null : GOAL_LEAD.exec(phrase);
  const due = lead ? null : DUE_WORK.exec(phrase);
  if (due?.[2] && deadline) {
    const what = `${(due[1] ?? 'the').toLowerCase()} ${due[2].toLowerCase()}`;
    return `Finish ${what}`;
  }
  // "… and I need to get fit for it": the means, after the goal already named, is no title.
  let named: string | null = null;
  if (
    lead &&
    !MEANS_AT_START.test(phrase.slice(lead.index + lead[0].length).split(CLAUSE_END)[0] ?? '')
  ) {
    named = firstNounPhrase(phrase.slice(0, lead.index));
    // "I want $25k in savings": an amount wanted is an amount to have.
    phrase = `${/want $/i.test(lead[0]) ? 'have ' : ''}${phrase.slice(lead.index + lead[0].length)}`;
  }
  phrase = phrase.split(CLAUSE_END)[0] ?? phrase;
  // "My CIMA exam is on 12 May and I want to pass it first time", "sitting CPA FAR on April 28,
  // want to pass with 75+": what is passed was named before the goal's clause.
  if (named && UNNAMED_OBJECT.test(phrase))
    phrase = phrase.replace(UNNAMED_OBJECT, (_, verb: string) => `${verb} ${named} `);
  const asTitle = (words: string) =>
    titleFromText(words, deadline)
      .replace(/\s+\b(?:by|before|in|within|until|on|for|at)$/i, '')
      .replace(PERIOD_END, '')
      .trim();
  let title = asTitle(phrase);
  // "Take my wife on a proper date night twice a month, phones left in the glovebox": too long
  // a sentence keeps its first clause, when that still says the goal.
  const [head = ''] = phrase.split(/,\s+/);
  if ((title.length > 70 || title.endsWith('…')) && head.split(' ').length >= 3)
    title = asTitle(head);
  if (title.length < 4 || title.length > 70 || title.endsWith('…')) return null;
  return title;
}

/** A number as people write it: "45k", "1 million", "₹8 lakh", "10,000". */
const WRITTEN_NUMBER = /(\d[\d,]*(?:\.\d+)?)\s?(k|m|million|thousand|lakh|crore)?(?![\w,])/gi;

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  million: 1e6,
  lakh: 1e5,
  crore: 1e7,
};

/** "my ₹8 lakh loan": a number that names what the person has, not the amount to do. */
const OWNED_BEFORE = /\b(?:my|our|the|his|her|their)\s+[$€£¥₹]?$/i;

/**
 * The person's words with a smaller number in place of theirs ("Save $20k" → "Save $1,700"),
 * however they wrote it; null when their words do not hold the number as the amount to do.
 */
function withNumber(own: string, stated: string, value: number, target: number): string | null {
  let at = own.indexOf(stated);
  let length = stated.length;
  if (at < 0) {
    for (const match of own.matchAll(WRITTEN_NUMBER)) {
      const [whole, digits = '', suffix = ''] = match;
      const written = Number(digits.replace(/,/g, '')) * (MULTIPLIERS[suffix.toLowerCase()] ?? 1);
      if (Math.abs(written - value) > 1e-9) continue;
      at = match.index;
      length = whole.length;
      break;
    }
  }
  if (at < 0 || OWNED_BEFORE.test(own.slice(0, at))) return null;
  return `${own.slice(0, at)}${formatNumber(target)}${own.slice(at + length)}`;
}

/** "… First step is the AANP boards - exam booked for June 3rd": the dated step the plan is for. */
const FIRST_STEP = /\b(?:first|next) step is (?:to )?(.+?)(?=\s[-–—]\s|[.;,!?]|$)/i;

/**
 * When the date given belongs to a first step on the way to a bigger goal, that step is the
 * SMART goal (the plan ends on its date); an exam is to be passed.
 */
function firstStepTitle(statement: string, deadline: ParsedDeadline | null): string | null {
  const step = FIRST_STEP.exec(statement);
  if (!step?.[1] || !deadline) return null;
  const at = statement.toLowerCase().indexOf(deadline.phrase.toLowerCase());
  if (at < step.index) return null;
  const what = step[1].trim();
  if (what.length < 4 || what.length > 60) return null;
  const exam = /\b(?:exam|boards?|test|paper|certification)\b/i.test(statement.slice(step.index));
  const title = exam && !/^(?:pass|sit|take)\b/i.test(what) ? `Pass ${what}` : what;
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/**
 * The person's own words make the title whenever they still say what the plan aims for: a
 * template's title only when the target was changed (the part realistic by their date) and
 * their words give it in another unit ("3 stone" as kg), or their sentence is too long to be a
 * title. `towards` names what they asked for in the specific outcome whenever the target shrank.
 */
export function goalTitle(goal: {
  statement: string;
  text: string;
  deadline: ParsedDeadline | null;
  explicit: GoalMetric | null;
  target: number | undefined;
  /** The plan measures something else than the person's number (a shorter race for a marathon). */
  rescoped?: boolean;
  template: ActivityTemplate;
  metric: GoalMetric;
  context: TemplateContext;
}): { title: string; towards: string } {
  const { statement, deadline, explicit, target, template } = goal;
  // "Host Thanksgiving": a holiday that is the occasion stays in the title.
  const titleDeadline = deadline?.occasion && !/\d/.test(deadline.phrase) ? null : deadline;
  let own = firstStepTitle(statement, deadline) ?? ownTitle(statement, titleDeadline);
  let towards = '';
  if (explicit && target !== undefined) {
    // A realistic part of the target by the person's date: their words with the new number, and
    // the whole of what they asked for named as the longer aim.
    const stated = formatNumber(explicit.target);
    towards = ` A first step towards ${own ? `“${own}”` : formatAmount(explicit.target, explicit.unit)}.`;
    own = own && !goal.rescoped ? withNumber(own, stated, explicit.target, target) : null;
  }
  const title =
    own ??
    (template.generic
      ? titleFromText(goal.text, deadline)
      : template.title(goal.metric, goal.context));
  return { title, towards };
}
