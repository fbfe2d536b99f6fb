import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  breakDownGoalOutputSchema,
  type ClarifyingAnswer,
  type CoachDomain,
  refineGoalOutputSchema,
  type SmartGoal,
} from '#contracts/coach.ts';
import { planProblems, refineProblems, weeklyMinutes } from '#server/ai/plan-rules.ts';
import { HEALTH_NOTE } from '#server/ai/safety.ts';
import { breakDownGoalOffline } from './break-down-goal.ts';
import { addDays } from '#contracts/local-date.ts';
import { refineGoalOffline } from './refine-goal.ts';

/**
 * The offline engine on real-world goals: vague, over-ambitious, without a deadline, with a
 * deadline that has passed, and from every domain. Each SMART row is then broken down and the plan
 * checked: 3–7 milestones in date order after the start and by the deadline, and no week asking
 * for more minutes than the weekly hours allow.
 */

const TODAY = '2026-03-10';

interface SmartRow {
  text: string;
  timeZone?: string;
  weeklyHours?: number;
  domainHint?: CoachDomain;
  answers?: ClarifyingAnswer[];
  domain: CoachDomain;
  deadline: string;
  target: number;
  unit: string;
  title?: string;
  /** Each must match one of the notes. */
  notes?: RegExp[];
  why?: string;
}

interface QuestionRow {
  text: string;
  timeZone?: string;
  answers?: ClarifyingAnswer[];
  questions: string[];
  /** Each must match one of the questions. */
  asks?: RegExp[];
}

const smartRows: SmartRow[] = [
  // Health
  {
    text: 'Lose 5 kg by June',
    domain: 'health',
    deadline: '2026-06-30',
    target: 5,
    unit: 'kg',
    title: 'Lose 5 kg',
    notes: [/“by June” as the end of June/],
  },
  {
    text: 'lose 30 kg in 2 weeks',
    domain: 'health',
    // The person's date stays; the target is what a safe pace reaches by then.
    deadline: '2026-03-24',
    target: 1.5,
    unit: 'kg',
    title: 'Lose 1.5 kg',
    notes: [
      /about 15 kg a week; a safe pace is about 0.5–1 kg a week\. I kept your date and set the target to 1\.5 kg by then; 30 kg would take about 40 weeks at that pace \(about 15 December 2026\)/,
    ],
  },
  {
    text: 'Run a marathon in 3 months',
    domain: 'health',
    // Thirteen weeks build up to a half marathon; the marathon is the longer aim.
    deadline: '2026-06-10',
    target: 21.1,
    unit: 'km',
    title: 'Run a half marathon',
    notes: [/at least 16 weeks \(about 30 June 2026\)\. I kept your date/],
  },
  {
    text: 'Lose 10 pounds before my wedding on 12 May 2027',
    timeZone: 'America/Chicago',
    domain: 'health',
    deadline: '2027-05-12',
    target: 10,
    unit: 'lb',
    notes: [/12 May 2027/],
  },
  {
    text: 'Lose 15 lb by Halloween',
    timeZone: 'America/New_York',
    domain: 'health',
    deadline: '2026-10-31',
    target: 15,
    unit: 'lb',
  },
  {
    text: 'Walk 10,000 steps a day',
    domain: 'health',
    deadline: '2026-05-05',
    target: 10000,
    unit: 'steps/day',
    notes: [/did not give a date, so I suggest 5 May 2026 \(8 weeks/],
  },
  {
    text: 'Go to the gym 3 times a week',
    domain: 'health',
    deadline: '2026-05-05',
    target: 3,
    unit: 'workouts/week',
    title: 'Go to the gym 3 times a week',
  },
  {
    text: 'Do 10 pull-ups by the end of summer',
    domain: 'health',
    deadline: '2026-08-31',
    target: 10,
    unit: 'pull-ups',
  },
  {
    text: 'Quit smoking by Christmas',
    domain: 'health',
    deadline: '2026-12-25',
    target: 90,
    unit: 'days',
    notes: [/nicotine replacement/],
  },
  {
    text: 'Sleep 8 hours a night',
    domain: 'health',
    deadline: '2026-04-21',
    target: 8,
    unit: 'hours/night',
  },
  {
    text: 'Run a half marathon by summer',
    timeZone: 'Australia/Sydney',
    domain: 'health',
    deadline: '2026-12-01',
    target: 21.1,
    unit: 'km',
    notes: [/start of summer \(1 December 2026\)/],
  },
  // Career
  {
    text: 'Apply to 20 jobs by May 1',
    domain: 'career',
    deadline: '2026-05-01',
    target: 20,
    unit: 'applications',
  },
  {
    text: 'Get promoted to senior engineer by Q4',
    domain: 'career',
    deadline: '2026-12-31',
    target: 8,
    unit: 'wins',
    title: 'Get promoted to senior engineer',
    notes: [/did not name a number/],
  },
  {
    text: 'Pass the AWS certification exam in 8 weeks',
    domain: 'career',
    deadline: '2026-05-05',
    target: 3,
    unit: 'practice exams',
    title: 'Pass the AWS certification exam',
  },
  {
    text: 'Earn $4,000 a month from freelancing by September',
    domain: 'career',
    deadline: '2026-09-30',
    target: 4000,
    unit: '$/month',
    title: 'Earn $4,000 a month from freelancing',
  },
  {
    text: 'Learn Python to switch careers into data science',
    domain: 'career',
    deadline: '2026-06-02',
    target: 3,
    unit: 'projects',
  },
  {
    text: 'Launch my podcast by summer',
    domain: 'career',
    deadline: '2026-06-01',
    target: 6,
    unit: 'episodes',
  },
  {
    text: 'Read 24 books on leadership this year',
    domainHint: 'career',
    domain: 'career',
    deadline: '2026-12-31',
    target: 24,
    unit: 'books',
  },
  // Relationships
  {
    text: 'Have a date night every week with my wife',
    domain: 'relationships',
    deadline: '2026-06-02',
    target: 1,
    unit: 'evenings/week',
    title: 'Have a date night every week with my wife',
  },
  {
    text: 'Call my mom every week',
    domain: 'relationships',
    deadline: '2026-06-02',
    target: 1,
    unit: 'times/week',
    title: 'Call my mom every week',
  },
  {
    text: 'Make 3 new friends this year',
    domain: 'relationships',
    deadline: '2026-12-31',
    target: 3,
    unit: 'friends',
    notes: [/“this year” as the end of 2026/],
  },
  {
    text: 'Go on 5 first dates by the end of next month',
    domain: 'relationships',
    deadline: '2026-04-30',
    target: 5,
    unit: 'dates',
  },
  // Personal development
  {
    text: 'Read 12 books this year',
    domain: 'personal_development',
    deadline: '2026-12-31',
    target: 12,
    unit: 'books',
    title: 'Read 12 books',
  },
  {
    text: 'Save $5,000 by December 31 so I can stop worrying about rent',
    timeZone: 'America/Denver',
    domain: 'personal_development',
    deadline: '2026-12-31',
    target: 5000,
    unit: '$',
    title: 'Save $5,000',
    why: 'Stop worrying about rent',
  },
  {
    text: 'Pay off £3,500 of credit card debt by next summer',
    domain: 'personal_development',
    deadline: '2026-06-01',
    target: 3500,
    unit: '£',
    title: 'Pay off £3,500 of credit card debt',
  },
  {
    text: 'Learn Spanish by summer',
    timeZone: 'Europe/Madrid',
    domain: 'personal_development',
    deadline: '2026-06-01',
    target: 44,
    unit: 'sessions',
    title: 'Learn Spanish',
  },
  {
    text: 'Become fluent in Japanese in 1 month',
    domain: 'personal_development',
    deadline: '2026-04-10',
    target: 16,
    unit: 'sessions',
    notes: [/at least 26 weeks \(about 8 September 2026\)\. I kept your date/],
  },
  {
    text: 'Read 100 books in a month',
    domain: 'personal_development',
    deadline: '2026-04-10',
    target: 4,
    unit: 'books',
    title: 'Read 4 books',
    notes: [/about one book a week.*100 books would take about 100 weeks/],
  },
  {
    text: 'Meditate 10 minutes a day',
    domain: 'personal_development',
    deadline: '2026-04-21',
    target: 10,
    unit: 'minutes/day',
    title: 'Meditate 10 minutes a day',
  },
  {
    text: 'Write a 50,000 word novel by November',
    domain: 'personal_development',
    deadline: '2026-11-30',
    target: 50000,
    unit: 'words',
    title: 'Write a 50,000 word novel',
  },
  {
    text: 'Learn to play 5 songs on guitar',
    weeklyHours: 1,
    domain: 'personal_development',
    deadline: '2026-06-02',
    target: 5,
    unit: 'songs',
  },
  // Vague goals, once the clarifying questions are answered
  {
    text: 'Be happier',
    answers: [
      { questionId: 'outcome', answer: 'Meditate 10 minutes a day' },
      { questionId: 'deadline', answer: 'in 6 weeks' },
      { questionId: 'why', answer: 'I want to feel calmer with my kids' },
    ],
    domain: 'personal_development',
    deadline: '2026-04-21',
    target: 10,
    unit: 'minutes/day',
    why: 'I want to feel calmer with my kids',
  },
  {
    text: 'get fit',
    answers: [
      { questionId: 'outcome', answer: 'Run a 5K without stopping' },
      { questionId: 'deadline', answer: 'by the end of June' },
    ],
    weeklyHours: 2.5,
    domain: 'health',
    deadline: '2026-06-30',
    target: 5,
    unit: 'km',
    title: 'Run a 5K without stopping',
  },
  {
    text: 'Improve my relationship with my husband',
    answers: [{ questionId: 'outcome', answer: 'not sure, just closer' }],
    domain: 'relationships',
    deadline: '2026-06-02',
    target: 6,
    unit: 'date nights',
    notes: [/did not name a number, so I set the target to 6 date nights/],
  },
];

const questionRows: QuestionRow[] = [
  {
    text: 'Be happier',
    questions: ['outcome', 'why'],
    asks: [/What would “Be happier” look like/],
  },
  // Why only for a life-wide wish; one area of life has a plain why (README decisions).
  { text: 'get fit', questions: ['outcome'] },
  { text: 'Be more productive at work', questions: ['outcome'] },
  { text: 'Improve my relationship with my husband', questions: ['outcome'] },
  // A passed date is not asked again: the SMART goal proposes a new one, flagged.
  { text: 'Be healthier by January 2026', questions: ['outcome'] },
  { text: 'Lose weight', questions: ['target', 'deadline'], asks: [/How much weight/] },
  {
    text: 'Save money for a house deposit by 2028',
    questions: ['target'],
    asks: [/How much would you like to save/],
  },
  // The part of life is not asked: what it would look like says it.
  { text: 'do better', questions: ['outcome', 'why'] },
];

function planChecks(goal: SmartGoal, weeklyHours: number, startDate = TODAY) {
  const input = { goal, startDate, weeklyHours, timeZone: 'Europe/London' };
  const plan = breakDownGoalOutputSchema.parse(breakDownGoalOffline(input));
  expect(plan.milestones.length).toBeGreaterThanOrEqual(3);
  expect(plan.milestones.length).toBeLessThanOrEqual(7);
  const dates = plan.milestones.map((m) => m.dueDate);
  expect([...dates].sort()).toEqual(dates);
  for (const date of dates) {
    expect(date > startDate).toBe(true);
    expect(date <= goal.deadline).toBe(true);
  }
  expect(dates.at(-1)).toBe(goal.deadline);
  expect(plan.tasks.length).toBeGreaterThan(0);
  const budget = Math.round(weeklyHours * 60);
  for (const minutes of weeklyMinutes(input, plan)) expect(minutes).toBeLessThanOrEqual(budget);
  expect(planProblems(input, plan)).toEqual([]);
  // The plan opens with the goal's first step, on the start date.
  expect(plan.tasks).toContainEqual(
    expect.objectContaining({ title: goal.firstStep, scheduledDate: startDate }),
  );
  return plan;
}

describe('the offline engine on real-world goals', () => {
  it.each(smartRows)('$text', (row) => {
    const output = refineGoalOutputSchema.parse(
      refineGoalOffline({
        text: row.text,
        today: TODAY,
        timeZone: row.timeZone ?? 'Europe/London',
        ...(row.weeklyHours ? { weeklyHours: row.weeklyHours } : {}),
        ...(row.domainHint ? { domainHint: row.domainHint } : {}),
        ...(row.answers ? { answers: row.answers } : {}),
      }),
    );
    if (output.kind !== 'smart')
      throw new Error(`expected a SMART goal, got questions: ${JSON.stringify(output.questions)}`);
    const { goal, notes } = output;
    expect(goal.domain).toBe(row.domain);
    expect(goal.deadline).toBe(row.deadline);
    expect(goal.metric.target).toBe(row.target);
    expect(goal.metric.unit).toBe(row.unit);
    if (row.title) expect(goal.title).toBe(row.title);
    if (row.why) expect(goal.why).toBe(row.why);
    if (row.weeklyHours) expect(goal.weeklyHours).toBe(row.weeklyHours);
    for (const pattern of row.notes ?? [])
      expect(
        notes.some((note) => pattern.test(note)),
        `${pattern} in ${JSON.stringify(notes)}`,
      ).toBe(true);
    expect(notes.includes(HEALTH_NOTE)).toBe(goal.domain === 'health');
    expect(goal.specific).toContain('Target date:');
    expect(goal.firstStep.length).toBeGreaterThan(10);

    planChecks(goal, goal.weeklyHours);
  });

  it.each(questionRows)('asks before planning: $text', (row) => {
    const output = refineGoalOutputSchema.parse(
      refineGoalOffline({
        text: row.text,
        today: TODAY,
        timeZone: row.timeZone ?? 'Europe/London',
      }),
    );
    if (output.kind !== 'questions')
      throw new Error(`expected questions, got ${JSON.stringify(output.goal)}`);
    expect(output.questions.map((q) => q.id)).toEqual(row.questions);
    for (const pattern of row.asks ?? [])
      expect(output.questions.some((q) => pattern.test(q.question))).toBe(true);
  });

  it('offers one-tap answers that the engine itself understands', () => {
    const output = refineGoalOffline({ text: 'get fit', today: TODAY, timeZone: 'Europe/London' });
    if (output.kind !== 'questions') throw new Error('expected questions');
    for (const suggestion of output.questions[0]?.suggestions ?? []) {
      const answered = refineGoalOffline({
        text: 'get fit',
        today: TODAY,
        timeZone: 'Europe/London',
        answers: [{ questionId: 'outcome', answer: suggestion }],
      });
      expect(answered.kind, suggestion).toBe('smart');
      if (answered.kind === 'smart') expect(answered.goal.domain, suggestion).toBe('health');
    }
  });

  it('is deterministic: the same input gives the same answer', () => {
    for (const row of smartRows.slice(0, 8)) {
      const input = { text: row.text, today: TODAY, timeZone: row.timeZone ?? 'Europe/London' };
      expect(refineGoalOffline(input)).toEqual(refineGoalOffline(input));
    }
  });

  it('uses the weekly hours the user has, and says so when the goal asks for more', () => {
    const output = refineGoalOffline({
      text: 'Study Spanish 5 hours a week',
      today: TODAY,
      timeZone: 'Europe/Madrid',
      weeklyHours: 2,
    });
    if (output.kind !== 'smart') throw new Error('expected a SMART goal');
    expect(output.goal.weeklyHours).toBe(2);
    expect(output.notes).toContainEqual(
      expect.stringMatching(/about 5 hours a week but you have 2; I planned for 2/),
    );
    planChecks(output.goal, 2);
  });

  it('keeps a tiny weekly budget: half an hour a week still gives a valid plan', () => {
    const output = refineGoalOffline({
      text: 'Run a marathon by the end of the year',
      today: TODAY,
      timeZone: 'Europe/London',
      weeklyHours: 0.5,
    });
    if (output.kind !== 'smart') throw new Error('expected a SMART goal');
    const plan = planChecks(output.goal, 0.5);
    expect(plan.notes).toContainEqual(expect.stringMatching(/the plan is lean/));
  });

  it('plans a short goal (one week) with milestones on separate days', () => {
    const output = refineGoalOffline({
      text: 'Update my CV and apply to 5 jobs within a week',
      today: TODAY,
      timeZone: 'Europe/London',
    });
    if (output.kind !== 'smart') throw new Error('expected a SMART goal');
    expect(output.goal.domain).toBe('career');
    const plan = planChecks({ ...output.goal, deadline: '2026-03-17' }, 5);
    expect(new Set(plan.milestones.map((m) => m.dueDate)).size).toBe(plan.milestones.length);
  });
});

describe('refineGoal on generated sentences', () => {
  const goals = [
    'lose 8 kg',
    'run a half marathon',
    'read 20 books',
    'save €3,000',
    'get promoted',
    'learn French',
    'call my dad every Sunday',
    'be happier',
    'get fit',
    'meditate 15 minutes a day',
    'apply to 30 jobs',
    'go on 3 dates',
    'write 40 blog posts',
    'quit drinking',
    'walk 8,000 steps a day',
    'do better',
  ];
  const deadlines = [
    '',
    ' by June',
    ' in 6 weeks',
    ' by the end of the year',
    ' by 1 January 2020',
    ' before summer',
    ' by tomorrow',
    ' by Q3',
    ' in 2 years',
  ];
  const reasons = ['', ' because my doctor told me to', ' so that I feel proud of myself'];
  const zones = ['Europe/London', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Tokyo', 'UTC'];

  it('always answers with valid output, SMART deadlines after today, and the same answer twice', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...goals),
        fc.constantFrom(...deadlines),
        fc.constantFrom(...reasons),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 2000 }),
        fc.option(fc.double({ min: 0.5, max: 60, noNaN: true }), { nil: undefined }),
        (goal, deadline, reason, timeZone, offset, weeklyHours) => {
          const input = {
            text: `${goal}${deadline}${reason}`,
            today: addDays('2024-01-01', offset),
            timeZone,
            ...(weeklyHours === undefined ? {} : { weeklyHours }),
          };
          const output = refineGoalOutputSchema.parse(refineGoalOffline(input));
          expect(refineProblems(input, output)).toEqual([]);
          expect(refineGoalOffline(input)).toEqual(output);
          if (output.kind === 'smart')
            planChecks(output.goal, output.goal.weeklyHours, input.today);
        },
      ),
      { numRuns: 200 },
    );
  });
});
