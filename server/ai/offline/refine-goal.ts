import type {
  ClarifyingQuestion,
  CoachDomain,
  GoalFlag,
  GoalMetric,
  RefineGoalInput,
  RefineGoalOutput,
} from '#contracts/coach.ts';
import { withHealthNote } from '#server/ai/safety.ts';
import { applyAmbition, CRASH_NOTE, crashDiet, decideDeadline } from './deadline.ts';
import {
  candidateActivities,
  type DetectedActivity,
  detectActivity,
  genericTemplate,
} from './activity.ts';
import { classifyDomain } from './domain.ts';
import { ASK_FOR } from './templates/career.ts';
import {
  goalIntent,
  type GoalIntent,
  keepsIntent,
  type NamedOccasion,
  occasionWithoutDate,
  firstListedGoal,
  SOMEONE_ELSE,
  withReferents,
} from './intent.ts';
import { ownWordsTemplate } from './own-words.ts';
import {
  learnsForItsOwnSake,
  LEARN_SUGGESTIONS,
  LIFE_WIDE,
  readWish,
  VAGUE,
  wishText,
} from './wish.ts';
import { addDays, daysBetween } from '#contracts/local-date.ts';
import { formatLongDate } from './dates.ts';
import { goalTitle, titleFromText } from './goal-title.ts';
import { extractWhy, normalizeGoalText, parseDeadline, type ParsedDeadline } from './parse.ts';
import {
  defaultCurrency,
  parseHoursAnswer,
  parseQuantities,
  weeklyHoursFromQuantities,
} from './quantities.ts';
import {
  type ActivityTemplate,
  clamp,
  formatAmount,
  type TemplateContext,
  usesImperial,
} from './templates/kit.ts';

/**
 * The offline coach's refineGoal: turns a sentence into a SMART goal, or asks what it needs to
 * know first. Pure and deterministic: the same input always gives the same output.
 */

/**
 * The clause of the text that holds the date phrase ("need to lose 15kg before Easter" of "…,
 * the holiday pics were brutal"): an event named elsewhere is not the date's.
 */
function clauseOf(text: string, phrase: string): string {
  const at = text.indexOf(phrase.toLowerCase());
  if (at < 0) return text;
  const start = Math.max(...['.', '!', '?', ';', ','].map((mark) => text.lastIndexOf(mark, at)));
  const ends = ['.', '!', '?', ';', ',']
    .map((mark) => text.indexOf(mark, at + phrase.length))
    .filter((index) => index >= 0);
  return text.slice(start + 1, ends.length > 0 ? Math.min(...ends) : text.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * "…, I just feel stuck", "…, we argue all the time", "…, I'm tired of being single": the person
 * already said what is wrong now, which is why it matters; it is not asked again.
 */
const STATED_SITUATION =
  /,\s*(?:i|we|i'm|we're|i've|we've|im)\s+(?:just\s+|really\s+|always\s+|still\s+|so\s+)?(?:feel|felt|argue|fight|bicker|keep|can't|cannot|never|hate|miss|am|are|'m|'re|tired|sick|fed up|stuck|have been|'ve been|been)\b/;

/** Repairing a relationship: the person is known; what it would look like is asked, without calling it vague. */
const RECONNECT =
  /\b(?:reconnect|make up|make peace|patch things up|fix things|make things right|mend (?:things|fences|bridges)|work things out|clear the air|bury the hatchet|get back in touch|repair (?:things|my relationship|our relationship)|be closer|get closer)\b(?:\s+with)?/;

/** A number of people ("5 old uni friends", "three cousins"): how many is already said. */
const PEOPLE_COUNT =
  /\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\s+(?:[a-z]+\s+){0,3}(?:friends|mates|pals|people|cousins|relatives|colleagues|neighbours|neighbors|family members|school friends|uni friends)\b/;

/** Targets whose date decides whether they are safe or affordable: asked together. */
const DATED_TARGETS = /^(?:weight_loss|muscle_gain|savings|income)$/;

/** Open-ended skills with no number and no date: how far is "done" is asked. */
const OPEN_ENDED = /^(?:instrument|writing)$/;

const QUESTION_IDS = {
  outcome: 'outcome',
  target: 'target',
  deadline: 'deadline',
  why: 'why',
  hours: 'hours',
  domain: 'domain',
} as const;

const DOMAIN_ANSWERS: ReadonlyArray<readonly [RegExp, CoachDomain]> = [
  [/health|fitness|body|sleep|food|weight/i, 'health'],
  [/career|work|job|business|money from work/i, 'career'],
  [/relationship|family|friend|partner|love|dating/i, 'relationships'],
  [/personal|growth|learning|habit|hobby|finance|money|development/i, 'personal_development'],
];

function domainFromAnswer(answer: string | undefined): CoachDomain | undefined {
  if (!answer) return undefined;
  return DOMAIN_ANSWERS.find(([pattern]) => pattern.test(answer))?.[1];
}

/** "$2,000" becomes "£2,000" in the UK; kilometres and kilograms become miles and pounds in the US. */
function localizeSuggestion(suggestion: string, timeZone: string): string {
  const currency = defaultCurrency(timeZone);
  let text = suggestion.replace(/\$/g, currency);
  if (usesImperial(timeZone)) {
    text = text
      .replace(/\b5 kg\b/, '10 lb')
      .replace(/\b(\d+) km\b/, (_, km: string) => `${Math.round(Number(km) * 0.62)} miles`);
  }
  return text;
}

/** Suggestions that would hurt or make no sense for this goal are left out. */
function fitsGoal(suggestion: string, text: string): boolean {
  if (MEDICAL.test(text) && /\b(run|5k|10k|marathon|jump|hiit)\b/i.test(suggestion)) return false;
  return true;
}

function outcomeQuestion(
  template: ActivityTemplate,
  domain: CoachDomain,
  text: string,
  timeZone: string,
): ClarifyingQuestion {
  const suggestions = [
    ...(template.outcomeSuggestions ?? genericTemplate(domain).outcomeSuggestions ?? []),
  ]
    .filter((suggestion) => fitsGoal(suggestion, normalizeGoalText(text)))
    .map((suggestion) => localizeSuggestion(suggestion, timeZone))
    .slice(0, 4);
  const quoted = text.length <= 60 ? `“${text.replace(/[.!]+$/, '')}”` : 'this';
  return {
    id: QUESTION_IDS.outcome,
    question: `What would ${quoted} look like in practice? Name something you could count or check off.`,
    suggestions,
  };
}

/**
 * A health matter that needs a doctor's or physio's word before training: a condition or a
 * reading a doctor follows (cholesterol, HbA1c), an operation (an organ out, a joint replaced,
 * weight-loss surgery) or an injury (a torn calf).
 */
const MEDICAL =
  /\b(surgery|operation|op|injur(?:y|ies|ed)|torn|fracture|broken|pregnan\w*|postpartum|(?:pre)?diabet\w*|heart (?:condition|attack|disease)|blood pressure|cholesterol|blood sugars?|hba1c|a1c|triglycerides|gastric (?:sleeve|band|bypass|balloon)|bariatric|weight[- ]loss surgery|medication|chemo\w*|cancer|eating disorder|anorexi\w*|bulimi\w*|rehab\w*|physio\w*|arthritis|asthma|chronic pain|slipped disc|hernia|knee replacement|hip replacement|concussion|acl|menisc\w*|sertraline|fluoxetine|citalopram|prozac|ssris?|antidepressants?|insulin|insulin pump|on a pump|(?:i'm|i am|im) type [12]|type [12] diabet\w*|t[12]d|metformin|ozempic|wegovy|crohn'?s|colitis|ibs|pcos|endometriosis|long covid|copd|epilepsy|multiple sclerosis|stents?|cardiolog\w*|cardiac|bypass|angioplasty|stroke|binge(?:s|d|ing)?|purg(?:e|ing)|sprain\w*|(?:broke|broken|fractured) (?:my|it|her|his|a|the)|(?:in a|my|the) cast|cast (?:came|comes|is) off|(?:tore|tear|torn|pulled|strained|ruptured|dislocated) (?:my|a|her|his|the)|\w+ectomy|c-section|caesarean|(?:shoulder|ankle|joint|valve) replacement|(?:gallbladder|appendix|tonsils|thyroid|spleen|kidney|ovary|ovaries|womb|uterus|prostate|wisdom teeth)(?: \w+)? (?:out|removed|taken out))\b/;

const MEDICAL_NOTE =
  'Because of the health condition you mention, check the plan with your doctor or physiotherapist before you start, and stop if anything hurts.';

/** An event whose date only the person knows. */
const EVENT =
  /\b(?:for|before|by|at|until|till|in time for|ahead of|on)\s+(my|our|the|his|her|their|[a-z]+'s)\s+((?:[a-z0-9]+(?:'s)?\s+){0,2}(?:birthday|wedding|trip|holiday|holidays|vacation|exam|exams|finals|semester|term|graduation|anniversary|interview|review|move|race|competition|recital|concert|reunion|due date|conference|presentation|talk|performance|audition|tournament|match|big day|honeymoon|retirement|party|christening|baptism|bar mitzvah|bat mitzvah|communion|confirmation|funeral|memorial|prom|hen do|stag do|baby shower|engagement party|jubilee|show))\b/;

/** "mum and dad's 40th anniversary is coming up": an occasion named without a date. */
const COMING_UP =
  /\b(my|our|his|her|their|[a-z]+'s)\s+((?:[a-z0-9]+(?:'s)?\s+){0,2}(?:birthday|wedding|anniversary|graduation|retirement|christening|baptism|reunion|party|trip|holiday|exams?|recital|concert|performance|competition|race))\s+(?:is|are)\s+(?:coming up|soon|approaching|around the corner|next)\b/;

/**
 * A word for an event used as the name of a trade ("wedding photography", "party planning
 * business"): no occasion, and no date to ask for.
 */
const EVENT_AS_TRADE =
  /\b(?:wedding|party|event|birthday)\s+(?:photograph\w*|videograph\w*|planning|planner|cakes?|catering|dj|band|business|venue|industry|stationery|florist\w*)\b/g;

/** "in 2 months", "within a year": a length of time from today, not a day on the calendar. */
const LENGTH_OF_TIME =
  /^(?:in|within)\s+(?:\d+|a|an|one|two|three|four|five|six|a few|a couple of)\s+(?:days?|weeks?|fortnights?|months?|years?)\b/i;

/** The person's own birthday or age ("before my 50th", "by my birthday"): a date they chose. */
const OWN_MILESTONE =
  /\b(?:my|i turn)\s+(?:\d{2}(?:st|nd|rd|th)?(?:\s+birthday)?|birthday)\b(?!\s+(?:\w+\s+)?(?:anniversary|party|reunion))/;

/** "by the end of the semester": a date only the person's school knows. */
const ACADEMIC =
  /\b(?:end of|before|by|for)\s+(?:the\s+)?(this|my|our|the|next)?\s*(semester|term|school year|academic year|exam season|finals)\b/;

/** "pass my maths exam": the exam's date is the person's to give. */
const OWN_EXAM =
  /\b(?:pass|sit|take|ace|clear|crack|get through|nail|smash|prepare for|revise for|study for)\s+(my|our)\s+((?:[a-z0-9]+\s+){0,2}(?:exam|exams|test|final|finals|prelims|mains|boards|board exams?|papers|gcses?|a-levels?|viva|defen[cs]e|resits?|mocks))\b/;

/** "before I turn 40": a birthday only the person knows. */
const AGE = /\b(?:before|by the time|by when)\s+(i)\s+(?:turn|am|'m|reach)\s+(\d{2})\b/;

/** Words that make a stated date a fixed event rather than a chosen horizon. */
const FIXED_EVENT =
  /\b(wedding|exam|exams|finals|test|interview|review|trip|(?<!bank )holiday|vacation|race|conference|talk|presentation|recital|concert|performance|competition|tournament|match|birthday|anniversary|graduation|reunion|audition|gig|flight|due date|festival|ceremony|show|event|deadline|party|marathon on|half marathon on|relocat\w*|emigrat\w*|move (?:abroad|overseas|to [a-z]+))\b/;

/**
 * Life events whose date only the person knows, beyond "for my …": a baby's due date, the next
 * check-up, graduating. Each with the question to ask and whether it is a fixed occasion.
 */
const LIFE_EVENTS: ReadonlyArray<{ pattern: RegExp; question: string; fixed: boolean }> = [
  {
    pattern:
      /\b(?:until|till|before|by the time) (?:the|my|our) baby (?:comes|arrives|is born|is here|is due)\b|\bmy due date\b/,
    question: 'When is your baby due? I will plan up to that date.',
    fixed: false,
  },
  {
    pattern:
      /\b(?:by|at|for|before|until) (?:my|our|the) next (?:check[- ]?up|appointment|review|scan|blood test|clinic(?: visit)?|consultation)\b/,
    question: 'When is your next check-up? I will plan back from that date.',
    fixed: false,
  },
  {
    pattern:
      /\b(?:before|when|by the time|once) (?:i|we) (?:graduate|finish (?:school|uni|university|college))\b/,
    question: 'When do you graduate? I will plan back from that date.',
    fixed: false,
  },
  // "Get a job before my visa runs out": the end of a permit, lease or contract.
  {
    pattern:
      /\b(?:before|by the time|until|till|by when|ahead of)\s+(?:my|our|the|his|her)\s+(?:[a-z]+\s+)?(?:visa|permit|lease|tenancy|contract|notice period|notice|maternity leave|paternity leave|parental leave|leave|sabbatical|placement|probation|residency|internship|gap year|fixed term)\s+(?:runs out|expires|ends|is up|finishes|comes to an end|is over)\b/,
    question: 'On what date does it end? I will plan back from that date.',
    fixed: false,
  },
  // "Pass CFA Level I - sitting it in August": an exam sitting has a day, set by the exam board.
  {
    pattern:
      /\b(?:sitting|sit|taking|take) (?:it|them|the (?:exam|test|paper)s?)\b|\b(?:exam|test|paper|boards) (?:is |are )?(?:in|booked for|scheduled for) (?:early |mid-?|late )?(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/,
    question: 'On what day is the exam? I will plan your revision back from that date.',
    fixed: true,
  },
];

/**
 * A named mass event ("do the City2Surf", "ride London to Brighton"): it has a day of its own,
 * which the person knows; a month alone is not enough to plan the taper. Read on the words as
 * written, since the capitals are what mark a name.
 */
const NAMED_EVENT =
  /\b(?:do|run|ride|cycle|race|enter|complete|take part in|sign up for|signed up for)\s+(?:the\s+([A-Z][\w-]*\d[\w-]*|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\s+(?:Marathon|Half|Run|Ride|Sportive|Triathlon|Swim|Challenge|Ultra|10K|5K))|([A-Z][a-z]+ to [A-Z][a-z]+))\b/;

/** Races organised under a brand, each on a day of its own ("a half ironman", "a Tough Mudder"). */
const BRANDED_RACE =
  /\b(?:half[- ]ironman|ironman(?: 70\.3)?|70\.3|tough mudder|hyrox|spartan race|ultra[- ]trail|comrades|two oceans)\b/;

/** The goal happens at the occasion: "at my dad's birthday", "on our Iceland trip". */
const AT_EVENT = /^(?:at|on|during)\b/;

/** The goal is done in front of others at the occasion: played, sung, given as a speech. */
const PERFORMED =
  /\b(?:play|playing|sing|singing|perform|performing|dance|dancing|speech|toast|propose|recital|concert|audition|race|competition|tournament)\b/;

/** "until the baby comes": the baby's arrival, as the goal's end. */
const UNTIL_BABY =
  /\b(?:until|till|before|by the time|up to when) (?:the|my|our) baby (?:comes|arrives|is born|is here|is due)\b/;

/** "34 weeks pregnant", "pregnant (28 weeks)", "7 months pregnant": how far along. */
const WEEKS_ALONG =
  /\b(\d{1,2})\s*(weeks?|wks?|months?)\s+(?:pregnant|along|gone)\b|\bpregnant\b[^.;]{0,12}?\b(\d{1,2})\s*(weeks?|wks?)\b/;

/**
 * "34 weeks pregnant … until the baby comes": the due date follows from how far along the person
 * is (a pregnancy is due at 40 weeks), so it is proposed rather than asked.
 */
function dueDateFromWeeks(text: string, today: string): ParsedDeadline | null {
  const until = UNTIL_BABY.exec(text);
  const along = WEEKS_ALONG.exec(text);
  if (!until || !along) return null;
  const count = Number(along[1] ?? along[3]);
  const unit = along[2] ?? along[4] ?? 'weeks';
  const weeks = /^m/.test(unit) ? Math.round(count * 4.35) : count;
  if (weeks < 4 || weeks >= 40) return null;
  const date = addDays(today, (40 - weeks) * 7);
  return {
    date,
    phrase: until[0],
    reading: `your due date at 40 weeks, about ${formatLongDate(date)} (change it to the date your midwife gave you)`,
    passed: false,
    occasion: false,
    monthOnly: false,
  };
}

/**
 * "20 weeks pregnant and sitting my exam on 4 June … before the baby comes": a date the person
 * gives that comes before the due date is the goal's own (and "before the baby" holds); the due
 * date is the deadline only when no sooner date is stated.
 */
function statedOrDueDate(
  stated: ParsedDeadline | null,
  due: ParsedDeadline | null,
): ParsedDeadline | null {
  if (!due) return stated;
  return stated && !stated.passed && stated.date < due.date ? stated : due;
}

function dateNeededQuestion(owner: string, event: string, timeZone: string): ClarifyingQuestion {
  const whose = owner === 'my' || owner === 'our' ? 'your' : owner;
  return {
    id: QUESTION_IDS.deadline,
    question:
      owner === 'i'
        ? `When do you turn ${event}? I will plan back from that date.`
        : `When is ${whose} ${event}? I will plan back from that date.`,
    suggestions: [
      localizeSuggestion('In 4 weeks', timeZone),
      'In 3 months',
      'By the end of the year',
    ],
  };
}

function deadlineQuestion(): ClarifyingQuestion {
  return {
    id: QUESTION_IDS.deadline,
    question: 'By when would you like to get there?',
    suggestions: ['In 4 weeks', 'In 3 months', 'By the end of the year'],
  };
}

/** "How much?" for an activity no template asks about itself ("network more", "write a novel"). */
function howMuchQuestion(wish: string): ClarifyingQuestion {
  if (/\b(?:novel|book|memoir|story|stories)\b/.test(wish)) {
    return {
      id: QUESTION_IDS.target,
      question: 'How long should it be, or how much would you like to write?',
      suggestions: ['A 50,000-word first draft', 'A 20,000-word novella', '500 words a day'],
    };
  }
  if (INSTRUMENT_WORDS.test(wish)) {
    return {
      id: QUESTION_IDS.target,
      question: 'What would you like to be able to play?',
      suggestions: ['4 songs start to finish', '8 chords and 3 songs', '1 piece to perform'],
    };
  }
  // "drink less", "cut down on sweets": a limit, not a count to reach.
  if (/\b(?:less|fewer|cut (?:down|back)|reduce|limit)\b/.test(wish)) {
    return {
      id: QUESTION_IDS.target,
      question: 'How much less would count as success? Name a limit.',
      suggestions: ['Half as much as now', 'Only at weekends', 'No more than 2 days a week'],
    };
  }
  // "increase my sales numbers": a rise on where it is now.
  if (/\b(?:increase|grow|boost|raise|double)\b/.test(wish)) {
    return {
      id: QUESTION_IDS.target,
      question: 'How much more than now would count as success? Name a number.',
      suggestions: ['10% more than now', '25% more than now', 'Double what it is now'],
    };
  }
  return {
    id: QUESTION_IDS.target,
    question: 'How much or how often would count as success? Name a number.',
    suggestions: ['Once a week', '3 times a week', '10 in all'],
  };
}

const INSTRUMENT_WORDS =
  /\b(guitar|piano|keyboard|violin|cello|drums|ukulele|bass|flute|saxophone|trumpet|harmonica|sing|singing)\b/;

/** A health reading to bring down or up ("get my blood pressure down", "lower my cholesterol"). */
const HEALTH_READING =
  /\b(?:blood pressure|cholesterol|blood sugar|hba1c|a1c|resting heart rate|triglycerides)\b/;

/** The reading with its number ("blood pressure below 130/80", "HbA1c under 48"). */
const HEALTH_READING_TARGET = new RegExp(
  `${HEALTH_READING.source}[^.,;]{0,30}?\\d|\\b(?:readings?|numbers|levels?) (?:under|below|to|at|of|less than)\\s*\\d`,
);

const READING_QUESTION: ClarifyingQuestion = {
  id: QUESTION_IDS.target,
  question:
    'What reading are you aiming for? Your doctor or nurse can tell you the target that is right for you.',
  suggestions: ['The target my doctor gave me', 'Into the normal range', 'Off my medication'],
};

/** "I want a promotion", with no role, level or raise named. */
const BARE_PROMOTION = /\ba promotion$/;

/** "Get a pay rise", "ask for a raise": with no amount or percentage, how much is asked. */
const PAY_RISE = /\b(?:pay rise|payrise|raise|salary increase|pay increase|pay bump)\b/;

/** "Learn piano well enough to play something simple": the outcome is said, no target asked. */
const WELL_ENOUGH = /\b(?:well |good )?enough to (?!get (?:by|started)\b)[a-z]+/;

/** A debt to clear, by its everyday names ("pay off my credit card", "clear my overdraft"). */
const DEBT =
  /\b(?:pay (?:off|down|back)|clear|get rid of|be free of|get out of|wipe out|kill)\s+(?:all\s+(?:of\s+)?)?(?:my|the|our)?\s*(?:\w+\s+){0,2}?(?:credit cards?|debts?|loans?|overdraft|car finance|finance|mortgage|bnpl|klarna|afterpay|store card|balance)\b/;

function debtQuestion(timeZone: string): ClarifyingQuestion {
  const symbol = defaultCurrency(timeZone);
  return {
    id: QUESTION_IDS.target,
    question: 'How much is left to pay off? The balance is your target.',
    suggestions: [`${symbol}1,000`, `${symbol}3,000`, `${symbol}10,000`],
  };
}

const PAY_RISE_QUESTION: ClarifyingQuestion = {
  id: QUESTION_IDS.target,
  question: 'How much of a rise would count as success? Name an amount or a percentage.',
  suggestions: ['5% more', '10% more', 'The market rate for my role'],
};

const PROMOTION_QUESTION: ClarifyingQuestion = {
  id: QUESTION_IDS.target,
  question: 'Which role or level would the promotion take you to?',
  suggestions: ['The next level in my current role', 'Team lead', 'Senior in my field'],
};

const WHY_QUESTION: ClarifyingQuestion = {
  id: QUESTION_IDS.why,
  question: 'Why does this matter to you right now?',
  suggestions: [],
};

interface AskedEvent {
  owner: string;
  what: string;
  /** The words that name it, from their preposition ("for my sister's wedding"). */
  phrase: string;
}

function occasionOf(occasion: NamedOccasion | null): AskedEvent | null {
  if (!occasion) return null;
  // "by my 30th", "for my dad's 60th": a birthday by its ordinal.
  const what = /^\d+(?:st|nd|rd|th)$/.test(occasion.what)
    ? `${occasion.what} birthday`
    : occasion.what;
  return { owner: occasion.owner, what, phrase: '' };
}

/**
 * The event whose date only the person knows, if the statement names one and no day is known:
 * an exam, a wedding, a trip (`event`), or a life event or named event (`lifeEvent`).
 */
function eventsToAsk(
  eventText: string,
  text: string,
  statement: string,
  known: { answered: boolean; dayKnown: boolean; anyDate: boolean; rough: boolean },
) {
  const { answered, dayKnown, anyDate } = known;
  const match = answered
    ? null
    : // "before the end of term on 27 march": the day given is the term's end.
      ((dayKnown ? null : ACADEMIC.exec(eventText)) ??
      (anyDate
        ? null
        : (EVENT.exec(eventText) ??
          COMING_UP.exec(eventText) ??
          AGE.exec(eventText) ??
          OWN_EXAM.exec(eventText))));
  const event: AskedEvent | null = match
    ? { owner: match[1] || 'the', what: match[2] ?? 'event', phrase: match[0] }
    : answered || anyDate
      ? null
      : occasionOf(occasionWithoutDate(eventText));
  const namedEvent =
    answered || dayKnown || event
      ? null
      : NAMED_EVENT.exec(
          statement.replace(/[‘’]/g, "'").replace(/^\w/, (first) => first.toLowerCase()),
        );
  // "My first half ironman this summer": a branded race has a day of its own, which a season
  // or a month does not give.
  const branded = !answered && !event && (!anyDate || known.rough) && BRANDED_RACE.exec(text);
  if (branded)
    return {
      event,
      lifeEvent: {
        pattern: BRANDED_RACE,
        question: `What is the date of the ${branded[0]}? I will plan your training back from that day.`,
        fixed: true,
      },
    };
  const lifeEvent =
    answered || dayKnown || event
      ? undefined
      : (LIFE_EVENTS.find((candidate) => candidate.pattern.test(text)) ??
        (namedEvent
          ? {
              pattern: NAMED_EVENT,
              question: `What is the date of ${namedEvent[1] ? `the ${namedEvent[1]}` : 'the event'}? I will plan back from that day.`,
              fixed: true,
            }
          : undefined));
  return { event, lifeEvent };
}

interface TargetReading {
  statement: string;
  wish: string;
  inputText: string;
  context: TemplateContext;
  measured: boolean;
  explicit: GoalMetric | null;
  template: ActivityTemplate;
  read: { vague: boolean; moreOf: boolean; learnSkill: boolean; openEnded: boolean };
}

/**
 * Whether the goal still needs its target named, and why: more or less of something, a pay
 * rise or a debt with no amount, a health reading with no number, a template's own question.
 */
function targetNeeds(reading: TargetReading) {
  const { statement, wish, inputText, context, measured, explicit, template } = reading;
  const { vague, moreOf, learnSkill, openEnded } = reading.read;
  const { quantities } = context;
  // "Get my blood pressure down": a health reading with no number; the target is the doctor's.
  // A reading told as backstory ("diagnosed with high blood pressure, want to start doing HIIT 5
  // days a week") is no target of the goal's own.
  const goalClause = normalizeGoalText(goalIntent(statement).phrase);
  const readingWithoutTarget =
    !measured &&
    HEALTH_READING.test(context.text) &&
    (HEALTH_READING.test(goalClause) || !goalIntent(statement).verb) &&
    !HEALTH_READING_TARGET.test(context.text);
  // "Do the Great North Run": the named event is the target; only its date is asked.
  const namedEventGoal = NAMED_EVENT.test(
    inputText.replace(/[‘’]/g, "'").replace(/^\w/, (first) => first.toLowerCase()),
  );
  // "get back to running 3 times a week": a habit at a stated pace needs no other target.
  const habitPace = quantities.some((quantity) => quantity.kind === 'frequency');
  // "Ask my manager for a raise at my review": the ask is the goal, whatever the amount.
  const askOnly = ASK_FOR.test(wish);
  const bareRise =
    !measured &&
    !askOnly &&
    PAY_RISE.test(wish) &&
    !quantities.some((quantity) => quantity.kind === 'money' || quantity.kind === 'percent');
  // "Pay off my credit card": the balance is the target, and only the person knows it.
  const debtWithoutBalance =
    !measured && DEBT.test(goalClause) && !quantities.some((quantity) => quantity.kind === 'money');
  const needsTarget =
    moreOf ||
    bareRise ||
    debtWithoutBalance ||
    (!vague &&
      !learnSkill &&
      !(habitPace && !readingWithoutTarget) &&
      !(namedEventGoal && explicit === null && !readingWithoutTarget) &&
      !askOnly &&
      !WELL_ENOUGH.test(goalClause) &&
      ((explicit === null && (template.targetQuestion !== undefined || openEnded)) ||
        readingWithoutTarget));

  return { needsTarget, readingWithoutTarget, bareRise, debtWithoutBalance };
}

/**
 * The first question about the goal itself: what a vague wish or a skill would look like, or
 * which target (a reading, a rise, a balance, the template's own, how much).
 */
function whatToAsk(read: {
  template: ActivityTemplate;
  domain: CoachDomain;
  context: TemplateContext;
  said: string;
  wish: string;
  ask: { vague: boolean; asksOutcome: boolean; learnSkill: boolean; needsTarget: boolean };
  target: { readingWithoutTarget: boolean; bareRise: boolean; debtWithoutBalance: boolean };
}): ClarifyingQuestion | null {
  const { template, domain, context, said, wish } = read;
  const { vague, asksOutcome, learnSkill, needsTarget } = read.ask;
  if (vague) {
    // "swim more": the activity is known, how much is not; "a promotion": to what.
    return BARE_PROMOTION.test(wish)
      ? PROMOTION_QUESTION
      : outcomeQuestion(template, domain, said.trim(), context.timeZone);
  }
  if (asksOutcome) {
    const question = outcomeQuestion(template, domain, said.trim(), context.timeZone);
    // A skill to learn: what "done" could be, in the skill's own terms ("4 songs start to
    // finish"), not the domain's catch-all suggestions.
    const own =
      !template.generic && template.id !== 'own_words' && template.targetQuestion
        ? template.targetQuestion(context).suggestions
        : INSTRUMENT_WORDS.test(wish)
          ? howMuchQuestion(wish).suggestions
          : LEARN_SUGGESTIONS;
    return learnSkill ? { ...question, suggestions: [...own] } : question;
  }
  if (!needsTarget) return null;
  const { readingWithoutTarget, bareRise, debtWithoutBalance } = read.target;
  return readingWithoutTarget
    ? READING_QUESTION
    : bareRise
      ? PAY_RISE_QUESTION
      : debtWithoutBalance
        ? debtQuestion(context.timeZone)
        : (template.targetQuestion?.(context) ?? howMuchQuestion(wish));
}

export interface RefineGoalOptions {
  /**
   * The goal's domain read from the meaning of the statement (domain-model.ts), or null: it
   * outweighs the keyword cues unless the person named the domain. Absent in the pure engine.
   */
  domainOpinion?: (statement: string) => CoachDomain | null;
}

export function refineGoalOffline(
  input: RefineGoalInput,
  options: RefineGoalOptions = {},
): RefineGoalOutput {
  const answers = new Map((input.answers ?? []).map((a) => [a.questionId, a.answer] as const));
  const answeredOutcome = answers.has(QUESTION_IDS.outcome) || answers.has(QUESTION_IDS.target);
  // Everything except the answers with their own slot describes the outcome.
  const outcomeAnswers = [...answers.entries()]
    .filter(([id]) => !['why', 'deadline', 'hours', 'domain'].includes(id))
    .map(([, answer]) => answer);
  // "… my career has stalled. I want to get it back on track": the goal read with what "it" is.
  const said = withReferents(firstListedGoal(input.text));
  const combined = [said, ...outcomeAnswers].join('. ');
  const hint = input.domainHint ?? domainFromAnswer(answers.get(QUESTION_IDS.domain));
  const quantities = parseQuantities(combined, input.timeZone);
  const context: TemplateContext = {
    text: normalizeGoalText(combined),
    quantities,
    timeZone: input.timeZone,
  };
  // What events the sentence names, without trades named after one ("wedding photography").
  const eventText = context.text.replace(EVENT_AS_TRADE, 'trade');
  const deadlineAnswer = answers.get(QUESTION_IDS.deadline);
  const parsedDeadline =
    (deadlineAnswer ? parseDeadline(deadlineAnswer, input.today, input.timeZone) : null) ??
    statedOrDueDate(
      parseDeadline(said, input.today, input.timeZone),
      dueDateFromWeeks(context.text, input.today),
    );
  const why = answers.get(QUESTION_IDS.why) ?? extractWhy(said);
  const statement = answers.get(QUESTION_IDS.outcome) ?? said;
  const detected = chooseActivity(
    combined,
    hint,
    goalIntent(statement),
    context,
    statement,
    parsedDeadline,
  );
  const { template } = detected;
  const domain = (hint ? null : options.domainOpinion?.(input.text)) ?? detected.domain;
  const explicit = template.metric(context);
  const flags = new Set<GoalFlag>();
  const medical = MEDICAL.test(context.text);
  if (medical) flags.add('medical');

  const wish = normalizeGoalText(statement).replace(/[.!?]+$/, '');
  // A goal in the person's own words is "done once" when it names no number: not a measure.
  const measured = explicit !== null && !(template.id === 'own_words' && explicit.name === 'Done');
  const { moreOf, vague } = readWish(statement, context.text, measured, template);
  // "Reconnect with 5 old uni friends": the number of people says what it would look like.
  const reconnect =
    !measured &&
    !vague &&
    (RECONNECT.test(context.text) || SOMEONE_ELSE.test(context.text)) &&
    !PEOPLE_COUNT.test(context.text);
  // "learn guitar", "write a novel": with neither a number nor a date, how far is "done" is asked.
  const unbounded = explicit === null && !parsedDeadline && quantities.length === 0;
  const learnSkill =
    !measured &&
    !parsedDeadline &&
    quantities.length === 0 &&
    !vague &&
    !moreOf &&
    learnsForItsOwnSake(statement);
  const openEnded = unbounded && !learnSkill && OPEN_ENDED.test(template.id);
  const { needsTarget, readingWithoutTarget, bareRise, debtWithoutBalance } = targetNeeds({
    statement,
    wish,
    inputText: said,
    context,
    measured,
    explicit,
    template,
    read: { vague, moreOf, learnSkill, openEnded },
  });

  // A date only the person knows ("for my sister's wedding", "until the baby comes") is asked
  // for, never guessed; a month alone ("before I graduate in May") does not name the day.
  const dayKnown = parsedDeadline !== null && !parsedDeadline.monthOnly;
  const { event, lifeEvent } = eventsToAsk(eventText, context.text, said, {
    answered: Boolean(deadlineAnswer),
    dayKnown,
    anyDate: parsedDeadline !== null,
    rough: parsedDeadline !== null && /^the end of\b/.test(parsedDeadline.reading),
  });
  // A date that has passed is replaced with a proposed one and flagged (decideDeadline), as a
  // coach would ("that date has gone; how about …?"), rather than asked again.
  const passed = parsedDeadline?.passed === true;
  const asksOutcome = reconnect || (learnSkill && !event && !lifeEvent);
  // "Save £5,000 for a car", "Lose 2 stone": an amount of money or weight is only safe or
  // affordable against a date, and only the person knows what theirs can be: asked, not proposed
  // (unless the amount answers an earlier question: the date is then proposed, as for any goal).
  const amountWithoutDate =
    measured &&
    !answeredOutcome &&
    explicit !== null &&
    !parsedDeadline &&
    !deadlineAnswer &&
    DATED_TARGETS.test(template.id) &&
    (template.id === 'income' || !explicit.unit.includes('/'));
  if (
    ((vague || needsTarget || asksOutcome) && !answeredOutcome) ||
    event ||
    lifeEvent ||
    amountWithoutDate
  ) {
    const questions: ClarifyingQuestion[] = [];
    if (passed) flags.add('deadline_passed');
    if (vague && !answeredOutcome) flags.add('vague');
    const first = answeredOutcome
      ? null
      : whatToAsk({
          template,
          domain,
          context,
          said,
          wish,
          ask: { vague, asksOutcome, learnSkill, needsTarget },
          target: { readingWithoutTarget, bareRise, debtWithoutBalance },
        });
    if (first) questions.push(first);
    if (event) {
      flags.add('date_needed');
      // The occasion's date is fixed once known when the goal happens at it ("play at my dad's
      // birthday", "propose on our trip", a speech); when it only bounds the work ("knit a
      // jumper for my nephew's birthday", "before our holiday") it is a date to plan toward.
      // "back dancing before my daughter's wedding": a performance the occasion bounds is ready
      // by then, not done at it.
      if (
        AT_EVENT.test(event.phrase) ||
        (PERFORMED.test(context.text) && !/^(?:before|ahead of|until|till)\b/.test(event.phrase))
      )
        flags.add('fixed_date');
      questions.push(dateNeededQuestion(event.owner, event.what, input.timeZone));
    } else if (lifeEvent) {
      flags.add('date_needed');
      if (lifeEvent.fixed) flags.add('fixed_date');
      questions.push({
        ...dateNeededQuestion('the', 'event', input.timeZone),
        question: lifeEvent.question,
      });
    } else if (
      amountWithoutDate ||
      (needsTarget &&
        !moreOf &&
        !answeredOutcome &&
        (DATED_TARGETS.test(template.id) || debtWithoutBalance) &&
        !parsedDeadline &&
        !deadlineAnswer)
    ) {
      // Amounts of money or weight are only safe or affordable against a date: asked together.
      questions.push(deadlineQuestion());
    }
    // Why is asked only of a wish about the whole of life ("get my life together"), not of one
    // area of it (health, work, money, a relationship, a skill), whose why is plain; and the
    // part of life is not asked: what it would look like says it.
    if (vague && !why && LIFE_WIDE.test(context.text) && !STATED_SITUATION.test(context.text))
      questions.push(WHY_QUESTION);
    const notes = vague
      ? [
          'A goal you can measure is far easier to plan and to stick to; a couple of answers and I will draft it.',
        ]
      : [];
    if (medical) notes.push(MEDICAL_NOTE);
    return { kind: 'questions', questions, notes, flags: [...flags] };
  }

  const fixed = isFixedDate(parsedDeadline, eventText, context.text);
  // "In 2 months before we relocate": a length of time the person chose, kept because an event
  // bounds it, but not itself an event's date.
  if (fixed && !LENGTH_OF_TIME.test(parsedDeadline.phrase)) flags.add('fixed_date');
  const decision = decideDeadline(template, explicit, parsedDeadline, input.today, context, fixed);
  for (const flag of decision.flags) flags.add(flag);
  const notes = [...decision.notes];
  if (medical) notes.unshift(MEDICAL_NOTE);
  // A crash-diet pace is over-ambitious (decideDeadline scales it to a safe one), not a medical
  // matter in itself; the note still says why the full amount is not planned by then.
  if (crashDiet(template, explicit, parsedDeadline, input.today)) notes.unshift(CRASH_NOTE);
  const horizonWeeks = Math.max(1, Math.floor(daysBetween(input.today, decision.date) / 7));

  const weeklyHours = plannedWeeklyHours(
    input,
    answers.get(QUESTION_IDS.hours),
    template,
    quantities,
    notes,
  );

  let metric =
    decision.metric ??
    (explicit && decision.target ? { ...explicit, target: decision.target } : explicit);
  if (!metric) {
    metric = template.fallbackMetric(
      { weeks: horizonWeeks, weeklyHours, timeZone: input.timeZone },
      context,
    );
    notes.push(
      `You did not name a number, so I set the target to ${formatAmount(metric.target, metric.unit)}. Edit it if you had something else in mind.`,
    );
  }

  const scope = applyAmbition(
    {
      text: context.text,
      metric: explicit ?? metric,
      quantities,
      days: daysBetween(input.today, decision.date),
      deadline: decision.date,
      fixed,
    },
    { metric, decision, stated: explicit !== null },
    flags,
    notes,
  );
  metric = scope.metric;

  const whyText = why ?? template.why;
  if (!why)
    notes.push('Add your own reason in “why”: it is what keeps you going when motivation dips.');
  for (const note of template.notes ?? []) notes.push(note);

  const { title, towards } = goalTitle({
    statement,
    text: answers.get(QUESTION_IDS.outcome) ?? said,
    deadline: parsedDeadline,
    explicit,
    target: scope.target,
    rescoped: decision.metric !== undefined,
    template,
    metric,
    context,
  });

  return {
    kind: 'smart',
    goal: {
      title,
      domain,
      specific: `${template.specific(metric)}${towards} Target date: ${formatLongDate(decision.date)}.`,
      metric,
      deadline: decision.date,
      why: whyText,
      firstStep: template.firstStep(metric),
      weeklyHours,
    },
    notes: withHealthNote(notes.slice(0, 10), domain),
    flags: [...flags],
  };
}

const SHARED_WITH = /\btogether\b/;
const PEOPLE_CLOSE =
  /\b(?:daughter|son|kids|children|wife|husband|partner|girlfriend|boyfriend|mum|mom|mother|dad|father|parents|family|friends?|grand(?:ma|pa|mother|father|parents|kids|children|son|daughter))\b/;

/**
 * The template that keeps what the person asked for: the first matching one whose SMART goal
 * still names their activity; else their own words (unless the goal is too vague to plan, when
 * the domain's catch-all asks what it means).
 */
/**
 * The weekly hours to plan for: the person's capacity, else their answer, else the hours the goal
 * states, else the activity's usual; a note when the goal states more than the capacity.
 */
function plannedWeeklyHours(
  input: RefineGoalInput,
  hoursAnswer: string | undefined,
  template: ActivityTemplate,
  quantities: ReturnType<typeof parseQuantities>,
  notes: string[],
): number {
  const statedHours =
    template.statedHoursAreEffort === false ? null : weeklyHoursFromQuantities(quantities);
  const weeklyHours =
    input.weeklyHours ??
    (hoursAnswer ? parseHoursAnswer(hoursAnswer) : null) ??
    statedHours ??
    template.weeklyHours;
  if (input.weeklyHours !== undefined && statedHours !== null && statedHours > input.weeklyHours) {
    notes.push(
      `Your goal mentions about ${statedHours} hours a week but you have ${input.weeklyHours}; I planned for ${input.weeklyHours}.`,
    );
  }
  return clamp(Math.round(weeklyHours * 4) / 4, 0.5, 60);
}

/**
 * A date is fixed when it is an occasion's ("on 12 April", "booked for 28 May", "host
 * Thanksgiving") or an event's (an exam, a trip, a wedding), not a horizon the person chose.
 * The person's own birthday or age ("before my 50th on 6 June") is a date they chose.
 */
function isFixedDate(
  deadline: ParsedDeadline | null,
  eventText: string,
  text: string,
): deadline is ParsedDeadline {
  if (deadline === null || deadline.passed) return false;
  // "Pass the PMP exam by end of June": a month's end after "by" is a horizon the person chose,
  // whatever the event; its sitting has a day of its own.
  const chosenMonthEnd =
    deadline.monthOnly === true &&
    new RegExp(
      `\\b(?:by|before|until)\\s+(?:the\\s+)?${escapeRegExp(deadline.phrase.toLowerCase().replace(/^(?:by|before|until)\s+/, ''))}`,
    ).test(text);
  if (chosenMonthEnd) return false;
  return (
    (deadline.occasion && !OWN_MILESTONE.test(eventText)) ||
    FIXED_EVENT.test(clauseOf(eventText, deadline.phrase).replace(OWN_MILESTONE, ' '))
  );
}

function chooseActivity(
  combined: string,
  hint: CoachDomain | undefined,
  intent: GoalIntent,
  context: TemplateContext,
  statement: string,
  deadline: ParsedDeadline | null,
): DetectedActivity {
  const plan = { weeks: 8, weeklyHours: 3, timeZone: context.timeZone };
  const coreContext: TemplateContext = {
    ...context,
    quantities: parseQuantities(intent.core, context.timeZone),
  };
  // Templates about the action itself ("save $10,000") before those about its setting ("on a
  // salary of…"); the order is otherwise the classifier's.
  const core = normalizeGoalText(intent.core);
  const phrase = normalizeGoalText(intent.phrase);
  const phraseWeights = parseQuantities(intent.phrase, context.timeZone).some(
    (quantity) => quantity.kind === 'weight',
  );
  const candidates = candidateActivities(combined, hint);
  const ranked = [
    ...candidates.filter((c) => c.template.cues.test(core)),
    ...candidates.filter((c) => !c.template.cues.test(core)),
  ];
  // "Me and my daughter want to read together every night": an activity shared with someone
  // close is time together first; their template keeps the activity in the person's words.
  if (SHARED_WITH.test(core) && PEOPLE_CLOSE.test(normalizeGoalText(combined)) && !hint) {
    const together = candidates.find((c) => c.template.domain === 'relationships');
    if (together) return { ...together, domain: 'relationships' };
  }
  for (const candidate of ranked) {
    const { template } = candidate;
    const metric = template.metric(context) ?? template.fallbackMetric(plan, context);
    const text = [
      template.title(metric, context),
      template.specific(metric),
      metric.name,
      metric.unit,
    ].join(' ');
    // Kept when the goal names the activity, or the template is about one of its key objects (a
    // verb alone must be named: "drink water" is not the cooking template's).
    const about = intent.keywords.some((word) => word !== intent.verb && template.cues.test(word));
    // Or it reads the very number the action states ("make $10k/month" is income, whatever
    // else the sentence mentions).
    const reads = coreContext.quantities.length > 0 && template.metric(coreContext) !== null;
    // A weight to get down to reads with the weight now ("I'm 16 stone and want to get down to 13").
    const weightTo =
      phraseWeights && template.cues.test(phrase) && template.metric(context) !== null;
    if (about || reads || weightTo || keepsIntent(intent, text)) return candidate;
  }
  const fallback = detectActivity(combined, hint);
  if (
    !intent.verb ||
    VAGUE.test(wishText(context.text)) ||
    (!fallback.template.generic && intent.keywords.length === 0)
  ) {
    return fallback;
  }
  // "Host Thanksgiving", "cook dinner for Thanksgiving": the holiday that is the occasion stays.
  const occasion = deadline?.occasion === true && !/\d/.test(deadline.phrase);
  const title = titleFromText(statement, occasion ? null : deadline);
  // The domain of the activity, not of its occasion or whose it is ("restore my grandfather's
  // motorbike", "play Wonderwall for my sister's wedding").
  const activity = normalizeGoalText(intent.phrase)
    .replace(/\b(?:for|before|by|until|in time for|ahead of|with)\b.*$/, '')
    .replace(/\b[a-z]+'s\b/g, '');
  const guess = classifyDomain(activity, hint);
  const domain = guess.score > 0 || hint ? guess.domain : fallback.domain;
  return {
    ...fallback,
    domain,
    template: ownWordsTemplate(genericTemplate(domain), domain, intent, title),
  };
}
