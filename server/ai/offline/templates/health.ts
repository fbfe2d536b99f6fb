import type { GoalMetric } from '#contracts/coach.ts';
import {
  type ActivityTemplate,
  clamp,
  cumulativeMilestone,
  findQuantity,
  formatAmount,
  phaseName,
  type PlanContext,
  type TemplateContext,
  rampMilestone,
  stagedMilestone,
  usesImperial,
} from './kit.ts';

/** Health: movement, weight, sleep, food and quitting; every plan here carries the medical note. */

/**
 * The weight to lose or gain: as stated ("lose 5 kg", not "down 25kg so far"), or the gap from
 * the person's weight now to the one they want to reach ("210 lbs … get down to 150 lbs").
 */
function weightChange(
  quantities: TemplateContext['quantities'],
  direction: 'lose' | 'gain',
): { target: number; unit: string } | null {
  const weights = quantities.flatMap((q) => (q.kind === 'weight' ? [q] : []));
  const stated = weights.find((q) => q.direction === direction);
  if (stated) return { target: stated.value, unit: stated.unit };
  const now = weights.find((q) => q.direction === 'now');
  const goal = weights.find(
    (q) =>
      q.direction === 'reach' &&
      now !== undefined &&
      q.unit === now.unit &&
      (direction === 'lose' ? q.value < now.value : q.value > now.value),
  );
  if (!now || !goal) return null;
  return { target: Math.round(Math.abs(now.value - goal.value) * 10) / 10, unit: now.unit };
}

const weightLoss: ActivityTemplate = {
  id: 'weight_loss',
  domain: 'health',
  cues: /\b(lose|losing|drop|shed|slim down)\b[^.]*(?:\b|(?<=\d))(weight|kg|kgs|kilos?|pounds|lbs?|stone|fat|belly)\b|\bweight loss\b|\bfat loss\b|\bweight lost\b|\bslim down\b|\b(?:down to|be|get to|reach|hit|weigh)\s+\d+(?:\.\d+)?\s*(?:kg|kgs|kilos?|stone|st|lbs?|pounds)\b|\bgoal weight\b/,
  metric: ({ quantities }) => {
    const change = weightChange(quantities, 'lose');
    return change ? { name: 'Weight lost', ...change } : null;
  },
  targetQuestion: ({ timeZone }) => ({
    id: 'target',
    question: 'How much weight would you like to lose?',
    suggestions: usesImperial(timeZone) ? ['5 lb', '10 lb', '20 lb'] : ['3 kg', '5 kg', '10 kg'],
  }),
  fallbackMetric: ({ weeks }) => ({
    name: 'Weight lost',
    target: clamp(Math.round(weeks * 0.5), 2, 10),
    unit: 'kg',
  }),
  title: (metric) => `Lose ${formatAmount(metric.target, metric.unit)}`,
  specific: (metric) =>
    `Lose ${formatAmount(metric.target, metric.unit)} at a steady pace by eating in a modest calorie deficit and moving most days.`,
  defaultWeeks: (metric) => {
    if (!metric) return 12;
    const perWeek = metric.unit === 'lb' ? 1 : 0.5;
    return clamp(Math.ceil(metric.target / perWeek), 6, 52);
  },
  maxPerWeek: (metric) =>
    metric.unit === 'lb'
      ? { perWeek: 2, safePerWeek: 1.5, why: 'a safe pace is about 1–2 lb a week' }
      : { perWeek: 1, safePerWeek: 0.75, why: 'a safe pace is about 0.5–1 kg a week' },
  weeklyHours: 3,
  why: 'More energy day to day and a body that feels like your own.',
  firstStep: () => 'Write down everything you eat and drink today, without judging it.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `Down ${amount}: goal reached` : `Down ${amount}`),
    [
      'Track what you eat and find the two or three habits that matter most.',
      'Settle into regular balanced meals and a movement routine.',
      'Hold the routine through a busy week or a weekend away.',
      'Keep the pace steady; adjust portions if progress stalls for two weeks.',
      'Build the habits you will keep after the goal is reached.',
    ],
  ),
  setupTasks: [
    { title: 'Weigh in and record your starting weight', minutes: 10 },
    { title: 'Plan five go-to balanced meals', minutes: 30 },
    { title: 'Clear the kitchen of your top trigger snack', minutes: 20 },
    { title: 'Pick two fixed slots in your calendar for movement', minutes: 10 },
    { title: 'Try one new high-protein recipe', minutes: 45 },
    { title: 'Review two weeks of food notes: what helped, what did not', minutes: 20 },
  ],
  practice: [
    {
      title: (phase, phases) =>
        phaseName(phase, phases) === 'start'
          ? 'Brisk walk'
          : phaseName(phase, phases) === 'finish'
            ? 'Workout of your choice'
            : 'Brisk walk or workout',
      timesPerWeek: 3,
      minMinutes: 20,
      maxMinutes: 45,
      weight: 2,
    },
    {
      title: () => 'Plan and prep meals for the next few days',
      timesPerWeek: 1,
      minMinutes: 20,
      maxMinutes: 60,
    },
  ],
};

const muscleGain: ActivityTemplate = {
  id: 'muscle_gain',
  domain: 'health',
  cues: /\b(gain|put on|build|add)\b[^.]*\b(muscle|kg|kgs|kilos?|pounds|lbs?|weight|mass)\b|\bbulk(ing)?\b|\bweight gained\b/,
  metric: ({ quantities }) => {
    const change = weightChange(quantities, 'gain');
    return change ? { name: 'Weight gained', ...change } : null;
  },
  targetQuestion: ({ timeZone }) => ({
    id: 'target',
    question: 'How much lean weight would you like to gain?',
    suggestions: usesImperial(timeZone) ? ['4 lb', '8 lb', '12 lb'] : ['2 kg', '4 kg', '6 kg'],
  }),
  fallbackMetric: ({ weeks }) => ({
    name: 'Weight gained',
    target: clamp(Math.round(weeks * 0.25), 1, 6),
    unit: 'kg',
  }),
  title: (metric) => `Gain ${formatAmount(metric.target, metric.unit)} of muscle`,
  specific: (metric) =>
    `Gain ${formatAmount(metric.target, metric.unit)}, mostly muscle, through progressive strength training and enough protein.`,
  defaultWeeks: (metric) =>
    metric ? clamp(Math.ceil(metric.target / (metric.unit === 'lb' ? 0.5 : 0.25)), 8, 52) : 16,
  maxPerWeek: (metric) =>
    metric.unit === 'lb'
      ? { perWeek: 1, safePerWeek: 0.5, why: 'lean gains come at about 0.5–1 lb a week' }
      : { perWeek: 0.5, safePerWeek: 0.25, why: 'lean gains come at about 0.25–0.5 kg a week' },
  weeklyHours: 4,
  why: 'Feeling strong and capable in everything you do.',
  firstStep: () => 'Write down three strength exercises you will do in your first session.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `Up ${amount}: goal reached` : `Up ${amount}`),
    [
      'Learn the main lifts with good form and a starting weight.',
      'Add weight or reps every week; eat protein at every meal.',
      'Push through the first plateau with a deload week if needed.',
      'Keep progressing the main lifts and sleep 7+ hours.',
      'Test your lifts and measure again.',
    ],
  ),
  setupTasks: [
    { title: 'Record starting weight and a photo', minutes: 10 },
    { title: 'Choose a simple full-body strength program', minutes: 30 },
    { title: 'Plan a protein source for each meal', minutes: 20 },
    { title: 'Book a form check with a coach or a friend who lifts', minutes: 30 },
  ],
  practice: [
    {
      title: (phase, phases) =>
        phase === 0
          ? 'Strength session: learn the lifts'
          : phaseName(phase, phases) === 'finish'
            ? 'Strength session: test your lifts'
            : 'Strength session: add weight or reps',
      timesPerWeek: 3,
      minMinutes: 30,
      maxMinutes: 60,
    },
  ],
};

function raceName(metric: GoalMetric): string {
  if (metric.unit !== 'km') return formatAmount(metric.target, metric.unit);
  if (metric.target > 42.2) return 'ultramarathon';
  if (metric.target >= 42) return 'marathon';
  if (metric.target >= 21) return 'half marathon';
  return `${metric.target}K`;
}

/** Minutes per kilometre (or mile) at an easy pace: what a session must last to cover a distance. */
const EASY_PACE = { km: 5, mi: 8 };

/**
 * The distance a running milestone asks for: a share of the target, never more than the longest
 * session planned before it covers at an easy pace, and never less than the milestone before.
 */
function runningMilestoneDistance(
  index: number,
  count: number,
  metric: GoalMetric,
  plan: PlanContext | undefined,
): number {
  const step = metric.target >= 20 ? 1 : 0.5;
  const share = Math.round((metric.target * 0.9 * (index + 1)) / count / step) * step;
  const pace = metric.unit === 'mi' ? EASY_PACE.mi : EASY_PACE.km;
  const session = plan?.longestSession?.(index);
  const reachable = session === undefined ? Infinity : Math.floor(session / pace / step) * step;
  const value = Math.max(step, Math.min(share, reachable));
  if (index === 0) return value;
  return Math.max(value, runningMilestoneDistance(index - 1, count, metric, plan));
}

/** Race distances (km) and the weeks most people need to build up to each, longest first. */
const RACE_WEEKS: ReadonlyArray<readonly [km: number, weeks: number]> = [
  [42.2, 16],
  [21.1, 12],
  [10, 8],
  [5, 6],
];

/** A finishing time to beat rather than a distance to reach. */
const TIME_GOAL =
  /\bsub[- ]?\d|\b(?:in )?under (?:\d|an? hour)|\b(?:pb|personal best|new best time)\b/;

const running: ActivityTemplate = {
  id: 'running',
  domain: 'health',
  // "run my own business" is not running.
  cues: /\b(run(?!\s+(?:my|a|the|our|his|her|their)\s+(?:own\s+)?(?:business|company|team|shop|store|department|meetings?|errands|workshop|household))|running|runner|jog|jogging|race|marathon|half[- ]marathon|(?<![$€£¥₹\d.,])(?!401k)\d+(\.\d+)? ?k\b|couch to 5k|parkrun|ultra)\b/,
  metric: ({ quantities }) => {
    const distance = findQuantity(quantities, 'distance');
    if (!distance) return null;
    return {
      name: distance.race ? 'Race distance' : 'Longest continuous run',
      target: distance.value,
      unit: distance.unit,
    };
  },
  targetQuestion: () => ({
    id: 'target',
    question: 'What distance would you like to be able to run?',
    suggestions: ['5K without stopping', '10K', 'Half marathon'],
  }),
  fallbackMetric: () => ({ name: 'Longest continuous run', target: 5, unit: 'km' }),
  title: (metric) =>
    metric.name === 'Race distance'
      ? `Run a ${raceName(metric)}`
      : `Run ${formatAmount(metric.target, metric.unit)} without stopping`,
  specific: (metric) =>
    metric.name === 'Race distance'
      ? `Finish a ${raceName(metric)} (${formatAmount(metric.target, metric.unit)}) running at a comfortable pace, built up with a gradual training plan.`
      : `Run ${formatAmount(metric.target, metric.unit)} without stopping, built up gradually with run-walk sessions.`,
  defaultWeeks: (metric) => {
    const km = metric ? (metric.unit === 'mi' ? metric.target * 1.609 : metric.target) : 5;
    return km <= 5 ? 9 : km <= 10 ? 10 : km <= 21.1 ? 14 : km <= 42.2 ? 20 : 28;
  },
  minWeeks: (metric, { text }) => {
    // A time to beat ("sub 25 parkrun", "a 10K in under an hour") is for someone who already
    // covers the distance: the time is judged against their best (ambition.ts), not built up.
    if (TIME_GOAL.test(text)) return 2;
    const km = metric.unit === 'mi' ? metric.target * 1.609 : metric.target;
    return km <= 5 ? 6 : km <= 10 ? 8 : km <= 21.1 ? 12 : km <= 42.2 ? 16 : 24;
  },
  scope: (metric, weeks, { text }) => {
    if (TIME_GOAL.test(text)) return metric;
    // The longest race the weeks there are build up to; under six weeks, a first continuous run.
    const race = RACE_WEEKS.find(([, needed]) => weeks >= needed);
    const km = race ? race[0] : Math.max(1, Math.floor(((5 * Math.max(1, weeks)) / 6) * 2) / 2);
    const target = metric.unit === 'mi' ? Math.max(0.5, Math.floor((km / 1.609) * 10) / 10) : km;
    return {
      name: race ? 'Race distance' : 'Longest continuous run',
      target: Math.min(metric.target, target),
      unit: metric.unit,
    };
  },
  weeklyHours: 3,
  why: 'The pride of crossing a finish line you once thought was out of reach.',
  firstStep: () => 'Go for a 20-minute walk-run: 1 minute jogging, 2 minutes walking.',
  milestone: (index, count, metric, plan) => {
    const last = index === count - 1;
    if (last) {
      return {
        title:
          metric.name === 'Race distance'
            ? `Run the ${raceName(metric)}`
            : `Run ${formatAmount(metric.target, metric.unit)} without stopping`,
        description: 'Taper the last week, sleep well and enjoy the day.',
      };
    }
    const value = runningMilestoneDistance(index, count, metric, plan);
    // As written, not as stored: 0.5000001 km reads "0.5 km", the same milestone as the goal.
    const atTarget =
      value >= metric.target ||
      formatAmount(value, metric.unit) === formatAmount(metric.target, metric.unit);
    if (index === 0 && atTarget) {
      // A target this short is the goal itself: the first milestone is the habit.
      return {
        title: 'First easy run-walk sessions done',
        description: 'Build the habit: easy sessions, mostly at a pace where you can talk.',
      };
    }
    if (index === 0) {
      return {
        title: `Run ${formatAmount(value, metric.unit)} without stopping`,
        description:
          'Build the habit: three easy sessions a week, mostly at a pace where you can talk.',
      };
    }
    // The promise in the description is the growth the milestones actually ask for.
    const previous = runningMilestoneDistance(index - 1, count, metric, plan);
    const days = plan?.milestoneDays;
    const weeks = days ? ((days[index] ?? 0) - (days[index - 1] ?? 0)) / 7 : 3;
    const growth = weeks > 0 && previous > 0 ? ((value / previous) ** (1 / weeks) - 1) * 100 : 0;
    const rate = Math.max(10, Math.ceil(growth / 5) * 5);
    if (value <= previous || atTarget) {
      const week = Math.ceil((days?.[index] ?? (index + 1) * 21) / 7);
      return {
        title: `Run ${formatAmount(value, metric.unit)} comfortably again by week ${week}`,
        description:
          'Hold this distance and keep the other runs easy; longer runs need more weekly time.',
      };
    }
    return {
      title: `Run ${formatAmount(value, metric.unit)} without stopping`,
      description: `Lengthen one run a week by about ${rate} % and keep the others easy.`,
    };
  },
  setupTasks: [
    { title: 'Get comfortable running shoes (a running shop can fit you)', minutes: 45 },
    { title: 'Map a safe, flat route from your door', minutes: 15 },
    { title: 'Sign up for the race or a local parkrun', minutes: 20 },
    { title: 'Learn three post-run stretches', minutes: 15 },
    { title: 'Plan what you will eat and wear on race day', minutes: 20 },
  ],
  practice: [
    {
      title: (phase, phases) => {
        const name = phaseName(phase, phases);
        return name === 'start'
          ? 'Easy run-walk'
          : name === 'build'
            ? 'Easy run, talking pace'
            : name === 'peak'
              ? 'Run, with one longer run each week'
              : 'Short easy run (taper)';
      },
      timesPerWeek: 3,
      minMinutes: 20,
      maxMinutes: 75,
    },
    {
      title: (phase, phases) =>
        phaseName(phase, phases) === 'finish'
          ? 'Shorter long run (taper)'
          : 'Long run, slow and steady',
      timesPerWeek: 1,
      minMinutes: 30,
      maxMinutes: 180,
    },
  ],
};

const steps: ActivityTemplate = {
  id: 'steps',
  domain: 'health',
  cues: /\bsteps\b|\bwalk more\b|\bwalk (every|each) day\b/,
  metric: ({ quantities }) => {
    const count = findQuantity(quantities, 'steps');
    return count ? { name: 'Daily steps', target: count.value, unit: 'steps/day' } : null;
  },
  fallbackMetric: () => ({ name: 'Daily steps', target: 8000, unit: 'steps/day' }),
  title: (metric) => `Walk ${formatAmount(metric.target, 'steps')} a day`,
  specific: (metric) =>
    `Average ${formatAmount(metric.target, 'steps')} a day over a week, with walking built into daily routines.`,
  defaultWeeks: () => 8,
  weeklyHours: 4,
  why: 'Moving more every day is one of the simplest things for long-term health.',
  firstStep: () => 'Check today’s step count on your phone and note it as your baseline.',
  milestone: rampMilestone(
    (amount) => `Averaging ${amount}`,
    [
      'Find out your baseline and add one walk a day.',
      'Add walking to routines: calls, errands, the commute.',
      'Keep the average on weekends too.',
      'Make it automatic: the walks happen without deciding.',
    ],
  ),
  setupTasks: [
    { title: 'Turn on step counting on your phone or watch', minutes: 10 },
    { title: 'Plan a 20-minute walking loop near home or work', minutes: 15 },
    { title: 'Move one regular phone call to a walk', minutes: 10 },
  ],
  practice: [{ title: () => 'Walk', timesPerWeek: 5, minMinutes: 20, maxMinutes: 45 }],
};

type Endurance = 'swim' | 'cycle' | 'row' | 'hike';

const ENDURANCE: Record<Endurance, { verb: string; km: number; suggestions: string[] }> = {
  swim: {
    verb: 'Swim',
    km: 1,
    suggestions: ['Swim 1 km without stopping', 'Swim 3 times a week', '40 lengths in one session'],
  },
  cycle: {
    verb: 'Cycle',
    km: 50,
    suggestions: ['Cycle 50 km in a day', 'Ride 3 times a week', 'Cycle to work every weekday'],
  },
  row: {
    verb: 'Row',
    km: 5,
    suggestions: ['Row 5 km', 'Row 3 times a week', 'Row 2 km under 9 minutes'],
  },
  hike: {
    verb: 'Hike',
    km: 15,
    suggestions: ['Hike 15 km in a day', 'Hike every weekend', 'Walk a long-distance trail'],
  },
};

function enduranceKind(text: string): Endurance {
  if (/\bswim/.test(text)) return 'swim';
  if (/\b(cycl|bike|biking|ride)/.test(text)) return 'cycle';
  if (/\brow(ing)?\b/.test(text)) return 'row';
  return 'hike';
}

/** Swimming, cycling, rowing and hiking: distances and sessions of that activity, not push-ups. */
const endurance: ActivityTemplate = {
  id: 'endurance',
  domain: 'health',
  cues: /\b(swim|swims|swimming|swimmer|cycle|cycling|bike ride|biking|ride my bike|rowing|hike|hiking|trek|trekking)\b/,
  metric: ({ quantities, text }) => {
    const kind = enduranceKind(text);
    if (
      /\blearn(?:ing)? (?:how )?to (?:swim|ride)\b/.test(text) &&
      !findQuantity(quantities, 'distance')
    ) {
      // A first milestone worth having: a length of the pool, a ride round the block.
      return kind === 'swim'
        ? { name: 'Swim distance', target: 25, unit: 'm' }
        : { name: 'Ride distance', target: 1, unit: 'km' };
    }
    const distance = findQuantity(quantities, 'distance');
    if (distance) {
      return {
        name: `${ENDURANCE[kind].verb} distance`,
        target: distance.value,
        unit: distance.unit,
      };
    }
    const frequency = findQuantity(quantities, 'frequency');
    if (frequency && frequency.timesPerWeek <= 7) {
      return {
        name: 'Sessions per week',
        target: Math.round(frequency.timesPerWeek),
        unit: 'sessions/week',
      };
    }
    return null;
  },
  fallbackMetric: (_plan, context) => {
    const kind = enduranceKind(context?.text ?? '');
    return { name: `${ENDURANCE[kind].verb} distance`, target: ENDURANCE[kind].km, unit: 'km' };
  },
  targetQuestion: ({ text }) => ({
    id: 'target',
    question: 'What would you like to be able to do, or how often?',
    suggestions: ENDURANCE[enduranceKind(text)].suggestions,
  }),
  title: (metric, context) => {
    const verb = ENDURANCE[enduranceKind(context.text)].verb;
    return metric.unit === 'sessions/week'
      ? `${verb} ${metric.target} times a week`
      : `${verb} ${formatAmount(metric.target, metric.unit)} without stopping`;
  },
  specific: (metric) =>
    metric.unit === 'sessions/week'
      ? `${metric.target} sessions a week, kept up week after week and built up gently.`
      : `Cover ${formatAmount(metric.target, metric.unit)} in one go at a comfortable pace, built up session by session.`,
  defaultWeeks: () => 10,
  minWeeks: () => 3,
  weeklyHours: 3,
  why: 'Feeling strong, free and at home in the water, on the bike or on the trail.',
  firstStep: () => 'Book or plan your first easy session this week and note how far you get.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} in one go`),
    [
      'Find your starting point in an easy session.',
      'Go a little further each week, at a pace you could keep talking at.',
      'One longer session a week; the others stay easy.',
      'Rest a little more before the final effort.',
    ],
  ),
  setupTasks: [
    { title: 'Check your kit and where you will train', minutes: 20 },
    { title: 'Note your starting distance after the first session', minutes: 10 },
  ],
  practice: [
    {
      title: (phase, phases) =>
        phaseName(phase, phases) === 'start'
          ? 'Easy session, find your pace'
          : 'Session: go a little further',
      timesPerWeek: 3,
      minMinutes: 20,
      maxMinutes: 90,
    },
  ],
  outcomeSuggestions: ['Swim 1 km without stopping', 'Cycle 50 km in a day', 'Hike 15 km in a day'],
};

const strength: ActivityTemplate = {
  id: 'strength',
  domain: 'health',
  cues: /\b(push-?ups?|pull-?ups?|chin-?ups?|squats?|plank|deadlift|bench press|strength|gym|work ?out|workouts?|exercise|exercising|lift|lifting|yoga|pilates)\b/,
  metric: ({ quantities, text }) => {
    const count = findQuantity(quantities, 'count');
    if (count && /ups|squats|dips|burpees/.test(count.noun)) {
      return {
        name: `${capitalize(count.noun)} in one set`,
        target: count.value,
        unit: count.noun,
      };
    }
    const lift = /\b(deadlift|squat|bench press|bench)\b/.exec(text);
    const weight = findQuantity(quantities, 'weight');
    if (lift && weight)
      return {
        name: `${capitalize(lift[1] ?? 'lift')} one-rep max`,
        target: weight.value,
        unit: weight.unit,
      };
    // "hold a 2 minute plank": a hold is measured by its time.
    const hold = /\b(plank|dead hang|wall sit|handstand|l-sit|hollow hold)\b/.exec(text);
    const time = findQuantity(quantities, 'duration');
    if (hold && time && time.per === null) {
      const seconds = time.minutes < 1;
      return {
        name: `${capitalize(hold[1] ?? 'plank')} hold`,
        target: seconds ? Math.round(time.minutes * 60) : time.minutes,
        unit: seconds ? 'seconds' : 'minutes',
      };
    }
    const frequency = findQuantity(quantities, 'frequency');
    if (frequency && frequency.timesPerWeek <= 7) {
      return {
        name: 'Workouts per week',
        target: Math.round(frequency.timesPerWeek),
        unit: 'workouts/week',
      };
    }
    if (count && /workouts|sessions|classes/.test(count.noun)) {
      return { name: `${capitalize(count.noun)} completed`, target: count.value, unit: count.noun };
    }
    return null;
  },
  targetQuestion: () => ({
    id: 'target',
    question: 'What would you like to be able to do, or how often would you like to train?',
    suggestions: ['Work out 3 times a week', '10 push-ups in a row', '5 pull-ups'],
  }),
  fallbackMetric: () => ({ name: 'Workouts per week', target: 3, unit: 'workouts/week' }),
  title: (metric, { text }) =>
    metric.unit === 'workouts/week'
      ? /\b(yoga|pilates)\b/.exec(text)
        ? `Do ${/\b(yoga|pilates)\b/.exec(text)?.[1]} ${metric.target} times a week`
        : `Work out ${metric.target} times a week`
      : metric.name.includes('one-rep')
        ? `${metric.name.replace(' one-rep max', '')} ${formatAmount(metric.target, metric.unit)}`
        : metric.name.endsWith('in one set')
          ? `Do ${formatAmount(metric.target, metric.unit)} in a row`
          : `Complete ${formatAmount(metric.target, metric.unit)}`,
  specific: (metric) =>
    metric.unit === 'workouts/week'
      ? `Train ${metric.target} times every week, with sessions short enough to keep on busy days.`
      : `Reach ${formatAmount(metric.target, metric.unit)} with progressive practice and rest days in between.`,
  defaultWeeks: (metric) => (metric?.unit === 'workouts/week' ? 8 : 10),
  minWeeks: (metric) => (metric.name.endsWith('in one set') && metric.target >= 10 ? 4 : 2),
  weeklyHours: 3,
  why: 'Strength makes every other part of life easier, now and when you are older.',
  firstStep: () => 'Do a 10-minute test session today and write down what you managed.',
  milestone: (index, count, metric) => {
    if (metric.unit === 'workouts/week') {
      return stagedMilestone([
        {
          title: 'Two weeks of workouts on schedule',
          description: 'Start small: short sessions you cannot skip.',
        },
        {
          title: 'A month without missing a week',
          description: 'Keep the slots fixed in your calendar.',
        },
        {
          title: 'Workouts feel routine',
          description: 'Progress the sessions: a bit more weight, time or reps.',
        },
        {
          title: `${metric.target} workouts a week, kept through a busy week`,
          description: 'Have a 15-minute fallback session for bad days.',
        },
        {
          title: `${metric.target} workouts a week is your new normal`,
          description: 'Review what worked and set the next challenge.',
        },
      ])(index, count);
    }
    return cumulativeMilestone(
      (amount, last) => (last ? `${amount}: goal reached` : `Reach ${amount}`),
      [
        'Test your starting point and learn good form.',
        'Practise little and often; rest between hard days.',
        'Add volume every week.',
        'Test again and adjust.',
      ],
    )(index, count, metric);
  },
  setupTasks: [
    { title: 'Test and record your starting point', minutes: 15 },
    { title: 'Pick a simple routine (or class) you enjoy', minutes: 20 },
    { title: 'Put your workout slots in the calendar', minutes: 10 },
    { title: 'Write a 15-minute fallback workout for busy days', minutes: 15 },
  ],
  practice: [
    {
      title: (phase, phases) =>
        phaseName(phase, phases) === 'start'
          ? 'Workout: learn the moves'
          : phaseName(phase, phases) === 'finish'
            ? 'Workout, then test your progress'
            : 'Workout: add a little each time',
      timesPerWeek: 3,
      minMinutes: 20,
      maxMinutes: 60,
    },
  ],
};

const sleep: ActivityTemplate = {
  id: 'sleep',
  domain: 'health',
  cues: /\b(sleep|sleeping|bedtime|go to bed|in bed by|insomnia|rested)\b/,
  metric: ({ quantities }) => {
    const duration = findQuantity(quantities, 'duration');
    if (duration && duration.minutes >= 300 && duration.minutes <= 600) {
      return {
        name: 'Hours of sleep per night',
        target: duration.minutes / 60,
        unit: 'hours/night',
      };
    }
    const frequency = findQuantity(quantities, 'frequency');
    if (frequency)
      return {
        name: 'Nights in bed on time per week',
        target: Math.min(7, Math.round(frequency.timesPerWeek)),
        unit: 'nights/week',
      };
    return null;
  },
  fallbackMetric: () => ({
    name: 'Nights with 7+ hours of sleep per week',
    target: 5,
    unit: 'nights/week',
  }),
  statedHoursAreEffort: false,
  title: (metric) =>
    metric.unit === 'hours/night'
      ? `Sleep ${formatAmount(metric.target, 'hours')} a night`
      : `Sleep 7+ hours on ${metric.target} nights a week`,
  specific: (metric) =>
    `${metric.unit === 'hours/night' ? `Sleep ${formatAmount(metric.target, 'hours')} a night` : `Get 7+ hours of sleep on ${metric.target} nights a week`} with a fixed wind-down routine and a consistent wake-up time.`,
  defaultWeeks: () => 6,
  weeklyHours: 2,
  why: 'Better sleep lifts mood, focus and energy more than almost anything else.',
  firstStep: () => 'Pick a wake-up time for every day this week and set one alarm for it.',
  milestone: stagedMilestone([
    {
      title: 'A fixed wake-up time for a week',
      description: 'Same time every day, weekends included.',
    },
    {
      title: 'A wind-down routine in place',
      description: 'Screens off 30 minutes before bed; dim lights.',
    },
    { title: 'Caffeine cut-off kept', description: 'No caffeine after early afternoon.' },
    {
      title: 'Target sleep on most nights',
      description: 'Track nights and adjust bedtime by 15 minutes at a time.',
    },
    {
      title: 'Sleep target kept for two weeks in a row',
      description: 'Protect the routine on weekends and trips.',
    },
  ]),
  setupTasks: [
    { title: 'Make the bedroom darker and cooler', minutes: 30 },
    { title: 'Move the phone charger out of the bedroom', minutes: 10 },
    { title: 'Write your wind-down routine on a card', minutes: 10 },
  ],
  practice: [
    {
      title: () => 'Wind-down routine: screens off, lights low',
      timesPerWeek: 7,
      minMinutes: 10,
      maxMinutes: 20,
    },
  ],
};

const quit: ActivityTemplate = {
  id: 'quit',
  domain: 'health',
  cues: /\b(quit|stop|give up|cut out|cut down on|cut back on|cut down to|cut back to|reduce|less|no more)\b[^.]*\b(smoking|smoke|cigarettes|vaping|vape|alcohol|drinking|drink|booze|sugar|soda|caffeine|coffee|junk food|takeaways?)\b|\bsober\b|\balcohol[- ]free\b|\bsmoke[- ]free\b|\bdry (january|july)\b/,
  metric: ({ text }) => {
    // "in 30 days" is a deadline; "30 days sober" is the streak.
    const days = /(?<!\b(?:in|within|next) )\b(\d+) (?:days?|day streak)\b/.exec(text);
    const thing = substance(text);
    if (days)
      return { name: `${thing.label}-free days in a row`, target: Number(days[1]), unit: 'days' };
    return null;
  },
  fallbackMetric: ({ weeks }) => ({
    name: 'Free days in a row',
    target: clamp(weeks * 7, 14, 90),
    unit: 'days',
  }),
  title: (metric, { text }) =>
    `${substance(text).verb} (${formatAmount(metric.target, metric.unit)} in a row)`,
  specific: (metric) =>
    `Reach ${formatAmount(metric.target, metric.unit)} in a row, with a plan for cravings and the situations that trigger them.`,
  defaultWeeks: () => 8,
  weeklyHours: 1.5,
  why: 'More money, better sleep and the freedom of not needing it.',
  firstStep: () =>
    'Write down the three situations when you most want it, and one thing to do instead for each.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount} in a row: goal reached` : `${amount} in a row`),
    [
      'Set a quit date, tell someone, and remove supplies.',
      'Get through the hardest days: cravings peak, then fade.',
      'Handle the first social situation without it.',
      'Notice what has improved: sleep, money, mood.',
    ],
  ),
  setupTasks: [
    { title: 'Set your start date and tell one person', minutes: 10 },
    { title: 'Remove supplies from home, car and bag', minutes: 20 },
    { title: 'List your triggers and a replacement for each', minutes: 20 },
    { title: 'Plan a reward with the money saved', minutes: 10 },
  ],
  practice: [
    {
      title: () => 'Check in: log the day and any cravings',
      timesPerWeek: 7,
      minMinutes: 5,
      maxMinutes: 10,
    },
  ],
  notes: [
    'If you drink heavily every day, stopping suddenly can be dangerous: talk to a doctor first. For smoking, ask a pharmacist about nicotine replacement; it roughly doubles the chance of success.',
  ],
};

function substance(text: string): { label: string; verb: string } {
  if (/smok|cigarette/.test(text)) return { label: 'Smoke', verb: 'Quit smoking' };
  if (/vap/.test(text)) return { label: 'Vape', verb: 'Quit vaping' };
  if (/alcohol|drink|booze|sober|dry/.test(text))
    return { label: 'Alcohol', verb: 'Go alcohol-free' };
  if (/sugar|soda/.test(text)) return { label: 'Added-sugar', verb: 'Cut out added sugar' };
  if (/caffeine|coffee/.test(text)) return { label: 'Caffeine', verb: 'Cut out caffeine' };
  return { label: 'Habit', verb: 'Break the habit' };
}

const eating: ActivityTemplate = {
  id: 'eating',
  domain: 'health',
  cues: /\b(eat|eating|diet|meals?|vegetables|veggies|fruit|cook|cooking|home-cooked|protein|water|hydrat\w*|litres?|liters?|junk food|snack\w*)\b/,
  metric: ({ quantities, text }) => {
    const water = /(\d+(?:\.\d+)?)\s?(?:litres?|liters?|l)\b[^.]*\bwater\b/.exec(text);
    if (water) return { name: 'Water per day', target: Number(water[1]), unit: 'litres/day' };
    const count = findQuantity(quantities, 'count');
    if (count && count.per)
      return {
        name: `${capitalize(count.noun)} per ${count.per}`,
        target: count.value,
        unit: `${count.noun}/${count.per}`,
      };
    const frequency = findQuantity(quantities, 'frequency');
    if (frequency)
      return {
        name: 'Home-cooked meals per week',
        target: Math.round(frequency.timesPerWeek),
        unit: 'meals/week',
      };
    return null;
  },
  fallbackMetric: () => ({ name: 'Home-cooked meals per week', target: 5, unit: 'meals/week' }),
  title: (metric) =>
    metric.unit === 'meals/week'
      ? `Cook ${formatAmount(metric.target, metric.unit)} at home`
      : metric.unit === 'litres/day'
        ? `Drink ${formatAmount(metric.target, 'litres')} of water a day`
        : `Reach ${formatAmount(metric.target, metric.unit)}`,
  specific: (metric) =>
    `Reach ${formatAmount(metric.target, metric.unit)} consistently, planned ahead so it holds on busy days.`,
  defaultWeeks: () => 8,
  weeklyHours: 3,
  why: 'Food that gives you steady energy instead of taking it.',
  firstStep: () => 'Write a shopping list for three simple meals this week.',
  milestone: rampMilestone(
    (amount) => `Consistently at ${amount}`,
    [
      'Plan the week’s food on one day and shop once.',
      'Make the new habit easier than the old one: prep, portions, placement.',
      'Keep it going through a weekend and a busy day.',
      'Review and lock in what worked.',
    ],
  ),
  setupTasks: [
    { title: 'Write a list of ten meals you like and can cook', minutes: 20 },
    { title: 'Stock the basics for quick healthy meals', minutes: 45 },
    { title: 'Batch-cook one dish for the week', minutes: 60 },
  ],
  practice: [
    {
      title: () => 'Plan, shop or prep healthy food',
      timesPerWeek: 2,
      minMinutes: 20,
      maxMinutes: 60,
    },
  ],
};

const genericHealth: ActivityTemplate = {
  id: 'health_general',
  domain: 'health',
  generic: true,
  cues: /.*/,
  metric: () => null,
  fallbackMetric: ({ weeks }) => ({
    name: 'Active sessions',
    target: clamp(weeks * 3, 6, 150),
    unit: 'sessions',
  }),
  title: () => 'Build a healthy routine',
  specific: (metric) =>
    `Complete ${formatAmount(metric.target, metric.unit)} of movement or healthy routines, about three a week.`,
  defaultWeeks: () => 8,
  weeklyHours: 3,
  why: 'Feeling well enough to enjoy everything else.',
  firstStep: () => 'Take a 15-minute walk today and note how you feel after.',
  milestone: cumulativeMilestone(
    (amount, last) => (last ? `${amount}: goal reached` : `${amount} done`),
    [
      'Start small with sessions you cannot skip.',
      'Fix the days and times in your calendar.',
      'Add a little each week.',
      'Review and choose the next challenge.',
    ],
  ),
  setupTasks: [
    { title: 'Choose one activity you enjoy', minutes: 15 },
    { title: 'Put three sessions in your calendar', minutes: 10 },
  ],
  practice: [
    {
      title: () => 'Active session: walk, workout or class',
      timesPerWeek: 3,
      minMinutes: 20,
      maxMinutes: 45,
    },
  ],
  outcomeSuggestions: [
    'Run a 5K without stopping',
    'Work out 3 times a week',
    'Lose 5 kg',
    'Sleep 7+ hours on 5 nights a week',
    'Walk 8,000 steps a day',
  ],
};

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Most specific first: detection takes the first template whose cues match. */
export const healthTemplates: readonly ActivityTemplate[] = [
  quit,
  weightLoss,
  muscleGain,
  running,
  steps,
  sleep,
  endurance,
  strength,
  eating,
  genericHealth,
];
