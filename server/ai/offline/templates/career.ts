import {
  type ActivityTemplate,
  clamp,
  cumulativeMilestone,
  findQuantity,
  formatAmount,
  isCurrencyUnit,
  phaseName,
  stagedMilestone,
} from './kit.ts';
import { defaultCurrency } from '#server/ai/offline/quantities.ts';

/** Career: job search, promotion, exams, skills, income and launching something of your own. */

const jobSearch: ActivityTemplate = {
  id: 'job_search',
  domain: 'career',
  cues: /\b(new job|a job|first job|better job|dream job|find (a |my )?(new )?(job|role|position)|land (a |my )?\w*\s?(job|role|position)|job hunt\w*|job search|get hired|switch careers?|career change|change careers?|apply (to|for) \d*\s?(jobs|roles|positions)|job applications?|applications sent)\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count && /jobs|roles|positions|applications|companies/.test(count.noun)) {
      return { name: 'Applications sent', target: count.value, unit: 'applications' };
    }
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Applications sent',
    target: clamp(weeks * 3, 10, 60),
    unit: 'applications',
  }),
  title: (metric) => `Land a new job (${formatAmount(metric.target, metric.unit)})`,
  specific: (metric) =>
    `Send ${formatAmount(metric.target, metric.unit)} tailored to roles that fit, and prepare well for every interview they bring.`,
  defaultWeeks: (metric) => (metric ? clamp(Math.ceil(metric.target / 3), 6, 26) : 12),
  minWeeks: () => 4,
  weeklyHours: 5,
  why: 'Work that fits your skills, pays fairly and that you look forward to.',
  firstStep: () =>
    'Write down the job title you are aiming for and three companies you would love to work for.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount} sent: offer stage` : `${amount} sent`),
    [
      'Sharpen your CV and profile for one clear target role.',
      'Apply steadily and ask for referrals where you can.',
      'Practise interviews; follow up on every application.',
      'Negotiate and decide on offers.',
    ],
  ),
  setupTasks: [
    { title: 'Update your CV for the target role', minutes: 90 },
    { title: 'Refresh your LinkedIn headline and summary', minutes: 45 },
    { title: 'List 20 target companies', minutes: 45 },
    { title: 'Ask two people for a referral or an introduction', minutes: 20 },
    { title: 'Prepare stories for five common interview questions', minutes: 60 },
    { title: 'Do a mock interview with a friend', minutes: 45 },
  ],
  practice: [
    {
      title: () => 'Send one tailored application',
      timesPerWeek: 3,
      minMinutes: 30,
      maxMinutes: 60,
      weight: 2,
    },
    {
      title: () => 'Follow up and network: one message',
      timesPerWeek: 1,
      minMinutes: 15,
      maxMinutes: 30,
    },
  ],
};

/** Asking for something is itself the goal ("ask my manager for a raise", "request a pay review"). */
export const ASK_FOR =
  /\b(?:ask(?:ing)?(?: (?:my|the|our) (?:manager|boss|line manager|supervisor|director|team lead|employer|hr))? (?:for|about)|request(?:ing)?|bring(?:ing)? up|put(?:ting)? in (?:a |my )?(?:case |request )?for|make the case for|pitch(?:ing)? for)\s+(?:a |an |my |the )?(?:\w+ )?(?:pay rise|payrise|raise|salary increase|pay increase|pay review|promotion|pay bump)\b/;

const promotion: ActivityTemplate = {
  id: 'promotion',
  domain: 'career',
  cues: /\b(promot\w*|pay rise|raise|salary|next level|senior role|team lead|lead role)\b/,
  metric: ({ quantities, timeZone }) => {
    const percent = findQuantity(quantities, 'percent');
    if (percent) return { name: 'Pay rise', target: percent.value, unit: '%' };
    const money = findQuantity(quantities, 'money');
    if (money)
      return {
        name: 'Salary increase',
        target: money.value,
        unit: money.currency || defaultCurrency(timeZone),
      };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Documented wins for the promotion case',
    target: clamp(Math.round(weeks / 4), 3, 8),
    unit: 'wins',
  }),
  title: (metric, { text }) =>
    metric.unit === '%'
      ? `Get a ${formatAmount(metric.target, '%')} raise`
      : isCurrencyUnit(metric.unit)
        ? `Get a ${formatAmount(metric.target, metric.unit)} raise`
        : promotionRole(text)
          ? `Get promoted to ${promotionRole(text)}`
          : 'Get promoted',
  specific: (metric) =>
    metric.unit === 'wins'
      ? `Earn the promotion by agreeing the bar with your manager and documenting ${formatAmount(metric.target, metric.unit)} that meet it.`
      : `Make a clear, evidence-based case for a ${formatAmount(metric.target, metric.unit)} increase and have the conversation.`,
  defaultWeeks: () => 26,
  // Asking is done in a conversation, prepared in a week or two; earning it takes longer.
  minWeeks: (_, { text }) => (ASK_FOR.test(text) ? 1 : 8),
  weeklyHours: 2,
  why: 'Recognition and pay that match the value you already bring.',
  firstStep: () =>
    'Book a 30-minute conversation with your manager about what the next level looks like.',
  milestone: stagedMilestone([
    {
      title: 'Agree the bar with your manager',
      description: 'Write down what “ready for the next level” means, in examples.',
    },
    {
      title: 'Take on a stretch responsibility',
      description: 'Pick work that shows next-level scope.',
    },
    {
      title: 'First wins documented',
      description: 'Keep a brag document: outcome, your part, evidence.',
    },
    {
      title: 'Feedback from peers gathered',
      description: 'Ask two colleagues what to do more of.',
    },
    {
      title: 'Stretch work delivered',
      description: 'Share the results with the people who decide.',
    },
    { title: 'Promotion case written', description: 'One page: the bar, your evidence, the ask.' },
    { title: 'The promotion conversation held', description: 'Ask for a decision and a date.' },
  ]),
  setupTasks: [
    { title: 'Start a brag document with three recent wins', minutes: 30 },
    { title: 'Find the written expectations for the next level', minutes: 20 },
    { title: 'Ask a mentor or senior colleague for advice', minutes: 30 },
    { title: 'Research pay for your role and level', minutes: 30 },
  ],
  practice: [
    {
      title: () => 'Log a win and plan one visible next-level action',
      timesPerWeek: 1,
      minMinutes: 20,
      maxMinutes: 45,
    },
  ],
};

const certification: ActivityTemplate = {
  id: 'certification',
  domain: 'career',
  cues: /\b(certif\w*|exam|exams|pass (the|my)|licen[cs]e|aws|azure|pmp|cpa|cfa|cissp|comptia|ielts|toefl|gmat|gre|lsat|bar exam)\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count && /exams|tests|certifications/.test(count.noun))
      return { name: 'Practice exams passed (80%+)', target: count.value, unit: 'practice exams' };
    const percent = findQuantity(quantities, 'percent');
    if (percent) return { name: 'Exam score', target: percent.value, unit: '%' };
    return null;
  },
  fallbackMetric: () => ({
    name: 'Practice exams passed (80%+)',
    target: 3,
    unit: 'practice exams',
  }),
  title: (_metric, { text }) => {
    const name = /\b(aws|azure|pmp|cpa|cfa|cissp|comptia|ielts|toefl|gmat|gre|lsat)\b/.exec(
      text,
    )?.[1];
    return name ? `Pass the ${name.toUpperCase()} exam` : 'Pass the certification exam';
  },
  specific: (metric) =>
    `Pass the exam, shown beforehand by ${metric.unit === '%' ? `scoring ${formatAmount(metric.target, '%')}` : `${formatAmount(metric.target, metric.unit)} at 80 % or more`} under exam conditions.`,
  defaultWeeks: () => 12,
  minWeeks: () => 4,
  weeklyHours: 5,
  why: 'A credential that opens doors and proves what you know.',
  firstStep: () => 'Download the official exam guide and skim the list of topics.',
  milestone: stagedMilestone([
    {
      title: 'Exam booked and study plan set',
      description: 'Book a date; it turns intention into a deadline.',
    },
    { title: 'First pass through all topics', description: 'Cover everything once, lightly.' },
    {
      title: 'First practice exam taken',
      description: 'Find the weak topics; do not worry about the score.',
    },
    { title: 'Weak topics revised', description: 'Spend most time where the practice exam hurt.' },
    { title: 'Practice exam at 80 %+', description: 'Under timed conditions.' },
    { title: 'Final review done', description: 'Light revision, sleep, logistics.' },
    { title: 'Exam passed', description: 'Take it calmly; you have practised this.' },
  ]),
  setupTasks: [
    { title: 'Book the exam date', minutes: 20 },
    { title: 'Choose one main course or book', minutes: 30 },
    { title: 'Take a diagnostic practice test', minutes: 60 },
    { title: 'Make a list of your weakest topics', minutes: 20 },
  ],
  practice: [
    {
      title: (phase, phases) =>
        phaseName(phase, phases) === 'finish'
          ? 'Timed practice questions and review'
          : 'Study session: one topic, then questions',
      timesPerWeek: 4,
      minMinutes: 25,
      maxMinutes: 90,
    },
  ],
};

const income: ActivityTemplate = {
  id: 'income',
  domain: 'career',
  cues: /\b(clients?|customers?|freelanc\w*|revenue|sales|income|earn|earning|side hustle|mrr|consulting|commission)\b/,
  metric: ({ quantities }) => {
    const money = findQuantity(quantities, 'money');
    if (money) {
      return money.perMonth
        ? { name: 'Monthly income', target: money.value, unit: `${money.currency}/month` }
        : { name: 'Revenue earned', target: money.value, unit: money.currency };
    }
    const count = findQuantity(quantities, 'count');
    if (count && /clients|customers|deals|sales/.test(count.noun))
      return { name: `New ${count.noun}`, target: count.value, unit: count.noun };
    const percent = findQuantity(quantities, 'percent');
    if (percent) return { name: 'Growth', target: percent.value, unit: '%' };
    return null;
  },
  targetQuestion: ({ timeZone }) => ({
    id: 'target',
    question: 'What number would tell you this worked?',
    suggestions: ['3 new clients', `${defaultCurrency(timeZone)}2,000 a month`, '20% more sales'],
  }),
  fallbackMetric: () => ({ name: 'New clients', target: 3, unit: 'clients' }),
  title: (metric) =>
    metric.unit.endsWith('/month')
      ? `Earn ${formatAmount(metric.target, metric.unit)}`
      : isCurrencyUnit(metric.unit)
        ? `Earn ${formatAmount(metric.target, metric.unit)}`
        : metric.unit === '%'
          ? `Grow by ${formatAmount(metric.target, '%')}`
          : `Win ${formatAmount(metric.target, metric.unit)}`,
  specific: (metric) =>
    `Reach ${formatAmount(metric.target, metric.unit)} with a steady weekly routine of outreach, delivery and follow-up.`,
  defaultWeeks: () => 16,
  minWeeks: () => 3,
  weeklyHours: 5,
  why: 'Income you built yourself, and the freedom that comes with it.',
  firstStep: () => 'Write down five people or companies who could need what you offer.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} reached`),
    [
      'Define the offer and who it is for.',
      'Reach out steadily; ask for referrals.',
      'Deliver well and collect testimonials.',
      'Raise prices or volume on what works.',
    ],
  ),
  setupTasks: [
    { title: 'Write a one-paragraph description of your offer', minutes: 30 },
    { title: 'Build a list of 30 potential clients', minutes: 60 },
    { title: 'Set your prices and a simple proposal template', minutes: 45 },
    { title: 'Ask two happy clients for a testimonial', minutes: 15 },
  ],
  practice: [
    {
      title: () => 'Outreach: contact three potential clients',
      timesPerWeek: 2,
      minMinutes: 20,
      maxMinutes: 45,
    },
    { title: () => 'Focused work on the offer', timesPerWeek: 2, minMinutes: 30, maxMinutes: 90 },
  ],
};

const launch: ActivityTemplate = {
  id: 'launch',
  domain: 'career',
  cues: /\b(launch|start|build|ship|open|create|set up|run|grow)\b[^.]*\b(business|startup|company|website|app|product|podcast|youtube channel|newsletter|shop|store|etsy)\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (
      count &&
      /users|subscribers|customers|listeners|episodes|sales|signups|sign-ups|downloads|members/.test(
        count.noun,
      )
    ) {
      return { name: capitalize(count.noun), target: count.value, unit: count.noun };
    }
    return null;
  },
  fallbackMetric: (_plan, context) => {
    const text = context?.text ?? '';
    if (/podcast/.test(text)) return { name: 'Episodes published', target: 6, unit: 'episodes' };
    if (/youtube/.test(text)) return { name: 'Videos published', target: 8, unit: 'videos' };
    if (/newsletter|blog/.test(text))
      return { name: 'Subscribers', target: 100, unit: 'subscribers' };
    return { name: 'First paying customers', target: 3, unit: 'customers' };
  },
  title: (metric, { text }) => {
    const thing =
      /\b(business|startup|company|website|app|product|podcast|youtube channel|newsletter|shop|store|etsy)\b/.exec(
        text,
      )?.[1] ?? 'project';
    return `Launch my ${thing === 'etsy' ? 'Etsy shop' : thing} (${formatAmount(metric.target, metric.unit)})`;
  },
  specific: (metric) =>
    `Launch a first small version and reach ${formatAmount(metric.target, metric.unit)}, learning from real people along the way.`,
  defaultWeeks: () => 12,
  minWeeks: () => 3,
  weeklyHours: 6,
  why: 'Building something of your own, and finding out that people want it.',
  firstStep: () => 'Write one sentence: who it is for and what problem it solves.',
  milestone: stagedMilestone([
    {
      title: 'Idea tested with five people',
      description: 'Talk to people who have the problem before building.',
    },
    {
      title: 'Smallest useful version defined',
      description: 'Cut it down to what one person would pay for or use.',
    },
    { title: 'First version built', description: 'Good enough to show; not finished.' },
    { title: 'Soft launch to a small group', description: 'Friends, a community, a waiting list.' },
    { title: 'Public launch', description: 'Announce it where your people are.' },
    { title: 'Feedback acted on', description: 'Fix the top three complaints.' },
    { title: 'Target reached', description: 'Count, celebrate, decide the next step.' },
  ]),
  setupTasks: [
    { title: 'Interview one potential user', minutes: 30 },
    { title: 'Sketch the first version on paper', minutes: 30 },
    { title: 'Set up a simple landing page or profile', minutes: 60 },
    { title: 'Write the launch announcement', minutes: 30 },
  ],
  practice: [
    {
      title: () => 'Build session: one small piece',
      timesPerWeek: 3,
      minMinutes: 30,
      maxMinutes: 120,
    },
  ],
};

const skill: ActivityTemplate = {
  id: 'skill',
  domain: 'career',
  cues: /\b(learn|master|get better at|improve (my )?|study|upskill)\b[^.]*\b(python|javascript|typescript|sql|excel|coding|programming|code|data analysis|data science|machine learning|design|figma|marketing|public speaking|presentations?|leadership|negotiation|management|project management)\b|\bpublic speaking\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (
      count &&
      /projects|courses|modules|lessons|talks|presentations|apps|certificates/.test(count.noun)
    ) {
      return { name: `${capitalize(count.noun)} completed`, target: count.value, unit: count.noun };
    }
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Practice projects completed',
    target: clamp(Math.round(weeks / 4), 2, 6),
    unit: 'projects',
  }),
  title: (metric, { text }) => {
    const topic =
      /\b(python|javascript|typescript|sql|excel|coding|programming|data analysis|data science|machine learning|design|figma|marketing|public speaking|leadership|negotiation|project management)\b/.exec(
        text,
      )?.[1] ?? 'the skill';
    const label = /^(sql|ux)$/.test(topic) ? topic.toUpperCase() : capitalize(topic);
    return `Learn ${label} (${formatAmount(metric.target, metric.unit)})`;
  },
  specific: (metric) =>
    `Build real ability by finishing ${formatAmount(metric.target, metric.unit)} you can show someone, not just watching courses.`,
  defaultWeeks: () => 12,
  minWeeks: () => 3,
  weeklyHours: 4,
  why: 'A skill that makes your work better and your career options wider.',
  firstStep: () => 'Pick one beginner course or book and do the first lesson.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount} completed: goal reached` : `${amount} completed`),
    [
      'Learn the basics with one course; no tutorial-hopping.',
      'Build something small on your own.',
      'Get feedback from someone more experienced.',
      'Finish and share a project you are proud of.',
    ],
  ),
  setupTasks: [
    { title: 'Choose one course or book', minutes: 30 },
    { title: 'Set up your tools and workspace', minutes: 45 },
    { title: 'Pick your first small project', minutes: 20 },
    { title: 'Find someone to review your work', minutes: 20 },
  ],
  practice: [
    {
      title: (phase) => (phase === 0 ? 'Lesson and exercises' : 'Project work session'),
      timesPerWeek: 3,
      minMinutes: 30,
      maxMinutes: 90,
    },
  ],
};

/** "promoted to senior engineer by Q4" → "senior engineer", the role the person named. */
function promotionRole(text: string): string | null {
  const role =
    /\bpromot\w* to (?:an? )?([a-z][a-z -]{2,40}?)(?= by\b| before\b| in\b| within\b| this\b| next\b|[.,;]|$)/.exec(
      text,
    );
  return role?.[1]?.trim() ?? null;
}

const networking: ActivityTemplate = {
  id: 'networking',
  domain: 'career',
  cues: /\b(network\w*|linkedin|connections|reach out|coffee chats?|mentor\w*|conferences?|meetups?|informational interviews?)\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count)
      return {
        name: 'Conversations with people in my field',
        target: count.value,
        // The person's own kind of conversation: "coffee chats", "informational interviews".
        unit: /chats|interviews|calls|meetups|coffees/.test(count.noun)
          ? count.noun
          : 'conversations',
      };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Conversations with people in my field',
    target: clamp(weeks, 4, 40),
    unit: 'conversations',
  }),
  title: (metric) => `Have ${formatAmount(metric.target, metric.unit)} with people in my field`,
  specific: (metric) =>
    `Have ${formatAmount(metric.target, metric.unit)} (calls, coffees or events) and follow up after each one.`,
  defaultWeeks: () => 12,
  weeklyHours: 2,
  why: 'Most opportunities come through people who know and trust you.',
  firstStep: () =>
    'Write a list of ten people you would like to talk to, including two you already know.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} held`),
    [
      'Start with warm contacts: former colleagues and classmates.',
      'Reach out to new people with a specific question.',
      'Go to one event or community.',
      'Follow up and offer help in return.',
    ],
  ),
  setupTasks: [
    { title: 'Refresh your LinkedIn profile', minutes: 45 },
    { title: 'Write a short, friendly outreach message', minutes: 20 },
    { title: 'Find one event or community to join', minutes: 30 },
  ],
  practice: [
    {
      title: () => 'Reach out to or meet one person',
      timesPerWeek: 1,
      minMinutes: 20,
      maxMinutes: 60,
    },
  ],
};

const genericCareer: ActivityTemplate = {
  id: 'career_general',
  domain: 'career',
  generic: true,
  cues: /.*/,
  metric: ({ quantities }) => {
    const money = findQuantity(quantities, 'money');
    if (money) return { name: 'Amount reached', target: money.value, unit: money.currency };
    const count = findQuantity(quantities, 'count');
    if (count)
      return { name: `${capitalize(count.noun)} completed`, target: count.value, unit: count.noun };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Focused work sessions',
    target: clamp(weeks * 3, 6, 150),
    unit: 'sessions',
  }),
  title: () => 'Move my career forward',
  specific: (metric) =>
    `Complete ${formatAmount(metric.target, metric.unit)} aimed at the next step in your career.`,
  defaultWeeks: () => 12,
  weeklyHours: 3,
  why: 'Work that uses your strengths and moves you where you want to go.',
  firstStep: () => 'Write down where you want to be in a year, in one sentence.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} done`),
    [
      'Define the next step clearly.',
      'Work on it every week.',
      'Ask for feedback.',
      'Review and set the next goal.',
    ],
  ),
  setupTasks: [
    { title: 'Write down the next step you want', minutes: 15 },
    { title: 'Ask a mentor or manager for input', minutes: 30 },
  ],
  practice: [
    {
      title: () => 'Focused session on your career goal',
      timesPerWeek: 2,
      minMinutes: 30,
      maxMinutes: 60,
    },
  ],
  outcomeSuggestions: [
    'Apply to 20 jobs',
    'Get promoted by the end of the year',
    'Pass a certification exam',
    'Win 3 new clients',
  ],
};

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export const careerTemplates: readonly ActivityTemplate[] = [
  certification,
  skill,
  jobSearch,
  promotion,
  launch,
  income,
  networking,
  genericCareer,
];
