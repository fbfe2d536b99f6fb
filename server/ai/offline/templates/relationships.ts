import {
  type ActivityTemplate,
  clamp,
  cumulativeMilestone,
  findQuantity,
  formatAmount,
  stagedMilestone,
} from './kit.ts';

/** Relationships: partner, friends, family and dating. Targets count time together, not feelings. */

function perWeekFrom(context: {
  quantities: Parameters<ActivityTemplate['metric']>[0]['quantities'];
}): number | null {
  const frequency = findQuantity(context.quantities, 'frequency');
  return frequency ? frequency.timesPerWeek : null;
}

const partner: ActivityTemplate = {
  id: 'partner_time',
  domain: 'relationships',
  cues: /\b(partner|wife|husband|girlfriend|boyfriend|spouse|fianc[eé]e?|marriage|date nights?|our relationship|evenings? together|time together)\b/,
  metric: (context) => {
    const count = findQuantity(context.quantities, 'count');
    if (count && /date nights|dates|evenings|weekends|trips/.test(count.noun)) {
      return count.per
        ? {
            name: `${capitalize(count.noun)} per ${count.per}`,
            target: count.value,
            unit: `${count.noun}/${count.per}`,
          }
        : { name: capitalize(count.noun), target: count.value, unit: count.noun };
    }
    const perWeek = perWeekFrom(context);
    // "twice a month": a monthly pace stays monthly rather than rounding up to once a week.
    if (perWeek !== null && perWeek < 0.75)
      return {
        name: 'Quality evenings together per month',
        target: Math.max(1, Math.round((perWeek * 52) / 12)),
        unit: 'evenings/month',
      };
    if (perWeek !== null)
      return {
        name: 'Quality evenings together per week',
        target: Math.max(1, Math.round(perWeek)),
        unit: 'evenings/week',
      };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Date nights',
    target: clamp(Math.round(weeks / 2), 3, 26),
    unit: 'date nights',
  }),
  title: (metric, { text }) => {
    if (metric.unit === 'evenings/week' && /date night/.test(text)) {
      return metric.target === 1
        ? 'Have a date night every week'
        : `Have ${formatAmount(metric.target, 'date nights/week')}`;
    }
    return metric.unit.includes('/')
      ? `Spend ${formatAmount(metric.target, metric.unit)} together`
      : `Have ${formatAmount(metric.target, metric.unit)} together`;
  },
  specific: (metric) =>
    `Protect time together: ${formatAmount(metric.target, metric.unit)}, phones away, planned in turns.`,
  defaultWeeks: () => 12,
  weeklyHours: 3,
  why: 'Feeling close to the person you share your life with.',
  firstStep: () =>
    'Ask your partner which evening this week works for time together, just the two of you.',
  milestone: (index, count, metric) =>
    metric.unit.includes('/')
      ? stagedMilestone([
          {
            title: 'First planned evening together',
            description: 'Pick a regular slot and protect it.',
          },
          { title: 'Two weeks on schedule', description: 'Take turns choosing what to do.' },
          {
            title: 'A month of time together kept',
            description: 'Try something new together once.',
          },
          {
            title: 'The routine holds through a busy week',
            description: 'Reschedule, never skip.',
          },
          {
            title: 'Time together is a habit',
            description: 'Talk about what you both enjoyed most.',
          },
        ])(index, count)
      : cumulativeMilestone(
          (amount, last) => (last ? `${amount}: goal reached` : `${amount} together`),
          [
            'Agree a regular slot and take turns planning.',
            'Try something new together.',
            'Keep it going through a busy stretch.',
            'Look back together on the best moments.',
          ],
        )(index, count, metric),
  setupTasks: [
    { title: 'Agree a regular evening with your partner', minutes: 15 },
    { title: 'Make a shared list of ten things to do together', minutes: 20 },
    { title: 'Book a babysitter or arrange cover if needed', minutes: 15 },
    { title: 'Plan a surprise for your partner', minutes: 30 },
  ],
  practice: [
    {
      title: () => 'Time together: phones away',
      timesPerWeek: 1,
      minMinutes: 60,
      maxMinutes: 180,
      weight: 3,
    },
    {
      title: () => 'Ten-minute check-in: how are we doing?',
      timesPerWeek: 1,
      minMinutes: 10,
      maxMinutes: 15,
    },
  ],
  outcomeSuggestions: [
    'A date night every week',
    'A 10-minute check-in together every Sunday',
    'A weekend away together every 3 months',
  ],
};

const dating: ActivityTemplate = {
  id: 'dating',
  domain: 'relationships',
  cues: /\b(dating|go on \d* ?dates|first dates?|find (a |someone|love|the one|a partner|a girlfriend|a boyfriend)|meet someone|single|dating apps?|tinder|hinge|bumble)\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'count');
    if (count && /dates/.test(count.noun))
      return { name: 'First dates', target: count.value, unit: 'dates' };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'First dates',
    target: clamp(Math.round(weeks / 2), 3, 20),
    unit: 'dates',
  }),
  title: (metric) => `Go on ${formatAmount(metric.target, metric.unit)}`,
  specific: (metric) =>
    `Meet new people with intention and go on ${formatAmount(metric.target, metric.unit)}, learning what you are looking for.`,
  defaultWeeks: () => 12,
  weeklyHours: 3,
  why: 'Finding someone to share life with, and enjoying the search.',
  firstStep: () => 'Write down three qualities that matter most to you in a partner.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} so far`),
    [
      'Refresh your profile and say yes to more invitations.',
      'Meet people in places you enjoy anyway.',
      'Reflect after each date: what felt right?',
      'Decide who you want to see again.',
    ],
  ),
  setupTasks: [
    { title: 'Update your dating profile with recent photos', minutes: 45 },
    { title: 'Join one group or class where you could meet people', minutes: 30 },
    { title: 'Ask a friend to introduce you to someone', minutes: 10 },
  ],
  practice: [
    {
      title: () => 'Meet someone new: message, event or date',
      timesPerWeek: 2,
      minMinutes: 20,
      maxMinutes: 120,
    },
  ],
};

const friends: ActivityTemplate = {
  id: 'friends',
  domain: 'relationships',
  cues: /\b(friends?|friendships?|social life|socialise|socialize|lonely|loneliness|meet (new )?people|community|club)\b/,
  metric: (context) => {
    const count = findQuantity(context.quantities, 'count');
    if (count && /friends|people/.test(count.noun))
      return { name: 'New friends made', target: count.value, unit: 'friends' };
    if (count && /plans|dinners|meetups|catch-ups|coffees|calls/.test(count.noun)) {
      return {
        name: `${capitalize(count.noun)} with friends`,
        target: count.value,
        unit: count.noun,
      };
    }
    const perWeek = perWeekFrom(context);
    if (perWeek !== null)
      return {
        name: 'Times meeting friends per week',
        target: Math.max(1, Math.round(perWeek)),
        unit: 'meetups/week',
      };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Plans made with friends',
    target: clamp(weeks, 4, 52),
    unit: 'plans',
  }),
  title: (metric) =>
    metric.unit === 'friends'
      ? `Make ${formatAmount(metric.target, 'new friends')}`
      : metric.unit.includes('/')
        ? `See friends ${metric.target} times a week`
        : `Make ${formatAmount(metric.target, metric.unit)} with friends`,
  specific: (metric) =>
    `Grow friendships by taking the initiative: ${formatAmount(metric.target, metric.unit)}, with a follow-up after each.`,
  defaultWeeks: () => 12,
  weeklyHours: 3,
  why: 'People to laugh with and lean on.',
  firstStep: () => 'Message one friend you have not seen in a while and suggest a date.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} so far`),
    [
      'Reconnect with people you already like.',
      'Join one regular group: a class, club or team.',
      'Be the one who invites.',
      'Turn acquaintances into friends with repeat plans.',
    ],
  ),
  setupTasks: [
    { title: 'List ten people you would like to see more', minutes: 15 },
    { title: 'Find one regular group or class to join', minutes: 30 },
    { title: 'Host something simple: coffee, a walk, a game night', minutes: 60 },
  ],
  practice: [
    {
      title: () => 'Reach out to or meet a friend',
      timesPerWeek: 2,
      minMinutes: 15,
      maxMinutes: 120,
    },
  ],
  outcomeSuggestions: [
    'See friends twice a month',
    'Make 3 new friends this year',
    'Host a dinner every month',
  ],
};

const family: ActivityTemplate = {
  id: 'family',
  domain: 'relationships',
  cues: /\b(mom|mum|mother|dad|father|parents?|kids|children|son|daughter|family|siblings?|brother|sister|grand(ma|pa|mother|father|parents|kids|children))\b/,
  metric: (context) => {
    const count = findQuantity(context.quantities, 'count');
    if (count && /calls|visits|dinners|family dinners|outings|trips|evenings/.test(count.noun)) {
      return count.per
        ? {
            name: `${capitalize(count.noun)} per ${count.per}`,
            target: count.value,
            unit: `${count.noun}/${count.per}`,
          }
        : { name: capitalize(count.noun), target: count.value, unit: count.noun };
    }
    const perWeek = perWeekFrom(context);
    if (perWeek !== null)
      return {
        name: 'Family moments per week',
        target: Math.max(1, Math.round(perWeek)),
        unit: 'times/week',
      };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Family moments',
    target: clamp(weeks, 4, 52),
    unit: 'moments',
  }),
  title: (metric, { text }) => {
    const who =
      /\b(mom|mum|mother|dad|father|parents|kids|children|son|daughter|family|brother|sister|grandma|grandpa|grandparents)\b/.exec(
        text,
      )?.[1] ?? 'family';
    return metric.unit.includes('/')
      ? `Connect with my ${who} ${metric.target === 1 ? 'every week' : `${metric.target} times a week`}`
      : `${formatAmount(metric.target, metric.unit)} with my ${who}`;
  },
  specific: (metric) =>
    `Make regular, undistracted time with family: ${formatAmount(metric.target, metric.unit)}.`,
  defaultWeeks: () => 12,
  weeklyHours: 2,
  why: 'Being present for the people who matter most, while there is time.',
  firstStep: () => 'Put a recurring reminder in your phone for your first call or visit.',
  milestone: stagedMilestone([
    { title: 'First planned family time', description: 'Pick a slot that works for them too.' },
    { title: 'Two weeks without missing', description: 'Keep it short rather than skip it.' },
    { title: 'A month of regular contact', description: 'Add one special outing.' },
    { title: 'It happens without reminders', description: 'Ask them what they would enjoy next.' },
    { title: 'The habit is yours', description: 'Look back on the moments you would have missed.' },
  ]),
  setupTasks: [
    { title: 'Agree a regular time with them', minutes: 15 },
    { title: 'Plan one special outing together', minutes: 30 },
    { title: 'Gather a few old photos to talk about', minutes: 20 },
  ],
  practice: [
    {
      title: () => 'Call, visit or spend focused time with family',
      timesPerWeek: 1,
      minMinutes: 20,
      maxMinutes: 120,
    },
  ],
  outcomeSuggestions: [
    'Call my mom every week',
    'A family dinner every Sunday',
    'One outing a month with the kids',
  ],
};

const genericRelationships: ActivityTemplate = {
  id: 'relationships_general',
  domain: 'relationships',
  generic: true,
  cues: /.*/,
  metric: () => null,
  fallbackMetric: ({ weeks }) => ({
    name: 'Intentional conversations',
    target: clamp(weeks * 2, 4, 100),
    unit: 'conversations',
  }),
  title: () => 'Strengthen my relationships',
  specific: (metric) =>
    `Have ${formatAmount(metric.target, metric.unit)}: calm, undistracted time with the people who matter.`,
  defaultWeeks: () => 12,
  weeklyHours: 2,
  why: 'Relationships that feel warm, honest and close.',
  firstStep: () =>
    'Write down the one relationship you most want to improve and one small thing you could do this week.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} held`),
    [
      'Decide what better would look like.',
      'Make time, and listen more than you speak.',
      'Try one new way of showing you care.',
      'Talk about what has changed.',
    ],
  ),
  setupTasks: [{ title: 'Write down what a better relationship would look like', minutes: 15 }],
  practice: [
    {
      title: () => 'Intentional conversation: listen first',
      timesPerWeek: 2,
      minMinutes: 15,
      maxMinutes: 45,
    },
  ],
  outcomeSuggestions: [
    'A date night every week',
    'Call my mom every Sunday',
    'See friends twice a month',
    'Go on 5 first dates',
  ],
};

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export const relationshipTemplates: readonly ActivityTemplate[] = [
  dating,
  partner,
  family,
  friends,
  genericRelationships,
];
