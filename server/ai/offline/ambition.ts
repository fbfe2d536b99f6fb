import type { GoalMetric } from '#contracts/coach.ts';
import { formatLongDate } from './dates.ts';
import type { Quantity } from './quantities.ts';
import { formatAmount } from './templates/kit.ts';

/**
 * Domain rules for goals that ask for more than people usually manage in the time: career steps,
 * audience growth, savings against a stated income and long races for new runners. The person's
 * date is kept (README, "Over-ambition"): each rule answers with a note that names the realistic
 * scope by then and what the full goal would take, and with that scope as a number in the
 * metric's unit when it has one (the caller makes it the SMART goal's target).
 */

export interface AmbitionCheck {
  text: string;
  metric: GoalMetric;
  quantities: readonly Quantity[];
  /** Days from today to the deadline. */
  days: number;
  deadline: string;
  /** A fixed event's date (a race already entered): its goal is kept whole. */
  fixed?: boolean;
}

export interface AmbitionFinding {
  note: string;
  /** The realistic part of the target by the deadline, in the metric's unit. */
  target?: number;
}

const SENIOR_ROLE =
  /\b(?:(?:become|be|get|land|make|promoted to|reach|appointed)\b|(?:goal|aim|target):|(?:goal|aim) is\b)[^.]*\b(ceo|cto|cfo|coo|chief [a-z]+ officer|vp|vice president|director|head of [a-z]+|managing director|partner at|c-suite|executive|top job)\b/;
/** Where a career starts: a first job, a degree or a bootcamp just finished, months in. */
const JUNIOR =
  /\b(junior|intern|graduate|graduating|new grad|entry[- ]level|first (?:[a-z]+ )?job|just (?:started|graduated|finished (?:my |a )?(?:degree|uni|university|college|course|studies))|new to|bootcamp|(?:\d+|a few|few|six|three|two) months into)\b/;

function careerSteps({ text, days }: AmbitionCheck): AmbitionFinding | null {
  const role = SENIOR_ROLE.exec(text);
  if (!role || days > 540) return null;
  const from = JUNIOR.test(text) ? ' from where you are now' : '';
  return {
    note: `Reaching ${role[1]}${from} usually takes several career steps over years, not months. Within this time, aim for the next step up (leading a project or a small team, a senior title) and keep ${role[1]} as the longer goal it leads to.`,
  };
}

const AUDIENCE = /^(followers|subscribers|subs|fans|listeners|readers|members|views|downloads)$/;

function audienceGrowth({
  metric,
  quantities,
  days,
  deadline,
}: AmbitionCheck): AmbitionFinding | null {
  // The audience the person named, even when the plan counts something else (uploads, posts).
  const stated = quantities.find(
    (quantity) => quantity.kind === 'count' && AUDIENCE.test(quantity.noun),
  );
  const audience = AUDIENCE.test(metric.unit)
    ? { target: metric.target, unit: metric.unit }
    : stated?.kind === 'count'
      ? { target: stated.value, unit: stated.noun === 'subs' ? 'subscribers' : stated.noun }
      : null;
  if (!audience) return null;
  const months = Math.max(1, days / 30.4);
  const perMonth = audience.target / months;
  // New accounts that post steadily grow by hundreds to a few thousand a month.
  if (perMonth <= 3000) return null;
  const realistic = Math.max(500, Math.round((months * 1500) / 500) * 500);
  const note = `${formatAmount(audience.target, audience.unit)} by ${formatLongDate(deadline)} would mean about ${formatAmount(Math.round(perMonth), audience.unit)} a month; accounts that post steadily usually gain hundreds to a few thousand a month. A realistic aim is about ${formatAmount(realistic, audience.unit)} by then, with ${formatAmount(audience.target, audience.unit)} as the longer aim.`;
  return AUDIENCE.test(metric.unit) ? { note, target: realistic } : { note };
}

/** An amount of money as a person would plan it: to the nearest 10, 100 or 1,000. */
function roundMoney(value: number): number {
  const step = value >= 10000 ? 1000 : value >= 1000 ? 100 : 10;
  return Math.max(step, Math.round(value / step) * step);
}

const INCOME =
  /\b(?:earn|make|income(?: is)?|salary(?: is)?|take home|on)\s+(?:an?\s+)?(?:salary\s+|income\s+)?(?:of\s+)?(?:about\s+|around\s+)?([$€£¥₹])?\s?(\d[\d,]*(?:\.\d+)?)\s?(k)?\s*(?:[a-z]+\s+)?(?:a|per|each|every|\/)\s?(month|year|week)\b/;

function savingsAgainstIncome({ text, metric, days }: AmbitionCheck): AmbitionFinding | null {
  if (!/^[$€£¥₹]$/.test(metric.unit)) return null;
  const income = INCOME.exec(text);
  if (!income) return null;
  const amount = Number((income[2] ?? '0').replace(/,/g, '')) * (income[3] ? 1000 : 1);
  const monthly =
    income[4] === 'year' ? amount / 12 : income[4] === 'week' ? (amount * 52) / 12 : amount;
  if (monthly <= 0 || amount === metric.target) return null;
  const months = Math.max(1, days / 30.4);
  const needed = metric.target / months;
  if (needed <= monthly * 0.5) return null;
  const fifth = Math.round(monthly / 5);
  const realisticMonths = Math.ceil(metric.target / Math.max(1, fifth));
  const realistic = roundMoney(fifth * months);
  return {
    note: `Saving ${formatAmount(metric.target, metric.unit)} in this time means putting away about ${formatAmount(Math.round(needed), metric.unit)} a month, more than half of an income of ${formatAmount(Math.round(monthly), metric.unit)} a month. Saving about a fifth (${formatAmount(fifth, metric.unit)} a month) is more usual: that is about ${formatAmount(realistic, metric.unit)} by then, and the whole ${formatAmount(metric.target, metric.unit)} takes about ${realisticMonths} months.`,
    target: realistic,
  };
}

const NEW_RUNNER =
  /\b(never (?:run|ran|jogged|been a runner)|not a runner|can'?t run|cannot run|(?:don'?t|do not|haven'?t|have not) (?:run|ran|jog|jogged)(?: at all| before| in years)?\b|no running|complete beginner|couch)\b/;

/** Weeks a new runner needs to build up to each distance (km), longest first. */
const NEW_RUNNER_WEEKS: ReadonlyArray<readonly [km: number, weeks: number]> = [
  [42.2, 36],
  [21.1, 20],
  [10, 12],
  [5, 8],
];

function newRunner({ text, metric, days, fixed }: AmbitionCheck): AmbitionFinding | null {
  if (!NEW_RUNNER.test(text) || !/^(km|mi)$/.test(metric.unit)) return null;
  const km = metric.unit === 'mi' ? metric.target * 1.609 : metric.target;
  const weeksNeeded = km >= 42 ? 36 : km >= 21 ? 20 : km >= 10 ? 12 : 8;
  if (days >= weeksNeeded * 7) return null;
  const note = `For someone starting from no running, ${formatAmount(metric.target, metric.unit)} usually takes about ${weeksNeeded} weeks of gradual training. In the time you have, a shorter race (a 5K or 10K) is a realistic first aim.`;
  // A race already entered keeps its distance; otherwise the longest the weeks build up to.
  const reachable = NEW_RUNNER_WEEKS.find(([, weeks]) => days >= weeks * 7)?.[0];
  if (fixed || reachable === undefined) return { note };
  const target = metric.unit === 'mi' ? Math.round((reachable / 1.609) * 10) / 10 : reachable;
  return { note, target };
}

/** Starting from no clients or no business at all. */
const FROM_ZERO =
  /\b(?:0|no|zero) (?:clients|customers|sales|income|experience)\b|\bjust (?:quit|left|started|starting|launched)\b|\bfrom (?:scratch|zero|nothing)\b/;

/**
 * A monthly income from freelancing or a business that does not exist yet: the first clients
 * take months, and a full income from them usually a year or more.
 */
function incomeFromZero({ text, metric, days }: AmbitionCheck): AmbitionFinding | null {
  if (!metric.unit.endsWith('/month') || !FROM_ZERO.test(text)) return null;
  const currency = metric.unit.split('/')[0] ?? '$';
  if (metric.target < 2000 || days > 365) return null;
  const realistic = Math.max(500, Math.round(metric.target / 4 / 100) * 100);
  return {
    note: `Going from no clients to ${formatAmount(metric.target, metric.unit)} within ${Math.round(days / 30.4)} months is a big leap: first clients usually take a few months, and a full income from them a year or more. A realistic aim for this date is your first 3 paying clients, or about ${formatAmount(realistic, currency)} a month.`,
    target: realistic,
  };
}

/**
 * Where the person starts from: "I can do about 10 right now", "currently benching 80", "it
 * makes about $200/month now".
 */
const CURRENT_LEVEL = [
  /\bi can (?:do|manage|hold|lift|run|swim|only do|currently do)\s+(?:about |around |roughly |maybe |only |just |up to )?(\d+(?:\.\d+)?)\b/,
  /\bcurrently\s+(?:at\s+|on\s+|[a-z]+ing\s+)?(?:about |around )?[$€£¥₹]?(\d[\d,]*(?:\.\d+)?)\b/,
  /\b(?:makes?|making|earns?|earning)\s+(?:about |around )?[$€£¥₹]?(\d[\d,]*(?:\.\d+)?)\s?(?:\/\s?month|a month|per month)\s+(?:now|rn|at the moment|currently)\b/,
];

/** A weight lifted grows by a few per cent a week; repetitions and income by about a tenth. */
const LOAD_UNIT = /^(?:kg|lb)$/;

/**
 * A count of repetitions (push-ups, pull-ups, lengths) far above where the person starts: strength
 * and skill grow by about a tenth a week, so the realistic aim is the current level compounded
 * over the weeks there are.
 */
/**
 * The target in the person's words when the plan counts something else (a lift planned as a
 * goal done once, a monthly income planned as an amount): the first weight or monthly income.
 */
function statedTarget(metric: GoalMetric, quantities: readonly Quantity[]): GoalMetric {
  const first = quantities[0];
  if (first?.kind === 'weight' && first.direction === 'reach' && metric.unit === 'goal')
    return { ...metric, target: first.value, unit: first.unit };
  if (first?.kind === 'money' && first.perMonth)
    return { ...metric, target: first.value, unit: `${first.currency}/month` };
  return metric;
}

function fromCurrentLevel(check: AmbitionCheck): AmbitionFinding | null {
  const { text, days, deadline } = check;
  const metric = statedTarget(check.metric, check.quantities);
  const current = CURRENT_LEVEL.map((pattern) => pattern.exec(text)).find(Boolean);
  const load = LOAD_UNIT.test(metric.unit);
  // A saving is not grown, and a distance has its own rule (new runners).
  if (!current || /^(?:km|mi)$|^[$€£¥₹]$/.test(metric.unit)) return null;
  // Weight lifted counts only for a lift ("bench 140kg"), not a body weight to lose.
  if (load && !/\b(?:bench|squat|deadlift|lift|press|clean|snatch)\w*\b/.test(text)) return null;
  const now = Number((current[1] ?? '0').replace(/,/g, ''));
  if (!(now > 0) || now >= metric.target) return null;
  const weeks = Math.max(1, days / 7);
  const rate = load ? 1.025 : 1.1;
  const reachable = now * rate ** weeks;
  if (metric.target <= reachable * (load ? 1.25 : 1.5)) return null;
  const realistic = Math.max(now + 1, Math.round(reachable));
  const weeksNeeded = Math.ceil(Math.log(metric.target / now) / Math.log(rate));
  const note = `Going from about ${now} to ${formatAmount(metric.target, metric.unit)} in ${Math.round(weeks)} weeks is a big jump: people usually add about ${load ? 'a fortieth' : 'a tenth'} a week. A realistic aim is about ${formatAmount(realistic, metric.unit)} by ${formatLongDate(deadline)}; ${formatAmount(metric.target, metric.unit)} takes about ${weeksNeeded} weeks.`;
  // The realistic number is the plan's target when the plan counts what the person stated.
  return metric.unit === check.metric.unit ? { note, target: realistic } : { note };
}

/**
 * A weekly volume far above the one the person has now ("running ~15km/week atm, want to be at
 * 60km a week by the end of the month"): training volume grows by about a tenth a week.
 */
const VOLUME = String.raw`~?(\d+(?:\.\d+)?)\s?(km|kms|k|mi|miles|hours?|hrs?|sessions|workouts|runs|rides|swims|classes)\s?(?:\/\s?|a |per |each )(?:week|wk)\b`;
const VOLUME_NOW = new RegExp(
  String.raw`${VOLUME}\s*(?:atm|now|at the moment|currently|right now|rn|these days)\b|\b(?:currently|at the moment|atm|right now)\s+(?:[a-z]+ing\s+)?(?:about |around )?${VOLUME}`,
);
const VOLUME_GOAL = new RegExp(
  String.raw`\b(?:be at|get to|get up to|reach|build (?:up )?to|up to|hit|do|be doing|be running)\s+(?:about |around )?${VOLUME}`,
);

function unitOf(raw: string | undefined): string {
  const unit = raw ?? '';
  return /^k/.test(unit) ? 'km' : /^mi/.test(unit) ? 'mi' : /^h/.test(unit) ? 'hours' : unit;
}

function volumeFromCurrent({ text, days, deadline }: AmbitionCheck): AmbitionFinding | null {
  const now = VOLUME_NOW.exec(text);
  const goal = VOLUME_GOAL.exec(text);
  if (!now || !goal) return null;
  const current = Number(now[1] ?? now[3]);
  const unit = unitOf(now[2] ?? now[4]);
  const target = Number(goal[1]);
  if (unitOf(goal[2]) !== unit || !(current > 0) || target <= current) return null;
  const weeks = Math.max(1, days / 7);
  const reachable = current * 1.1 ** weeks;
  if (target <= reachable * 1.5) return null;
  const weeksNeeded = Math.ceil(Math.log(target / current) / Math.log(1.1));
  return {
    note: `Going from about ${current} to ${target} ${unit} a week by ${formatLongDate(deadline)} is a big jump: weekly volume is usually raised by about a tenth a week to stay clear of injury. A realistic aim is about ${Math.round(reachable)} ${unit} a week by then; ${target} takes about ${weeksNeeded} weeks.`,
  };
}

/** "No PM experience yet": a role the person has never done. */
const NO_EXPERIENCE =
  /\b(?:no|zero|without(?: any)?|little|not much) (?:[a-z]+ ){0,2}(?:experience|background)\b|\bnever worked (?:as|in)\b|\b(?:from|starting (?:from|at)) (?:zero|scratch|nothing)\b|\bzero (?:coding|programming|experience|knowledge)\b|\bnever (?:coded|programmed)\b/;
const NEW_ROLE =
  /\b(?:become|be|get a job as|land a job as|work as|switch to|move into)\s+(?:an? )?([a-z]+(?: [a-z]+)?)|\b(?:land|landing|get|getting|find|finding) (?:a |an |my first )?([a-z]+(?: [a-z]+)?) (?:job|role|position)\b/;

/**
 * "Six months into my first dev job … promoted to senior developer within 3 months": a senior,
 * lead or staff title usually takes years of experience in the role below it.
 */
const SENIOR_TITLE =
  /\b(?:promoted to|promotion to|become|be|get|make|reach|land)\s+(?:an? |the )?((?:senior|lead|principal|staff)\s+[a-z]+(?: [a-z]+)?)/;

function seniorFromJunior({ text, days }: AmbitionCheck): AmbitionFinding | null {
  const title = SENIOR_TITLE.exec(text);
  if (!title || days > 365 || (!JUNIOR.test(text) && !NO_EXPERIENCE.test(text))) return null;
  return {
    note: `A ${title[1]} title usually comes after a few years of experience in the role below it, not months. Within this time, aim for what leads there (owning a piece of work end to end, feedback from your manager on what senior means in your team) and keep the title as the longer goal.`,
  };
}

/** A move into a role the person has no experience of, within months. */
function roleWithoutExperience({ text, days }: AmbitionCheck): AmbitionFinding | null {
  if (days > 270 || !NO_EXPERIENCE.test(text)) return null;
  const role = NEW_ROLE.exec(text);
  if (!role) return null;
  return {
    note: `Moving into a role you have no experience of usually takes six months to a year or more: building the skills, a portfolio or side project, then applications and interviews. Within this time, aim for the first steps (a course, a project that shows the skills, conversations with people in the role) and keep the role itself as the longer goal.`,
  };
}

/** "sub-3", "under 25": the time to beat, in the unit of the best time given. */
const TARGET_TIME = /\b(?:sub[- ]?|under )(\d{1,2}(?:[:.]\d{2})?)\b/;
const BEST_TIME =
  /\b(?:pb|personal best|best time|current time|best)\s*(?:is|was|of|:)?\s*(?:about |around )?(\d{1,2}[:.]\d{2}(?:[:.]\d{2})?)/;

function clockValue(raw: string): number {
  const [whole = 0, minutes = 0, seconds = 0] = raw.split(/[:.]/).map(Number);
  return whole + minutes / 60 + seconds / 3600;
}

/**
 * A race time far below the person's best: seasoned runners improve by a few per cent a season,
 * so more than a tenth off in half a year is flagged with the time that is within reach.
 */
function raceTime({ text, days, deadline }: AmbitionCheck): AmbitionFinding | null {
  const target = TARGET_TIME.exec(text);
  const best = BEST_TIME.exec(text);
  if (!target?.[1] || !best?.[1]) return null;
  const goal = clockValue(target[1]);
  const now = clockValue(best[1]);
  if (!(goal > 0) || goal >= now) return null;
  const months = Math.max(1, days / 30.4);
  const allowed = 0.1 * Math.max(1, months / 6);
  if ((now - goal) / now <= allowed) return null;
  return {
    note: `Going from ${best[1]} to under ${target[1]} by ${formatLongDate(deadline)} means taking about ${Math.round(((now - goal) / now) * 100)} % off your best; runners who train well usually take a few per cent off a season. Aim for a new best by then, and keep ${target[1]} as the goal after it.`,
  };
}

/**
 * Close friends: a new friendship takes months of regular contact (about 200 hours to a close
 * one), so more than a few a month in a new place is more than people manage.
 */
const FRIENDS = /\b(\d+) (?:(?:new|close|good|real|true) )*friends\b/;

function newFriends({ text, days }: AmbitionCheck): AmbitionFinding | null {
  const stated = FRIENDS.exec(text);
  if (!stated) return null;
  const friends = { value: Number(stated[1]) };
  const months = Math.max(0.5, days / 30.4);
  if (friends.value / months <= 3) return null;
  const realistic = Math.max(1, Math.round(months * 2));
  return {
    note: `Close friendships take months of regular time together, so ${friends.value} in this time is a lot. Aim to meet new people every week and for about ${realistic} friendship${realistic === 1 ? '' : 's'} that have started to grow by then.`,
  };
}

/** A graded exam from no playing at all: each grade usually takes months to a year of practice. */
const BEGINNER =
  /\b(?:beginner|never (?:played|learned|learnt|done)|from scratch|absolute zero|complete novice)\b/;
const GRADE = /\bgrade (\d)\b/;

function gradeFromBeginner({ text, days }: AmbitionCheck): AmbitionFinding | null {
  const grade = GRADE.exec(text);
  if (!grade || !BEGINNER.test(text)) return null;
  const level = Number(grade[1]);
  const monthsNeeded = level * 6;
  if (days >= monthsNeeded * 30.4) return null;
  return {
    note: `Going from a beginner to grade ${level} usually takes years: each grade takes months of regular practice. In this time, a realistic aim is grade 1 or a first piece played well, with grade ${level} as the longer goal.`,
  };
}

/**
 * A high language level from scratch: about 1,000 hours of study reach HSK 5, JLPT N2 or a B2,
 * fluency takes more; a beginner does a few hundred hours a year.
 */
const LANGUAGE_LEVEL =
  /\b(?:hsk ?([4-6])|jlpt ?n([12])|n([12]) (?:jlpt|japanese)|topik ?([4-6])|(?:level )?([bc][12])\b|(fluent|fluency|conversational))/;

function languageFromScratch({ text, days }: AmbitionCheck): AmbitionFinding | null {
  const level = LANGUAGE_LEVEL.exec(text);
  if (
    !level ||
    (!BEGINNER.test(text) &&
      !/\b(?:zero|starting from|know (?:literally )?(?:nothing|zero))\b/.test(text))
  )
    return null;
  const named = level[0].toUpperCase();
  const conversational = level[6] === 'conversational' || /^b1$/i.test(level[5] ?? '');
  const monthsNeeded = conversational ? 6 : 18;
  if (days >= monthsNeeded * 30.4) return null;
  return {
    note: `Reaching ${named} from scratch usually takes a year or two of steady study (around a thousand hours for the higher levels). In this time, a realistic aim is a first level (the basics and everyday phrases, or the first exam), with ${named} as the longer goal.`,
  };
}

/**
 * Engaged or married within months while single ("get engaged by easter, currently single"):
 * meeting someone and growing a relationship takes far longer than the time given.
 */
const COMMITMENT =
  /\b(?:get|be|getting) (?:engaged|married|hitched)\b|\bfind (?:a )?(?:wife|husband|fianc[eé]e?)\b/;
const SINGLE =
  /\b(?:(?:currently|still|totally|completely|very) single|i'?m single|i am single|not (?:dating|seeing) anyone|no (?:partner|boyfriend|girlfriend)|haven'?t (?:met|got) (?:anyone|someone|the one))\b/;

function commitmentWhileSingle({ text, days }: AmbitionCheck): AmbitionFinding | null {
  if (!COMMITMENT.test(text) || !SINGLE.test(text) || days >= 730) return null;
  return {
    note: 'Getting engaged depends on meeting someone and on the two of you: couples usually date for a year or more first. In this time, aim for what you control: meeting new people every week and a few good first dates, with the engagement as the longer hope.',
  };
}

const RULES = [
  commitmentWhileSingle,
  languageFromScratch,
  careerSteps,
  seniorFromJunior,
  audienceGrowth,
  savingsAgainstIncome,
  newRunner,
  incomeFromZero,
  fromCurrentLevel,
  volumeFromCurrent,
  roleWithoutExperience,
  raceTime,
  newFriends,
  gradeFromBeginner,
];

/** The first rule the goal breaks; null when the goal is within reach. */
export function ambitionFinding(check: AmbitionCheck): AmbitionFinding | null {
  for (const rule of RULES) {
    const finding = rule(check);
    if (finding) return finding;
  }
  return null;
}
