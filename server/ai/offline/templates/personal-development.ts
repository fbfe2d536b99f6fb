import { defaultCurrency } from '#server/ai/offline/quantities.ts';
import {
  type ActivityTemplate,
  clamp,
  cumulativeMilestone,
  currencySymbolFor,
  findQuantity,
  formatAmount,
  phaseName,
  rampMilestone,
  stagedMilestone,
} from './kit.ts';

/** Personal development: reading, languages, music, writing, art, money and daily habits. */

const reading: ActivityTemplate = {
  id: 'reading',
  domain: 'personal_development',
  cues: /\b(read|reading)\b|\b\d+ (books|novels|audiobooks)\b|\bbooks finished\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count && /books|novels|audiobooks/.test(count.noun))
      return { name: 'Books finished', target: count.value, unit: 'books' };
    if (count && /pages/.test(count.noun)) {
      return count.per
        ? { name: `Pages read per ${count.per}`, target: count.value, unit: `pages/${count.per}` }
        : { name: 'Pages read', target: count.value, unit: 'pages' };
    }
    return null;
  },
  targetQuestion: () => ({
    id: 'target',
    question: 'How many books would you like to finish?',
    suggestions: ['6 books', '12 books', '24 books'],
  }),
  fallbackMetric: ({ weeks }) => ({
    name: 'Books finished',
    target: clamp(Math.round(weeks / 3), 2, 26),
    unit: 'books',
  }),
  title: (metric) =>
    metric.unit === 'books'
      ? `Read ${formatAmount(metric.target, 'books')}`
      : `Read ${formatAmount(metric.target, metric.unit)}`,
  specific: (metric) =>
    `Finish ${formatAmount(metric.target, metric.unit)} by reading a little most days, with the next book always lined up.`,
  defaultWeeks: (metric) =>
    metric && metric.unit === 'books' ? clamp(metric.target * 2, 4, 52) : 12,
  maxPerWeek: (metric) =>
    metric.unit === 'books'
      ? {
          perWeek: 2,
          safePerWeek: 1,
          why: 'about one book a week is a fast but sustainable pace for most readers',
        }
      : null,
  weeklyHours: 3,
  why: 'Reading widens how you think and gives you calm time for yourself.',
  firstStep: () => 'Choose your first book and put it where you will see it tonight.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount} finished: goal reached` : `${amount} finished`),
    [
      'Build a daily reading slot: same time, same place.',
      'Keep a list of the next three books.',
      'Try a different genre or an audiobook for variety.',
      'Write three lines on each book you finish.',
    ],
  ),
  setupTasks: [
    { title: 'Make a list of books you want to read', minutes: 20 },
    { title: 'Get a library card or set up an e-reader', minutes: 20 },
    { title: 'Set a nightly reading reminder', minutes: 5 },
  ],
  practice: [{ title: () => 'Read', timesPerWeek: 5, minMinutes: 15, maxMinutes: 45 }],
};

const LANGUAGES =
  /\b(spanish|french|german|italian|japanese|mandarin|chinese|korean|portuguese|arabic|russian|hindi|dutch|swedish|greek|turkish|polish|hebrew|sign language)\b/;

const language: ActivityTemplate = {
  id: 'language',
  domain: 'personal_development',
  cues: new RegExp(
    `${LANGUAGES.source}|\\b(fluent|fluency|conversational|duolingo|a new language|language)\\b`,
  ),
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count && /words/.test(count.noun))
      return { name: 'Words learned', target: count.value, unit: 'words' };
    if (count && /lessons|sessions|conversations/.test(count.noun))
      return { name: `${capitalize(count.noun)} completed`, target: count.value, unit: count.noun };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Practice sessions',
    target: clamp(weeks * 4, 8, 200),
    unit: 'sessions',
  }),
  title: (_metric, { text }) => {
    const name = LANGUAGES.exec(text)?.[1];
    const level = /\bfluent|fluency\b/.test(text)
      ? 'Become fluent in'
      : /\bconversational\b/.test(text)
        ? 'Become conversational in'
        : 'Learn';
    return `${level} ${name ? capitalize(name) : 'a new language'}`;
  },
  specific: (metric) =>
    `Practise little and often (${formatAmount(metric.target, metric.unit)}), mixing vocabulary, listening and real conversations.`,
  defaultWeeks: () => 16,
  minWeeks: (_metric, { text }) => (/\bfluent|fluency\b/.test(text) ? 26 : 4),
  weeklyHours: 3,
  why: 'Talking with people in their own language opens places and friendships.',
  firstStep: () => 'Install a language app and do the first 10-minute lesson.',
  milestone: stagedMilestone([
    {
      title: 'Daily practice habit started',
      description: 'Ten minutes a day beats an hour on Sunday.',
    },
    {
      title: 'First 300 words',
      description: 'The most common words cover most of everyday speech.',
    },
    { title: 'Introduce yourself without notes', description: 'Record it and listen back.' },
    {
      title: 'First conversation with a native speaker',
      description: 'A tutor or exchange partner online.',
    },
    {
      title: 'Understand a short podcast episode',
      description: 'Listen twice: once for gist, once for detail.',
    },
    { title: 'Thirty-minute conversation', description: 'About your life, plans and opinions.' },
    { title: 'Goal level reached', description: 'Test yourself with a placement test.' },
  ]),
  setupTasks: [
    { title: 'Choose a course or app and a dictionary', minutes: 20 },
    { title: 'Book a first session with a tutor or exchange partner', minutes: 30 },
    { title: 'Change your phone’s language for a day', minutes: 5 },
    { title: 'Find a podcast for learners', minutes: 15 },
  ],
  practice: [
    {
      title: () => 'Language practice: app or vocabulary',
      timesPerWeek: 5,
      minMinutes: 10,
      maxMinutes: 30,
      weight: 2,
    },
    {
      title: (phase) =>
        phase === 0 ? 'Listening: a learner podcast' : 'Speaking practice with a partner or tutor',
      timesPerWeek: 1,
      minMinutes: 20,
      maxMinutes: 60,
    },
  ],
};

const INSTRUMENTS =
  /\b(guitar|piano|keyboard|violin|cello|drums|ukulele|bass|flute|saxophone|trumpet|harmonica|sing|singing)\b/;

const instrument: ActivityTemplate = {
  id: 'instrument',
  domain: 'personal_development',
  cues: INSTRUMENTS,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count && /songs|pieces|chords|scales/.test(count.noun))
      return { name: `${capitalize(count.noun)} learned`, target: count.value, unit: count.noun };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Songs learned',
    target: clamp(Math.round(weeks / 3), 2, 12),
    unit: 'songs',
  }),
  title: (metric, { text }) =>
    `Learn ${formatAmount(metric.target, metric.unit)} on the ${INSTRUMENTS.exec(text)?.[1] ?? 'instrument'}`
      .replace('on the sing', 'to sing')
      .replace('on the singing', 'to sing'),
  specific: (metric) =>
    `Be able to play ${formatAmount(metric.target, metric.unit)} start to finish, through short, regular practice.`,
  defaultWeeks: () => 12,
  weeklyHours: 2.5,
  why: 'Making music yourself is a joy that lasts a lifetime.',
  firstStep: () => 'Pick the first song you want to learn and find a beginner lesson for it.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount} learned: goal reached` : `${amount} learned`),
    [
      'Learn the basics: posture, first chords or notes.',
      'Practise slowly; speed comes later.',
      'Play for someone else.',
      'Record yourself playing the full set.',
    ],
  ),
  setupTasks: [
    { title: 'Tune or set up your instrument and a practice corner', minutes: 20 },
    { title: 'Choose a lesson series or teacher', minutes: 30 },
    { title: 'Make a playlist of the songs you will learn', minutes: 15 },
  ],
  practice: [
    {
      title: (phase, phases) =>
        phaseName(phase, phases) === 'finish'
          ? 'Practice: play your songs start to finish'
          : 'Practice: warm-up, then one song slowly',
      timesPerWeek: 5,
      minMinutes: 15,
      maxMinutes: 45,
    },
  ],
};

const writing: ActivityTemplate = {
  id: 'writing',
  domain: 'personal_development',
  cues: /\b(write|writing|draft|publish)\b[^.]*\b(novel|book|blog|posts?|articles?|stories|story|poems?|poetry|screenplay|memoir|words|newsletter)\b|\bwords written\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count && /words/.test(count.noun))
      return { name: 'Words written', target: count.value, unit: 'words' };
    if (
      count &&
      /posts|blog posts|articles|stories|short stories|poems|chapters|essays/.test(count.noun)
    ) {
      return { name: `${capitalize(count.noun)} published`, target: count.value, unit: count.noun };
    }
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Words written',
    target: clamp(weeks * 2000, 5000, 80000),
    unit: 'words',
  }),
  title: (metric, { text }) =>
    metric.unit === 'words' && /novel|book|memoir/.test(text)
      ? `Write a ${formatAmount(metric.target, 'words').replace(' words', '-word')} ${/memoir/.test(text) ? 'memoir' : 'novel'} draft`
      : `Write ${formatAmount(metric.target, metric.unit)}`,
  specific: (metric) =>
    `Write ${formatAmount(metric.target, metric.unit)} through regular sessions, drafting first and editing later.`,
  defaultWeeks: (metric) =>
    metric?.unit === 'words' ? clamp(Math.ceil(metric.target / 2000), 4, 52) : 12,
  maxPerWeek: (metric) =>
    metric.unit === 'words'
      ? {
          perWeek: 14000,
          safePerWeek: 7000,
          why: 'about 1,000 words a day is a strong, sustainable pace',
        }
      : null,
  weeklyHours: 4,
  why: 'Getting the story out of your head and onto the page.',
  firstStep: () => 'Write 200 words today, however rough.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: draft complete` : `${amount} written`),
    [
      'Outline loosely and set a daily word target.',
      'Write through the messy middle; no editing yet.',
      'Keep the streak; short sessions count.',
      'Finish the draft, then rest before editing.',
    ],
  ),
  setupTasks: [
    { title: 'Outline the main parts on one page', minutes: 45 },
    { title: 'Set up a distraction-free writing space', minutes: 15 },
    { title: 'Find a writing buddy or group', minutes: 30 },
  ],
  practice: [
    {
      title: () => 'Writing session: draft, do not edit',
      timesPerWeek: 4,
      minMinutes: 20,
      maxMinutes: 90,
    },
  ],
};

const art: ActivityTemplate = {
  id: 'art',
  domain: 'personal_development',
  cues: /\b(draw|drawing|drawings|paint|painting|paintings|sketch\w*|photography|photos|illustrat\w*|pottery|knit\w*|crochet|watercolou?r)\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count)
      return { name: `${capitalize(count.noun)} finished`, target: count.value, unit: count.noun };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Pieces finished',
    target: clamp(Math.round(weeks / 2), 3, 26),
    unit: 'pieces',
  }),
  title: (metric) => `Finish ${formatAmount(metric.target, metric.unit)}`,
  specific: (metric) =>
    `Make art regularly and finish ${formatAmount(metric.target, metric.unit)}, keeping every one to see progress.`,
  defaultWeeks: () => 12,
  weeklyHours: 3,
  why: 'Creating something with your own hands, and seeing yourself improve.',
  firstStep: () => 'Spend 15 minutes making something small today, without judging it.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} finished`),
    [
      'Gather materials and make time.',
      'Study one technique at a time.',
      'Share a piece with someone.',
      'Put your favourite pieces together.',
    ],
  ),
  setupTasks: [
    { title: 'Gather the materials you need', minutes: 30 },
    { title: 'Find a tutorial series or class', minutes: 20 },
  ],
  practice: [{ title: () => 'Creative session', timesPerWeek: 3, minMinutes: 20, maxMinutes: 90 }],
};

const savings: ActivityTemplate = {
  id: 'savings',
  domain: 'personal_development',
  cues: /\b(save|saving|savings|saved|put away|set aside|pay off|paying off|debt|emergency fund|invest|investing|budget|budgeting|deposit|nest egg|retirement|pension|super|superannuation|isa|401k|ira|kiwisaver)\b/,
  metric: ({ quantities, text }) => {
    const money = findQuantity(quantities, 'money');
    if (!money) return null;
    if (/\b(pay off|paying off|debt|loan|credit card)\b/.test(text))
      return { name: 'Debt paid off', target: money.value, unit: money.currency };
    if (money.perMonth)
      return { name: 'Saved per month', target: money.value, unit: `${money.currency}/month` };
    return { name: 'Amount saved', target: money.value, unit: money.currency };
  },
  targetQuestion: ({ timeZone }) => {
    const symbol = defaultCurrency(timeZone);
    return {
      id: 'target',
      question: 'How much would you like to save (or pay off)?',
      suggestions: [`${symbol}1,000`, `${symbol}5,000`, `${symbol}10,000`],
    };
  },
  fallbackMetric: ({ weeks, timeZone }) => ({
    name: 'Amount saved',
    target: clamp(weeks * 50, 500, 10000),
    unit: defaultCurrency(timeZone),
  }),
  title: (metric, { text }) =>
    metric.name === 'Debt paid off'
      ? `Pay off ${formatAmount(metric.target, metric.unit)} of debt`
      : /\binvest/.test(text)
        ? `Invest ${formatAmount(metric.target, metric.unit)}`
        : `Save ${formatAmount(metric.target, metric.unit)}`,
  specific: (metric) =>
    `${metric.name === 'Debt paid off' ? 'Pay off' : 'Save'} ${formatAmount(metric.target, metric.unit)} with an automatic weekly transfer and a simple spending review.`,
  defaultWeeks: () => 26,
  minWeeks: () => 2,
  weeklyHours: 1,
  why: 'Security, choices, and less worry about money.',
  firstStep: () =>
    'Open your banking app and write down this month’s three biggest non-essential spends.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} so far`),
    [
      'Set up an automatic transfer on payday.',
      'Cut or pause one recurring cost.',
      'Keep going through a month with extra expenses.',
      'Review: can the transfer go up a little?',
    ],
  ),
  setupTasks: [
    { title: 'Open a separate savings account or pot', minutes: 20 },
    { title: 'Set up an automatic transfer on payday', minutes: 15 },
    { title: 'Cancel or pause one subscription you do not use', minutes: 15 },
    { title: 'List your debts with rates (highest rate first)', minutes: 30 },
  ],
  practice: [
    {
      title: (_phase, _phases, metric, plan) => {
        if (metric.unit.endsWith('/month'))
          return `Check this month’s savings toward ${formatAmount(metric.target, metric.unit)}`;
        const perWeek = Math.ceil(metric.target / Math.max(1, plan.weeks) / 5) * 5;
        return `Move ${formatAmount(perWeek, currencySymbolFor(metric.unit))} ${metric.name === 'Debt paid off' ? 'to your debt' : 'to savings'} and log the total`;
      },
      timesPerWeek: 1,
      minMinutes: 5,
      maxMinutes: 15,
    },
    { title: () => 'Review the week’s spending', timesPerWeek: 1, minMinutes: 10, maxMinutes: 30 },
  ],
};

const habit: ActivityTemplate = {
  id: 'habit',
  domain: 'personal_development',
  cues: /\b(meditat\w*|mindful\w*|journal\w*|gratitude|wake up (early|at)|get up (early|at)|morning routine|screen time|social media|doomscroll\w*|my phone|procrastinat\w*|stretch(ing)? (every|each|daily))\b/,
  metric: ({ quantities, text }) => {
    const duration = findQuantity(quantities, 'duration');
    const what = habitName(text);
    if (duration && duration.per === 'day')
      return { name: `Minutes of ${what} per day`, target: duration.minutes, unit: 'minutes/day' };
    const days = /(?<!\b(?:in|within|next) )\b(\d+) days?\b/.exec(text);
    if (days) return { name: `Days of ${what}`, target: Number(days[1]), unit: 'days' };
    const frequency = findQuantity(quantities, 'frequency');
    if (frequency)
      return {
        name: `Days of ${what} per week`,
        target: Math.min(7, Math.round(frequency.timesPerWeek)),
        unit: 'days/week',
      };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Days practised',
    target: clamp(weeks * 5, 10, 300),
    unit: 'days',
  }),
  title: (metric, { text }) => {
    const verb = habitVerb(text);
    if (metric.unit === 'minutes/day') return `${verb} for ${metric.target} minutes a day`;
    if (metric.unit === 'days/week') return `${verb} ${metric.target} days a week`;
    return `${verb} on ${formatAmount(metric.target, metric.unit)}`;
  },
  specific: (metric) =>
    `Make it a habit: ${formatAmount(metric.target, metric.unit)}, tied to something you already do every day.`,
  defaultWeeks: () => 6,
  weeklyHours: 1.5,
  why: 'A small daily practice that makes every day a bit calmer and more your own.',
  firstStep: () =>
    'Choose the moment it will follow each day (after coffee, before bed) and do two minutes of it today.',
  milestone: rampMilestone(
    (amount, last) => (last ? `${amount}: habit in place` : `Consistent at ${amount}`),
    [
      'Start tiny: two minutes counts.',
      'Tie it to an existing routine.',
      'Never miss twice in a row.',
      'It happens without deciding.',
    ],
  ),
  setupTasks: [
    { title: 'Set up the space or app you need', minutes: 10 },
    { title: 'Put a daily reminder next to an existing routine', minutes: 5 },
    { title: 'Make a simple habit tracker', minutes: 10 },
  ],
  practice: [{ title: () => 'Daily practice', timesPerWeek: 7, minMinutes: 5, maxMinutes: 30 }],
  practiceShare: 0.9,
};

function habitVerb(text: string): string {
  if (/meditat|mindful/.test(text)) return 'Meditate';
  if (/journal/.test(text)) return 'Journal';
  if (/gratitude/.test(text)) return 'Write gratitude notes';
  if (/wake up|get up|morning routine/.test(text)) return 'Wake up early';
  if (/screen|social media|doomscroll|phone/.test(text)) return 'Keep screen-free time';
  if (/stretch/.test(text)) return 'Stretch';
  return 'Practise';
}

function habitName(text: string): string {
  if (/meditat|mindful/.test(text)) return 'meditation';
  if (/journal/.test(text)) return 'journaling';
  if (/gratitude/.test(text)) return 'gratitude notes';
  if (/wake up|get up|morning routine/.test(text)) return 'early mornings';
  if (/screen|social media|doomscroll|phone/.test(text)) return 'screen-free time';
  if (/stretch/.test(text)) return 'stretching';
  return 'practice';
}

const genericPersonal: ActivityTemplate = {
  id: 'personal_general',
  domain: 'personal_development',
  generic: true,
  cues: /.*/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count)
      return { name: `${capitalize(count.noun)} completed`, target: count.value, unit: count.noun };
    const money = findQuantity(quantities, 'money');
    if (money) return { name: 'Amount reached', target: money.value, unit: money.currency };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Focused sessions',
    target: clamp(weeks * 3, 6, 150),
    unit: 'sessions',
  }),
  title: () => 'Grow a little every week',
  specific: (metric) =>
    `Complete ${formatAmount(metric.target, metric.unit)} on what matters to you, about three a week.`,
  defaultWeeks: () => 8,
  weeklyHours: 2,
  why: 'Becoming more of the person you want to be.',
  firstStep: () => 'Write down what would make this week feel like progress, in one sentence.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} done`),
    [
      'Decide what progress looks like.',
      'Show up on fixed days.',
      'Reflect weekly: what helped?',
      'Celebrate and choose the next step.',
    ],
  ),
  setupTasks: [{ title: 'Write down why this matters to you', minutes: 10 }],
  practice: [
    {
      title: () => 'Focused session on your goal',
      timesPerWeek: 3,
      minMinutes: 15,
      maxMinutes: 45,
    },
  ],
  outcomeSuggestions: [
    'Read 12 books this year',
    'Meditate 10 minutes a day',
    'Journal 5 days a week',
    'Save $2,000 by December',
  ],
};

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export const personalDevelopmentTemplates: readonly ActivityTemplate[] = [
  savings,
  writing,
  reading,
  language,
  instrument,
  art,
  habit,
  genericPersonal,
];
