import { normalizeGoalText, TIME_DURATION } from './parse.ts';

/**
 * Reads the quantities a goal states: weights (to lose, gain, reach, or the person's weight now),
 * race distances, money (by symbol, code, verb, rand or figures; income and costs told as facts),
 * counts, durations, frequencies, steps and percentages. Deterministic.
 */
export type Quantity =
  | {
      kind: 'weight';
      value: number;
      unit: 'kg' | 'lb';
      /** To lose, to gain, a weight to reach, or the person's weight now. */
      direction: 'lose' | 'gain' | 'reach' | 'now';
    }
  | { kind: 'distance'; value: number; unit: 'km' | 'mi'; race: string | null }
  | {
      kind: 'money';
      value: number;
      currency: string;
      perMonth: boolean;
      /** Told as what the person has now (their income, their rent), not as the target. */
      fact?: true;
    }
  | { kind: 'count'; value: number; noun: string; per: Period | null }
  | { kind: 'duration'; minutes: number; per: Period | null }
  | { kind: 'frequency'; timesPerWeek: number }
  | { kind: 'percent'; value: number }
  | { kind: 'steps'; value: number; perDay: boolean };

type Period = 'day' | 'week' | 'month';

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;

function toNumber(raw: string | undefined, thousands?: string): number {
  const value = Number((raw ?? '').replace(/[, ]/g, ''));
  // Indian numbering: a lakh is a hundred thousand, a crore ten million.
  const scale = /^k$/i.test(thousands ?? '')
    ? 1000
    : /^la/i.test(thousands ?? '')
      ? 100_000
      : /^cr/i.test(thousands ?? '')
        ? 10_000_000
        : 1;
  return value * scale;
}

function periodOf(raw: string | undefined): Period | null {
  if (!raw) return null;
  if (/day|daily|morning|evening|night/.test(raw)) return 'day';
  if (/week/.test(raw)) return 'week';
  if (/month/.test(raw)) return 'month';
  return null;
}

const PERIOD = String.raw`(?:\s*(?:a|per|each|every)\s+(day|week|month|morning|evening|night)|\s+(daily|weekly|monthly))?`;

const NOT_COUNT_NOUNS = new Set([
  'days',
  'weeks',
  'months',
  'years',
  'hours',
  'hrs',
  'minutes',
  'mins',
  'seconds',
  'times',
  'kgs',
  'kilos',
  'kilograms',
  'lbs',
  'pounds',
  'miles',
  'kilometers',
  'kilometres',
  'kms',
  'steps',
  'dollars',
  'euros',
  'percent',
]);

const CURRENCY_SYMBOLS: Record<string, string> = { $: '$', '€': '€', '£': '£', '¥': '¥', '₹': '₹' };

/** A fair guess at the user's currency when they write "save 5k" with no symbol. */
export function defaultCurrency(timeZone: string): string {
  if (/^Europe\/(London|Belfast|Guernsey|Isle_of_Man|Jersey)$/.test(timeZone)) return '£';
  if (/^Europe\//.test(timeZone)) return '€';
  if (/^Asia\/(Tokyo)$/.test(timeZone)) return '¥';
  if (/^Asia\/(Kolkata|Calcutta)$/.test(timeZone)) return '₹';
  if (timeZone === 'Africa/Johannesburg') return 'R';
  return '$';
}

/**
 * Reads one match of a quantity pattern; null leaves the match unread (and its words free for a
 * later pattern).
 */
type QuantityReader = (match: RegExpExecArray, text: string, timeZone: string) => Quantity | null;

/** An amount after a currency sign may group its thousands with spaces ("R18 000", "€12 500"). */
const GROUPED = String.raw`(\d{1,3}(?:[, ]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;

const MONEY_BY_SYMBOL = new RegExp(
  String.raw`([$€£¥₹])\s?${GROUPED}\s?(k\b|lakhs?\b|lacs?\b|crores?\b|cr\b)?(\s*(?:a|per|each|every)\s+month|\/\s?mo(?:nth)?)?`,
  'g',
);

function moneyBySymbol(m: RegExpExecArray): Quantity {
  return {
    kind: 'money',
    value: toNumber(m[2], m[3]),
    currency: CURRENCY_SYMBOLS[m[1] ?? '$'] ?? '$',
    perMonth: Boolean(m[4]),
  };
}

/**
 * South African rand by its letter ("R18 000", "R5k"): read in South Africa, or anywhere when the
 * thousands are grouped.
 */
const RAND = new RegExp(
  String.raw`\br\s?${GROUPED}\s?(k\b)?(\s*(?:a|per|each|every)\s+month|\/\s?mo(?:nth)?)?(?![\w.])`,
  'g',
);

function rand(m: RegExpExecArray, _text: string, timeZone: string): Quantity | null {
  const grouped = /[, ]\d{3}/.test(m[1] ?? '');
  if (!grouped && timeZone !== 'Africa/Johannesburg') return null;
  return { kind: 'money', value: toNumber(m[1], m[2]), currency: 'R', perMonth: Boolean(m[3]) };
}

/** "Earn six figures": an amount by its number of digits (normalised to "6 figures"). */
const MONEY_BY_FIGURES = /\b([4-8])[- ]figures\b/g;

function moneyByFigures(m: RegExpExecArray, _text: string, timeZone: string): Quantity {
  return {
    kind: 'money',
    value: 10 ** (Number(m[1]) - 1),
    currency: defaultCurrency(timeZone),
    perMonth: false,
  };
}

const MONEY_BY_CODE = new RegExp(
  String.raw`${NUMBER}\s?(k\b|lakhs?\b|lacs?\b|crores?\b|cr\b)?\s?(usd|eur|gbp|dollars|euros|bucks)\b(\s*(?:a|per|each|every)\s+month)?`,
  'g',
);

function moneyByCode(m: RegExpExecArray): Quantity {
  const code = m[3] ?? '';
  const currency = /eur/.test(code)
    ? '€'
    : /gbp/.test(code)
      ? '£'
      : /usd|dollar|buck/.test(code)
        ? '$'
        : '$';
  return { kind: 'money', value: toNumber(m[1], m[2]), currency, perMonth: Boolean(m[4]) };
}

const MONEY_BY_VERB = new RegExp(
  String.raw`\b(?:save|saving|earn|earning|pay off|paying off|invest|raise|put away|set aside|make)\s+(?:up\s+)?(?:an?\s+extra\s+|another\s+)?${NUMBER}\s?(k\b|lakhs?\b|lacs?\b|crores?\b|cr\b)?(?:\s+(pounds))?(\s*(?:a|per|each|every)\s+month)?`,
  'g',
);

function moneyByVerb(m: RegExpExecArray, text: string, timeZone: string): Quantity | null {
  // A bare number after "save": money only with a thousands suffix, "pounds", or a big value
  // ("save 20 minutes a day" must stay a duration).
  const after = text.slice(m.index + m[0].length);
  if (/^\s*(?:min|minutes|hours?|hrs?|days?|weeks?|books?|%)/.test(after)) return null;
  const value = toNumber(m[1], m[2]);
  if (!m[2] && !m[3] && value < 100) return null;
  return {
    kind: 'money',
    value,
    currency: m[3] ? '£' : defaultCurrency(timeZone),
    perMonth: Boolean(m[4]),
  };
}

const WEIGHT_BY_VERB = new RegExp(
  String.raw`\b(lose|losing|lost|drop|dropped|shed|gain|gaining|put on|add|build|reach|get down to|down to|get to|weigh|be)\s+(?:about\s+|around\s+|at least\s+|another\s+|an extra\s+|the\s+|those\s+)?${NUMBER}\s?(kg|kgs|kilos?|kilograms?|lbs?|pounds?|stone|st)\b`,
  'g',
);

/**
 * "down 25kg so far", "lost 10 kg already": weight told as progress made, which is no target.
 * Read as a weight reached, so no other reader takes the words and no template plans it.
 */
const PROGRESS_SO_FAR =
  /^\s*(?:so far|already|to date|since (?:then|january|february|march|april|may|june|july|august|september|october|november|december|christmas|new year|the (?:op|operation|surgery))|in total)\b/;

function weightByVerb(m: RegExpExecArray, text: string): Quantity {
  const verb = m[1] ?? '';
  const unit = m[3] ?? 'kg';
  let value = toNumber(m[2]);
  let normalized: 'kg' | 'lb' = /^k/.test(unit) ? 'kg' : 'lb';
  if (/^st/.test(unit)) {
    value = Math.round(value * 6.35 * 10) / 10; // a stone is 6.35 kg
    normalized = 'kg';
  }
  const progress = PROGRESS_SO_FAR.test(text.slice(m.index + m[0].length));
  const direction = progress
    ? 'reach'
    : /^(lose|losing|lost|drop|shed)/.test(verb)
      ? 'lose'
      : /^(gain|gaining|put on|add|build)/.test(verb)
        ? 'gain'
        : 'reach';
  return { kind: 'weight', value, unit: normalized, direction };
}

const WEIGHT_UNIT = String.raw`(kg|kgs|kilos?|kilograms?|lbs?|pounds?|stone|st)\b`;

/**
 * The person's weight now: "I'm 92 kilo now", "I weigh 95kg", "currently 14 stone", "I'm 13st 4
 * now" (stones and pounds), "5'4" and 210 lbs", "86kg at the moment", and "I'm still at 79" when
 * another weight in the sentence gives the unit.
 */
const CURRENT_WEIGHT = new RegExp(
  String.raw`(?:\b(?:i'm|i am|im|i weigh|weighing|currently|still)\s+(?:(?:at|about|around|still|currently|now|on)\s+)*|\d['′]\s?\d{1,2}(?:"|″|'')?\s*(?:and|,)\s*)(\d+(?:\.\d+)?)(?:\s?(kg|kgs|kilos?|kilograms?|lbs?|pounds?|stone|st)\b(?:\s?(\d{1,2})(?:\s?(?:lbs?|pounds?))?\b)?)?(?!\s*(?:weeks?|months?|years?|days?|%|k\b|km|miles?|mins?|minutes|hours?|times|am\b|pm\b|and\b|kids|children|pregnant))|(\d+(?:\.\d+)?)\s?${WEIGHT_UNIT}(?=\s*(?:now|currently|at the moment|atm|rn|right now)\b)`,
  'g',
);

function currentWeight(m: RegExpExecArray, text: string): Quantity | null {
  const raw = m[1] ?? m[4];
  // A bare number takes its unit from another weight the sentence names.
  const unit = m[2] ?? m[5] ?? new RegExp(WEIGHT_UNIT).exec(text)?.[1];
  if (!unit) return null;
  const stone = /^st/.test(unit);
  const pounds = stone && m[3] ? Number(m[3]) * 0.4536 : 0;
  const value = stone ? toNumber(raw) * 6.35 + pounds : toNumber(raw);
  const normalized = /^k/.test(unit) || stone ? 'kg' : 'lb';
  if (!m[2] && !m[5] && (value < 30 || value > (normalized === 'kg' ? 300 : 660))) return null;
  return { kind: 'weight', value: Math.round(value * 10) / 10, unit: normalized, direction: 'now' };
}

const WEIGHT_ALONE = new RegExp(String.raw`${NUMBER}\s?(kg|kgs|kilos?|lbs?)\b`, 'g');

/** "5 kg" with no verb still counts when the sentence is about weight. */
function weightAlone(m: RegExpExecArray, text: string): Quantity {
  const progress = PROGRESS_SO_FAR.test(text.slice(m.index + m[0].length));
  const direction = progress
    ? 'reach'
    : /\b(gain|bulk|muscle|put on)\b/.test(text)
      ? 'gain'
      : /\b(lose|loss|drop|shed|slim)\b/.test(text)
        ? 'lose'
        : 'reach';
  return {
    kind: 'weight',
    value: toNumber(m[1]),
    unit: /^k/.test(m[2] ?? '') ? 'kg' : 'lb',
    direction,
  };
}

const RACES: Array<[RegExp, number, string]> = [
  [/\bultra[- ]?marathon\b|\b50 ?k\b(?= (?:race|run|ultra|trail))/g, 50, 'ultramarathon'],
  [/\bhalf[- ]marathon\b/g, 21.1, 'half marathon'],
  [/\bparkrun\b/g, 5, '5K'],
  [/\bmarathon\b/g, 42.2, 'marathon'],
];

const DISTANCE_IN_K =
  /\b(\d+(?:\.\d+)?)\s?k\b(?!\s*-?\s*(?:steps|words?|followers|subscribers|views))/g;

function distanceInK(m: RegExpExecArray): Quantity {
  const km = Number(m[1]);
  return { kind: 'distance', value: km, unit: 'km', race: `${km}K` };
}

const DISTANCE = new RegExp(String.raw`${NUMBER}\s?(km|kms|kilomet(?:er|re)s?|mi|miles?)\b`, 'g');

function distance(m: RegExpExecArray): Quantity {
  return {
    kind: 'distance',
    value: toNumber(m[1]),
    unit: /^k/.test(m[2] ?? '') ? 'km' : 'mi',
    race: null,
  };
}

const STEPS = new RegExp(String.raw`${NUMBER}\s?(k)?\s+steps${PERIOD}`, 'g');

function steps(m: RegExpExecArray): Quantity {
  const per = periodOf(m[3] ?? m[4]);
  return { kind: 'steps', value: toNumber(m[1], m[2]), perDay: per === 'day' || per === null };
}

const PERCENT_PATTERN = new RegExp(String.raw`${NUMBER}\s?(%|percent)`, 'g');

function percent(m: RegExpExecArray): Quantity {
  return { kind: 'percent', value: toNumber(m[1]) };
}

const DURATION = new RegExp(String.raw`${NUMBER}\s*(min(?:ute)?s?|hours?|hrs?|h)\b${PERIOD}`, 'g');

function duration(m: RegExpExecArray, text: string): Quantity {
  const value = toNumber(m[1]);
  const minutes = /^h/.test(m[2] ?? '') ? value * 60 : value;
  let per = periodOf(m[3] ?? m[4]);
  if (per === null && /\b(daily|every day|each day|a day)\b/.test(text)) per = 'day';
  return { kind: 'duration', minutes, per };
}

const FREQUENCY =
  /\b(\d+|once|twice)\s*(?:times?|x|sessions?|days?)?\s*(?:a|per|each|every|in a)\s+(week|month|day)\b|\bevery other day\b|\bevery weekday\b|\b(?:every|each) (?:day|morning|evening|night)\b|\bdaily\b|\b(?:every|each|once a) week\b|\bweekly\b/g;

function frequency(m: RegExpExecArray, text: string): Quantity | null {
  let timesPerWeek: number;
  const phrase = m[0];
  if (m[1]) {
    const n = m[1] === 'once' ? 1 : m[1] === 'twice' ? 2 : Number(m[1]);
    timesPerWeek = m[2] === 'day' ? n * 7 : m[2] === 'month' ? n / 4.345 : n;
    // "3 days a week" reads the same as "3 times a week".
  } else if (/other day/.test(phrase)) timesPerWeek = 3.5;
  else if (/weekday/.test(phrase)) timesPerWeek = 5;
  else if (/daily|day|morning|evening|night/.test(phrase)) timesPerWeek = 7;
  else timesPerWeek = 1;
  // A number before "minutes a day" is a duration, handled next; skip overlap by checking the unit.
  if (
    m[1] &&
    /\d/.test(m[1]) &&
    TIME_DURATION.test(text.slice(m.index, m.index + phrase.length + 8))
  ) {
    return null;
  }
  return { kind: 'frequency', timesPerWeek: Math.round(timesPerWeek * 100) / 100 };
}

/** Two-word things people count, which the one-word pattern below would cut in half. */
const COMPOUND_COUNT = new RegExp(
  String.raw`${NUMBER}\s+(date nights|blog posts|job applications|practice tests|practice exams|mock interviews|family dinners|phone calls|coffee chats|informational interviews|side projects|short stories)\b${PERIOD}`,
  'g',
);

function compoundCount(m: RegExpExecArray): Quantity {
  return { kind: 'count', value: toNumber(m[1]), noun: m[2] ?? '', per: periodOf(m[3] ?? m[4]) };
}

const WORD_COUNT = new RegExp(String.raw`${NUMBER}(k)?[- ]words?\b`, 'g');

function wordCount(m: RegExpExecArray): Quantity {
  return { kind: 'count', value: toNumber(m[1], m[2]), noun: 'words', per: null };
}

const COUNT = new RegExp(
  String.raw`${NUMBER}(k)?\s+(?:(?:new|more|different|full|freelance|paying|regular|local|online|short|good|quality|strict|real|first|great)\s+){0,2}([a-z][a-z'-]*?s)\b${PERIOD}`,
  'g',
);

function count(m: RegExpExecArray): Quantity | null {
  const noun = m[3] ?? '';
  if (NOT_COUNT_NOUNS.has(noun)) return null;
  // Years and dates ("2027 plans", "12 may") are not counts.
  if (/^20\d\d$/.test(m[1] ?? '')) return null;
  // "100k followers": thousands.
  return { kind: 'count', value: toNumber(m[1], m[2]), noun, per: periodOf(m[4] ?? m[5]) };
}

/** Singular counts that matter: "do 1 pull-up", "write 1 book" ("run a 5K" is a distance). */
const SINGULAR_COUNT = /\b(1)\s+(book|novel|pull-?up|course|certification|client|date)\b/g;

function singularCount(m: RegExpExecArray): Quantity {
  return { kind: 'count', value: 1, noun: `${m[2] ?? ''}s`, per: null };
}

/**
 * The patterns in the order they claim words. Money comes first: "500 pounds" after
 * save/earn/pay is money, after lose/gain it is weight.
 */
const QUANTITY_READERS: ReadonlyArray<[RegExp, QuantityReader]> = [
  [MONEY_BY_SYMBOL, moneyBySymbol],
  [RAND, rand],
  [MONEY_BY_FIGURES, moneyByFigures],
  [MONEY_BY_CODE, moneyByCode],
  [MONEY_BY_VERB, moneyByVerb],
  [CURRENT_WEIGHT, currentWeight],
  [WEIGHT_BY_VERB, weightByVerb],
  [WEIGHT_ALONE, weightAlone],
  ...RACES.map(([pattern, km, race]): [RegExp, QuantityReader] => [
    pattern,
    () => ({ kind: 'distance', value: km, unit: 'km', race }),
  ]),
  [DISTANCE_IN_K, distanceInK],
  [DISTANCE, distance],
  [STEPS, steps],
  [PERCENT_PATTERN, percent],
  [DURATION, duration],
  [FREQUENCY, frequency],
  [COMPOUND_COUNT, compoundCount],
  [WORD_COUNT, wordCount],
  [COUNT, count],
  [SINGULAR_COUNT, singularCount],
];

/**
 * Money told as what the person has now: "I earn ₹45,000 a month", "I take home about $2,800",
 * "rent is $1,400", "on £1,800 a month", "my salary is €40k".
 */
const MONEY_FACT = [
  /\b(?:i|we)\s+(?:currently\s+|only\s+|now\s+|already\s+)?(?:earn|make|take home|bring in|get paid|am on|'m on|are on)\s+(?:about\s+|around\s+|roughly\s+|like\s+|only\s+|just\s+)?$/,
  /\b(?:salary|income|rent|wage|wages|pay|mortgage|bills|take-home)\s+(?:is|are|was|of)\s+(?:about\s+|around\s+|roughly\s+|only\s+|just\s+)?$/,
  /\bon\s+(?:a salary of\s+|an income of\s+)?(?:about\s+|around\s+)?$/,
];

function withFact(quantity: Quantity, text: string, at: number): Quantity {
  if (quantity.kind !== 'money') return quantity;
  const before = text.slice(Math.max(0, at - 40), at);
  return MONEY_FACT.some((pattern) => pattern.test(before))
    ? { ...quantity, fact: true }
    : quantity;
}

/** Every quantity the sentence states; a match inside words an earlier one took is passed over. */
export function parseQuantities(rawText: string, timeZone: string): Quantity[] {
  const text = normalizeGoalText(rawText);
  const found: Quantity[] = [];
  const consumed: Array<[number, number]> = [];
  for (const [pattern, read] of QUANTITY_READERS) {
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (consumed.some(([from, to]) => match.index < to && end > from)) continue;
      const quantity = read(match, text, timeZone);
      if (!quantity) continue;
      found.push(withFact(quantity, text, match.index));
      consumed.push([match.index, end]);
    }
  }
  return found;
}

/** Hours a week the sentence commits to ("5 hours a week", "20 minutes a day" → 2.33). */
export function weeklyHoursFromQuantities(quantities: readonly Quantity[]): number | null {
  const frequency = quantities.find((q) => q.kind === 'frequency');
  for (const quantity of quantities) {
    if (quantity.kind !== 'duration') continue;
    if (quantity.per === 'week') return round(quantity.minutes / 60, 2);
    if (quantity.per === 'day') {
      const times = frequency?.kind === 'frequency' ? Math.min(frequency.timesPerWeek, 7) : 7;
      return round((quantity.minutes * times) / 60, 2);
    }
    if (quantity.per === 'month') return round(quantity.minutes / 60 / 4.345, 2);
    if (frequency?.kind === 'frequency')
      return round((quantity.minutes * frequency.timesPerWeek) / 60, 2);
  }
  return null;
}

/** "3 hours", "about 5", "2.5h a week", "90 minutes" → hours. */
export function parseHoursAnswer(answer: string): number | null {
  const text = normalizeGoalText(answer);
  const minutes = /(\d+(?:\.\d+)?)\s*(?:min|mins|minutes)\b/.exec(text);
  const perDay = /\b(a|per|each|every) day\b|\bdaily\b/.test(text);
  if (minutes) return round((Number(minutes[1]) / 60) * (perDay ? 7 : 1), 2);
  const hours = /(\d+(?:\.\d+)?)/.exec(text);
  if (!hours) return null;
  return round(Number(hours[1]) * (perDay ? 7 : 1), 2);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
