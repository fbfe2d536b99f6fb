import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BreakDownGoalInput,
  breakDownGoalOutputSchema,
  coachDomains,
  type SmartGoal,
} from '#contracts/coach.ts';
import { breakDownGoalOffline } from './offline/break-down-goal.ts';
import { addDays } from '#contracts/local-date.ts';
import { planProblems, refineProblems, weeklyMinutes } from './plan-rules.ts';

const goal: SmartGoal = {
  title: 'Read 12 books',
  domain: 'personal_development',
  specific: 'Finish 12 books.',
  metric: { name: 'Books finished', target: 12, unit: 'books' },
  deadline: '2026-06-30',
  why: 'Calm time for myself.',
  firstStep: 'Pick the first book.',
  weeklyHours: 2,
};
const input: BreakDownGoalInput = {
  goal,
  startDate: '2026-03-10',
  weeklyHours: 2,
  timeZone: 'Europe/London',
};
const milestones = [
  { title: 'A', description: 'a', dueDate: '2026-04-01' },
  { title: 'B', description: 'b', dueDate: '2026-05-01' },
  { title: 'C', description: 'c', dueDate: '2026-06-30' },
];

describe('weeklyMinutes', () => {
  it('counts a repeating task in every week until its milestone is due, one-off tasks once', () => {
    const totals = weeklyMinutes(input, {
      kind: 'plan',
      milestones,
      notes: [],
      tasks: [
        {
          title: 'Read',
          milestoneIndex: 0,
          scheduledDate: '2026-03-10',
          estimatedMinutes: 20,
          recurrence: { kind: 'weekly', timesPerWeek: 3 },
        },
        {
          title: 'Review',
          milestoneIndex: 0,
          scheduledDate: '2026-03-12',
          estimatedMinutes: 30,
          recurrence: { kind: 'after_completion', everyDays: 3 },
        },
        {
          title: 'Library card',
          milestoneIndex: 1,
          scheduledDate: '2026-03-18',
          estimatedMinutes: 15,
        },
      ],
    });
    // Week 1: 60 + 3×30; week 2: 60 + 90 + 15; weeks 3–4 (to 1 April, in week 4): 150; then nothing.
    expect(totals.slice(0, 6)).toEqual([150, 165, 150, 150, 0, 0]);
  });
});

describe('planProblems', () => {
  it('names every broken rule in words a model can act on', () => {
    const problems = planProblems(input, {
      kind: 'plan',
      notes: [],
      milestones: [
        { title: 'A', description: 'a', dueDate: '2026-03-10' },
        { title: 'B', description: 'b', dueDate: '2026-07-15' },
        { title: 'C', description: 'c', dueDate: '2026-06-30' },
      ],
      tasks: [
        {
          title: 'Too early',
          milestoneIndex: 2,
          scheduledDate: '2026-03-01',
          estimatedMinutes: 30,
        },
        { title: 'Too late', milestoneIndex: 0, scheduledDate: '2026-03-20', estimatedMinutes: 30 },
        {
          title: 'No milestone',
          milestoneIndex: 5,
          scheduledDate: '2026-03-20',
          estimatedMinutes: 30,
        },
        {
          title: 'Too much',
          milestoneIndex: 2,
          scheduledDate: '2026-03-11',
          estimatedMinutes: 60,
          recurrence: { kind: 'weekly', timesPerWeek: 3 },
        },
      ],
    });
    expect(problems).toEqual([
      'milestones[0].dueDate 2026-03-10 must be after the start date 2026-03-10.',
      "milestones[1].dueDate 2026-07-15 is after the goal's deadline 2026-06-30.",
      'milestones[2] is due before milestones[1]; list milestones in date order.',
      'tasks[0].scheduledDate 2026-03-01 is before the start date 2026-03-10.',
      "tasks[1].scheduledDate 2026-03-20 is after its milestone's due date 2026-03-10.",
      'tasks[2].milestoneIndex 5 does not exist (there are 3 milestones).',
      // 3 × 60 minutes a week in all 17 weeks to the deadline, plus the one-off tasks.
      ...Array.from(
        { length: 17 },
        (_, week) =>
          `Week ${week + 1} of the plan asks for ${week === 0 ? 210 : week === 1 ? 240 : 180} minutes but the user has 120 minutes a week (2 h); shorten or remove tasks.`,
      ),
    ]);
  });

  it('refineGoal answers must be due after today and keep the chosen domain', () => {
    const refine = {
      text: 'Read more',
      today: '2026-03-10',
      timeZone: 'UTC',
      domainHint: 'career' as const,
    };
    expect(
      refineProblems(refine, {
        kind: 'smart',
        goal: { ...goal, deadline: '2026-03-10' },
        notes: [],
      }),
    ).toEqual([
      'goal.deadline 2026-03-10 must be after today (2026-03-10).',
      'goal.domain must be "career", the domain the user chose.',
    ]);
  });
});

describe('the offline breakdown always passes the plan rules', () => {
  const titles = [
    'Lose 5 kg',
    'Run a marathon',
    'Walk 10,000 steps a day',
    'Work out 3 times a week',
    'Quit smoking',
    'Land a new job',
    'Get promoted',
    'Pass the AWS exam',
    'Earn $2,000 a month',
    'Launch my app',
    'Have a date night every week',
    'Make 3 new friends',
    'Call my mom every week',
    'Go on 5 dates',
    'Read 12 books',
    'Learn Spanish',
    'Save $5,000',
    'Meditate for 10 minutes a day',
    'Write a novel',
    'Be kinder',
  ];
  const arbitraryInput = fc
    .record({
      title: fc.constantFrom(...titles),
      domain: fc.constantFrom(...coachDomains),
      target: fc.oneof(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0.5, max: 50_000, noNaN: true }),
      ),
      unit: fc.constantFrom(
        'kg',
        'km',
        'books',
        'sessions',
        '$',
        'times/week',
        'minutes/day',
        'words',
        'applications',
      ),
      days: fc.integer({ min: 1, max: 800 }),
      weeklyHours: fc.double({ min: 0.5, max: 60, noNaN: true }),
      offset: fc.integer({ min: 0, max: 3000 }),
    })
    .map(({ title, domain, target, unit, days, weeklyHours, offset }): BreakDownGoalInput => {
      const startDate = addDays('2025-01-01', offset);
      return {
        goal: {
          title,
          domain,
          specific: `${title}.`,
          metric: { name: title, target, unit },
          deadline: addDays(startDate, days),
          why: 'Because it matters.',
          firstStep: 'Take the first small step today.',
          weeklyHours,
        },
        startDate,
        weeklyHours,
        timeZone: 'Europe/London',
      };
    });

  it('for any goal, horizon (1 day to 2 years) and weekly hours', () => {
    fc.assert(
      fc.property(arbitraryInput, (generated) => {
        const plan = breakDownGoalOutputSchema.parse(breakDownGoalOffline(generated));
        expect(planProblems(generated, plan)).toEqual([]);
        expect(plan.milestones.at(-1)?.dueDate).toBe(generated.goal.deadline);
      }),
      { numRuns: 300 },
    );
  });
});

describe('plans that must add up', () => {
  const runGoal: SmartGoal = {
    title: 'Run a 10K',
    domain: 'health',
    specific: 'Finish a 10K.',
    metric: { name: 'Race distance', target: 10, unit: 'km' },
    deadline: '2026-05-05',
    why: 'To feel strong.',
    firstStep: 'Go for a walk-run.',
    weeklyHours: 3,
  };
  const runInput: BreakDownGoalInput = { ...input, goal: runGoal, weeklyHours: 3 };
  const longRun = {
    title: 'Long run',
    milestoneIndex: 0,
    scheduledDate: '2026-03-10',
    estimatedMinutes: 60,
    recurrence: { kind: 'weekly' as const, timesPerWeek: 1 },
  };

  it('rejects a plan that grows faster than the rate it promises (4 km to 8 km in two weeks at "about 10 % a week")', () => {
    const problems = planProblems(runInput, {
      kind: 'plan',
      milestones: [
        { title: 'Run 4 km without stopping', description: 'Easy runs.', dueDate: '2026-03-24' },
        {
          title: 'Run 8 km without stopping',
          description: 'Lengthen one run a week by about 10 % and keep the others easy.',
          dueDate: '2026-04-07',
        },
        { title: 'Run the 10K', description: 'Race day.', dueDate: '2026-05-05' },
      ],
      tasks: [longRun],
      notes: [],
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /milestones\[1\] goes from 4 km to 8 km in 2 weeks, but the plan promises about 10 % a week \(at most 5.3 km\)/,
      ),
    ]);
  });

  it('accepts the same plan when the growth matches the promise', () => {
    const problems = planProblems(runInput, {
      kind: 'plan',
      milestones: [
        { title: 'Run 4 km without stopping', description: 'Easy runs.', dueDate: '2026-03-24' },
        {
          title: 'Run 4.8 km without stopping',
          description: 'Lengthen one run a week by about 10 % and keep the others easy.',
          dueDate: '2026-04-07',
        },
        { title: 'Run the 10K', description: 'Race day.', dueDate: '2026-05-05' },
      ],
      tasks: [longRun],
      notes: [],
    });
    expect(problems).toEqual([]);
  });

  it('rejects a distance milestone that no session planned before it can cover', () => {
    const problems = planProblems(runInput, {
      kind: 'plan',
      milestones: [
        { title: 'Run 8 km without stopping', description: 'Build up.', dueDate: '2026-03-24' },
        { title: 'Run 9 km without stopping', description: 'Build up.', dueDate: '2026-04-14' },
        { title: 'Run the 10K', description: 'Race day.', dueDate: '2026-05-05' },
      ],
      tasks: [{ ...longRun, estimatedMinutes: 25 }],
      notes: [],
    });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /milestones\[0\] asks for 8 km by 2026-03-24, but no session planned by then is longer than 25 minutes/,
      ),
    );
  });

  it('rejects duplicated milestones and the same task twice on a day', () => {
    const problems = planProblems(input, {
      kind: 'plan',
      milestones: [
        { title: 'Halfway there', description: 'a', dueDate: '2026-04-01' },
        { title: 'Halfway there', description: 'b', dueDate: '2026-05-01' },
        { title: 'Done', description: 'c', dueDate: '2026-06-30' },
      ],
      tasks: [
        { title: 'Read', milestoneIndex: 0, scheduledDate: '2026-03-10', estimatedMinutes: 20 },
        { title: 'Read', milestoneIndex: 0, scheduledDate: '2026-03-10', estimatedMinutes: 20 },
      ],
      notes: [],
    });
    expect(problems).toEqual([
      'milestones[1] repeats milestones[0] ("Halfway there"); each milestone must be a new step.',
      'tasks[1] repeats tasks[0] ("Read") on the same day.',
    ]);
  });

  it.each([
    ['Run a 10K', '2026-05-05'],
    ['Run a half marathon', '2026-07-07'],
    ['Run a marathon', '2026-09-15'],
  ])(
    'the offline plan for "%s" keeps its own progression promise and sessions',
    (title, deadline) => {
      const metric =
        title === 'Run a 10K'
          ? { name: 'Race distance', target: 10, unit: 'km' }
          : title === 'Run a half marathon'
            ? { name: 'Race distance', target: 21.1, unit: 'km' }
            : { name: 'Race distance', target: 42.2, unit: 'km' };
      const run: BreakDownGoalInput = {
        ...runInput,
        goal: { ...runGoal, title, metric, deadline },
      };
      expect(planProblems(run, breakDownGoalOffline(run))).toEqual([]);
    },
  );
});

describe("refineProblems keeps the user's goal", () => {
  const refineInput = {
    text: 'Learn to play guitar with friends by June',
    today: '2026-03-10',
    timeZone: 'Europe/London',
  };
  const smart = (title: string, specific: string) => ({
    kind: 'smart' as const,
    goal: {
      ...goal,
      title,
      specific,
      metric: { name: 'Sessions', target: 12, unit: 'sessions' },
      deadline: '2026-06-30',
    },
    notes: [],
  });

  it('rejects a SMART goal that swapped the activity for another (a guitar goal became plans with friends)', () => {
    expect(
      refineProblems(refineInput, smart('Make plans with friends', 'Meet friends 12 times.')),
    ).toContainEqual(expect.stringMatching(/dropped what the user asked for.*guitar/));
  });

  it('accepts one that keeps it', () => {
    expect(
      refineProblems(refineInput, smart('Play 3 songs on guitar', 'Play 3 songs with friends.')),
    ).toEqual([]);
  });
});
