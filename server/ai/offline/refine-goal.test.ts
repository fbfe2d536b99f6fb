import { describe, expect, it } from 'vitest';
import type { RefineGoalOutput } from '#contracts/coach.ts';
import { refineGoalOffline } from './refine-goal.ts';

const TODAY = '2026-03-10';

function refine(text: string, timeZone = 'Europe/London'): RefineGoalOutput {
  return refineGoalOffline({ text, today: TODAY, timeZone });
}

function asked(output: RefineGoalOutput): string[] {
  return output.kind === 'questions' ? output.questions.map((q) => q.id).sort() : [];
}

function title(output: RefineGoalOutput): string {
  if (output.kind !== 'smart') throw new Error(`expected a SMART goal: ${asked(output).join()}`);
  return output.goal.title;
}

describe('refineGoal offline: what the person asked for', () => {
  it('titles the goal in the person’s own words, without preamble, date or aside', () => {
    expect(title(refine('Save £5,000 for an emergency fund by Christmas'))).toBe(
      'Save £5,000 for an emergency fund',
    );
    expect(
      title(refine('pay off my $8,400 credit card debt in 18 months', 'America/Chicago')),
    ).toBe('Pay off my $8,400 credit card debt');
    expect(
      title(
        refine(
          'Physio says I can start walking properly again after my hip replacement - aim is to walk 5km by June 30th',
        ),
      ),
    ).toBe('Walk 5km');
    expect(
      title(refine('pass the AWS Solutions Architect Associate exam - booked for April 18')),
    ).toBe('Pass the AWS Solutions Architect Associate exam');
  });

  it('keeps the person’s words with a safer number when a fixed date forces one', () => {
    const output = refine(
      'need to lose 15 kg weight before my holiday on 2 April!!',
      'Europe/Berlin',
    );
    expect(title(output)).toMatch(/^Lose 2 kg weight/);
    expect(output.flags).toEqual(expect.arrayContaining(['fixed_date', 'over_ambitious']));
  });

  it('reads the number the action states to choose the activity', () => {
    const output = refine(
      'make $10k/month from freelance design by end of August. just quit my job and have 0 clients',
      'America/New_York',
    );
    expect(output.kind === 'smart' && output.goal.metric.unit).toBe('$/month');
  });
});

describe('refineGoal offline: only the questions it needs', () => {
  it('asks what a vague wish looks like, and why only for a life-wide one, but not a date', () => {
    expect(asked(refine('be more productive'))).toEqual(['outcome', 'why']);
    expect(asked(refine('have more balance in my life'))).toEqual(['outcome', 'why']);
    expect(asked(refine('get my finances sorted'))).toEqual(['outcome']);
    expect(asked(refine('be a more patient mum'))).toEqual(['outcome']);
  });

  it('asks only what it looks like for a skill or a job to get', () => {
    expect(asked(refine('get better at public speaking'))).toEqual(['outcome']);
    expect(asked(refine('find a new job', 'America/New_York'))).toEqual(['outcome']);
  });

  it('asks how much of an activity wanted more or less, without calling it vague', () => {
    const output = refine('network more', 'America/Los_Angeles');
    expect(asked(output)).toEqual(['target']);
    expect(output.flags).toEqual([]);
    expect(asked(refine('cut down on sweets'))).toEqual(['target']);
    expect(asked(refine('grow my freelance design income'))).toEqual(['target']);
    expect(refine('grow tomatoes on my balcony this summer').kind).toBe('smart');
  });

  it('asks what reconnecting looks like without calling it vague', () => {
    const output = refine("reconnect with my brother, we haven't spoken in 3 years");
    expect(asked(output)).toEqual(['outcome']);
    expect(output.flags).toEqual([]);
  });

  it('asks how far an open-ended skill should go when there is no number or date', () => {
    expect(asked(refine('learn guitar', 'America/Los_Angeles'))).toEqual(['outcome']);
    expect(refine('learn guitar', 'America/Los_Angeles').flags).toEqual([]);
    // Suggestions in the skill's own terms, never the domain's catch-all ("Read 12 books").
    const oils = refine('learn to paint with oils');
    expect(oils.kind === 'questions' && oils.questions[0]?.suggestions).toContain(
      'Make 3 finished pieces or projects',
    );
    expect(asked(refine('write a novel', 'America/New_York'))).toEqual(['target']);
    expect(refine('Practise piano 30 minutes a day').kind).toBe('smart');
  });

  it('asks the date with the target only for money and weight', () => {
    expect(asked(refine('save for a house deposit', 'Australia/Sydney'))).toEqual([
      'deadline',
      'target',
    ]);
    expect(asked(refine('want to get back into running after my ACL surgery in january'))).toEqual([
      'target',
    ]);
  });

  it('proposes a new date for one that has passed, flagged and said in a note', () => {
    const output = refine('Get my PMP certification by 31 Jan 2026', 'Asia/Kolkata');
    expect(output.kind).toBe('smart');
    if (output.kind !== 'smart') return;
    expect(output.flags).toEqual(['deadline_passed']);
    expect(output.goal.deadline > '2026-03-10').toBe(true);
    expect(output.notes.join(' ')).toMatch(/\(31 January 2026\) has already passed, so I proposed/);
    // A vague wish with a passed date asks only what it would look like; the date comes after.
    const vague = refine('Be healthier by January 2026');
    expect(asked(vague)).toEqual(['outcome']);
    expect(vague.flags).toContain('deadline_passed');
  });

  it('asks the date of a life event only the person knows', () => {
    const baby = refine(
      "I'm pregnant and want to keep swimming twice a week until the baby comes",
      'America/Toronto',
    );
    expect(asked(baby)).toEqual(['deadline']);
    expect([...(baby.flags ?? [])].sort()).toEqual(['date_needed', 'medical']);
    // How far along says the due date (40 weeks): proposed, not asked.
    const along = refine(
      "I'm 18 weeks pregnant and want to keep swimming twice a week until the baby comes",
      'America/Toronto',
    );
    expect(along.kind === 'smart' && along.goal.deadline).toBe('2026-08-11');
    expect(along.flags).toEqual(['medical']);
    // Graduating bounds the job search; the goal does not happen at it.
    const graduation = refine('land my first UX job before I graduate in May', 'America/Chicago');
    expect([...(graduation.flags ?? [])].sort()).toEqual(['date_needed']);
    expect(asked(refine('finish the nursery before our little one arrives'))).toEqual(['deadline']);
    expect(asked(refine('finish 3 case studies before the careers fair'))).toEqual(['deadline']);
    expect(refine('quit vaping by my 30th').flags).toEqual(['date_needed']);
  });

  it('calls an occasion a fixed date when the goal happens at it, not when it bounds the work', () => {
    expect(refine("knit a jumper for my nephew's birthday").flags).toEqual(['date_needed']);
    expect(refine("learn Clair de Lune on piano to play at my dad's birthday").flags).toEqual([
      'date_needed',
      'fixed_date',
    ]);
    expect(refine('go on 10 first dates before my 35th birthday').flags).toEqual(['date_needed']);
  });
});

describe('refineGoal offline: fixed dates', () => {
  it('keeps an occasion’s date: on a day, booked for a day, a holiday one hosts', () => {
    for (const [text, zone, date] of [
      ['Hiking the Grand Canyon rim to rim on May 16 with my son', 'America/Phoenix', '2026-05-16'],
      ["Pass my driving test - it's booked for 28 May", 'Europe/London', '2026-05-28'],
      ['Host Thanksgiving for both families this year', 'America/New_York', '2026-11-26'],
      ['declutter the whole house before we move on 30 April', 'Europe/London', '2026-04-30'],
    ] as const) {
      const output = refine(text, zone);
      expect(output.kind === 'smart' && output.goal.deadline, text).toBe(date);
      expect(output.flags, text).toContain('fixed_date');
    }
  });

  it('leaves a chosen deadline movable', () => {
    expect(refine('knit a jumper before christmas').flags).toEqual([]);
    expect(refine('paint the spare room by the May bank holiday').flags).toEqual([]);
  });
});

describe('refineGoal offline: domains and over-ambition', () => {
  it('classes the activity, not the occasion or the company', () => {
    for (const [text, zone, domain] of [
      ['book a proper lunch out for Mum on Mothering Sunday', 'Europe/London', 'relationships'],
      ['Host Thanksgiving for both families this year', 'America/New_York', 'relationships'],
      ['Hiking the Grand Canyon rim to rim on May 16 with my son', 'America/Phoenix', 'health'],
      ['cut down to 2 coffees a day in the next 2 weeks', 'Australia/Melbourne', 'health'],
      ['bench 100kg by end of year', 'Europe/Berlin', 'health'],
      ["Pass my driving test - it's booked for 28 May", 'Europe/London', 'personal_development'],
    ] as const) {
      const output = refine(text, zone);
      expect(output.kind === 'smart' && output.goal.domain, text).toBe(domain);
    }
  });

  it('flags a long race for someone who does not run, an audience and an income from nothing', () => {
    for (const [text, zone] of [
      ['signed up for a marathon on 12 April. i dont run at all yet lol', 'Europe/London'],
      [
        'start a youtube channel and get 1 million subs by the end of summer',
        'America/Los_Angeles',
      ],
      [
        'make $10k/month from freelance design by end of August. just quit my job and have 0 clients',
        'America/New_York',
      ],
    ] as const) {
      expect(refine(text, zone).flags, text).toContain('over_ambitious');
    }
  });

  it('calls a crash-diet pace over-ambitious, not a medical matter', () => {
    for (const text of [
      'need to lose 15 kg weight before my holiday on 2 April!!',
      'drop 30 pounds in 3 weeks',
      'Lose 10 kg in 3 weeks',
    ]) {
      const { flags } = refine(text, 'America/New_York');
      expect(flags, text).toContain('over_ambitious');
      expect(flags, text).not.toContain('medical');
    }
    // A condition still is.
    expect(refine('lose 20 kg in 4 weeks after my gastric bypass').flags).toContain('medical');
  });

  it('keeps a too-soon date and scales the target to what is realistic by then', () => {
    const output = refine('Lose 20 kg in 4 weeks');
    if (output.kind !== 'smart') throw new Error('expected a SMART goal');
    expect(output.goal.deadline).toBe('2026-04-07');
    expect(output.goal.metric).toMatchObject({ target: 3, unit: 'kg' });
    expect(output.goal.title).toBe('Lose 3 kg');
    expect(output.goal.specific).toContain('A first step towards “Lose 20 kg”');
    expect(output.notes.join(' ')).toMatch(/20 kg would take about 27 weeks/);
    // A race too long for the weeks there are: the longest one they build up to.
    const race = refine('run a half marathon in 7 weeks');
    expect(race.kind === 'smart' && [race.goal.deadline, race.goal.title]).toEqual([
      '2026-04-28',
      'Run a 5K',
    ]);
    // A count from the level the person states, and money from the income they state.
    const pushUps = refine('50 push ups in a row in 3 weeks, I can do 10 now');
    expect(pushUps.kind === 'smart' && pushUps.goal.metric.target).toBe(13);
    const saving = refine('save $12k by the end of June, I take home about $3,000 a month');
    expect(saving.kind === 'smart' && saving.goal.title).toBe('Save $2,200');
  });
});

describe('refineGoal offline: general rules beyond the goal table', () => {
  const flagsOf = (text: string, zone?: string) => [...(refine(text, zone).flags ?? [])].sort();

  it('asks the day of a named event or an exam sitting given by month only', () => {
    expect(asked(refine('Do the Great North Run in September'))).toEqual(['deadline']);
    expect(flagsOf('Sit my ACCA exam in June')).toEqual(['date_needed', 'fixed_date']);
    expect(asked(refine('Run a half marathon in October'))).toEqual([]);
  });

  it('asks the date of an occasion that is coming up or named with someone else’s', () => {
    // Fixed only when the goal happens at the occasion; a gift made for it is planned toward it.
    expect(
      flagsOf("my sister's 30th birthday is coming up and I want to make her a scrapbook"),
    ).toEqual(['date_needed']);
    expect(flagsOf("Knit a blanket for my nephew's christening")).toEqual(['date_needed']);
    expect(flagsOf("Sing a song at my nephew's christening")).toEqual([
      'date_needed',
      'fixed_date',
    ]);
  });

  it('keeps the person’s own birthday a chosen date, and a trade named after an event no event', () => {
    expect(flagsOf('Run a 10K before my 40th on 3 August')).toEqual([]);
    expect(flagsOf('Save £3,000 for my wedding photography business by June')).toEqual([]);
  });

  it('names what a goal passes when the goal says only "it"', () => {
    const output = refine('My CIMA case study exam is on 12 May and I want to pass it first time');
    expect(output.kind === 'smart' && output.goal.title).toBe(
      'Pass my CIMA case study exam first time',
    );
  });

  it('flags ambition for many close friends at once, a high grade from a beginner, a lift far above the current one', () => {
    expect(flagsOf('make 12 close friends in the next month')).toContain('over_ambitious');
    expect(flagsOf('make 2 new friends in my new city by summer')).not.toContain('over_ambitious');
    expect(flagsOf('pass grade 6 violin in 4 months, complete beginner')).toContain(
      'over_ambitious',
    );
    expect(flagsOf('squat 150kg by the end of May, currently squatting 70')).toContain(
      'over_ambitious',
    );
  });

  it('flags ambition against the level or best time the person states', () => {
    expect(flagsOf('50 pull ups in a row in 6 weeks, I can do about 5 now')).toContain(
      'over_ambitious',
    );
    expect(flagsOf('20 pull ups in a row in 6 weeks, I can do about 15 now')).not.toContain(
      'over_ambitious',
    );
    expect(flagsOf('Sub 50 10K by June, my PB is 58:30')).toContain('over_ambitious');
    expect(flagsOf('Sub 55 10K by June, my PB is 57:30')).not.toContain('over_ambitious');
    expect(flagsOf('become a data scientist in 4 months with no experience')).toContain(
      'over_ambitious',
    );
  });

  it('asks what a vague wish looks like, and not why when the person said what is wrong', () => {
    expect(asked(refine('be more present with my wife'))).toEqual(['outcome']);
    expect(asked(refine('find someone to share my life with, I feel lonely'))).toEqual(['outcome']);
    expect(asked(refine('Get a promotion', 'America/New_York'))).toEqual(['target']);
  });

  it('reads the goal named before "and I need to get fit for it"', () => {
    expect(
      title(
        refine('Train for the Tough Mudder - booked for 20 June and I need to get in shape for it'),
      ),
    ).toBe('Train for the Tough Mudder');
  });

  it('plans for the dated first step on the way to a bigger goal', () => {
    expect(
      title(
        refine(
          'I want to become a chartered accountant. First step is the ACCA Applied Skills - exam booked for 9 June',
        ),
      ),
    ).toBe('Pass the ACCA Applied Skills');
    expect(title(refine('Become a chartered accountant by 2028'))).not.toMatch(/^Pass/);
  });

  it('asks the target of a health reading given without a number', () => {
    expect(asked(refine('Get my cholesterol down'))).toEqual(['target']);
    expect(asked(refine('Get my blood pressure below 130/80 by July'))).toEqual([]);
  });
});

describe('refineGoal offline: rules of the goals-9 round', () => {
  const flagsOf = (text: string, zone?: string) => [...(refine(text, zone).flags ?? [])].sort();
  const smartOf = (text: string, zone?: string) => {
    const output = refine(text, zone);
    if (output.kind !== 'smart') throw new Error(`expected a SMART goal: ${asked(output).join()}`);
    return output.goal;
  };

  it('asks the date of an amount of money or weight given without one', () => {
    for (const text of ['Pay off my £4,500 overdraft', 'Lose 12 pounds', 'gain 5kg of muscle']) {
      expect(asked(refine(text)), text).toEqual(['deadline']);
    }
    expect(asked(refine('I want to earn six figures', 'America/Chicago'))).toEqual(['deadline']);
    // A habit of saving has no total to date; an amount that answers a question is planned.
    expect(refine('Save $300 a month into my ISA', 'America/New_York').kind).toBe('smart');
    const answered = refineGoalOffline({
      text: 'get fit',
      today: TODAY,
      timeZone: 'Europe/London',
      answers: [{ questionId: 'outcome', answer: 'Lose 5 kg' }],
    });
    expect(answered.kind).toBe('smart');
  });

  it('reads rand and thousands grouped with spaces', () => {
    const goal = smartOf('Pay off the R45 000 car loan by December', 'Africa/Johannesburg');
    expect(goal.metric).toMatchObject({ target: 45000, unit: 'R' });
  });

  it('takes an income or a cost told as a fact for context, not the target', () => {
    const goal = smartOf(
      'I make $3,200 a month and my rent is $1,500. I want to save $20,000 by the end of the year.',
      'America/New_York',
    );
    expect(goal.specific).toContain('A first step towards');
    expect(goal.specific).toContain('20,000');
    expect(flagsOf('I’m on £1,900 a month, want to save £15k by Christmas')).toEqual([
      'over_ambitious',
    ]);
    expect(title(refine('I want £8k in savings by the end of the year'))).toBe(
      'Have £8k in savings',
    );
  });

  it('ends the goal’s clause at an interjection', () => {
    expect(asked(refine('want to save up £3k lol my car is on its last legs'))).toEqual([
      'deadline',
    ]);
    expect(title(refine('run a half marathon haha my sister bet me I wouldn’t, by October'))).toBe(
      'Run a half marathon',
    );
  });

  it('reads the goal after "Goal:", "Aim:" or "goal is" a thing', () => {
    expect(
      title(refine('Moved house last month. Target: unpack every box by the end of April.')),
    ).toBe('Unpack every box');
    expect(title(refine('my goal is simple: run a 5k by June'))).toBe('Run a 5k');
    expect(title(refine('Knee is healing well. Aim: cycle 30 km by August.'))).toBe('Cycle 30 km');
  });

  it('plans the first of a numbered list of goals', () => {
    const goal = smartOf('This year: 1) read 12 books 2) learn to swim 3) call my gran weekly');
    expect(goal.title).toBe('Read 12 books');
  });

  it('flags a senior title soon after a first job, and a role with no background in it', () => {
    for (const text of [
      'Three months into my first marketing job, want to be promoted to senior marketing manager by summer',
      'Just started as a junior designer, want to make lead designer by Christmas',
      'Ex-chef, no finance background, want to become a financial analyst by September',
      'Just graduated in computer science. Goal: CTO of a startup within a year',
    ]) {
      expect(flagsOf(text), text).toContain('over_ambitious');
    }
    expect(
      flagsOf(
        'I’ve been a developer for 6 years, want to become a senior developer by the end of the year',
      ),
    ).not.toContain('over_ambitious');
  });

  it('flags a weekly volume far above the one the person has now', () => {
    expect(
      flagsOf(
        'cycling 40 km a week at the moment, want to get to 150 km a week by the end of April',
      ),
    ).toContain('over_ambitious');
    expect(
      flagsOf('cycling 50 km a week at the moment, want to get to 80 km a week by June'),
    ).not.toContain('over_ambitious');
  });

  it('calls a reading a doctor follows and weight-loss surgery medical', () => {
    expect(flagsOf('lower my blood sugar by summer')).toContain('medical');
    expect(flagsOf('had a gastric band fitted last year, want to lose 10kg by summer')).toContain(
      'medical',
    );
  });

  it('reads the weight to lose from the weight now, and not from progress so far', () => {
    expect(smartOf('I weigh 82kg now and want to be 75kg by summer').metric).toMatchObject({
      target: 7,
      unit: 'kg',
    });
    expect(
      smartOf("I'm 16 stone and want to get down to 13 stone by my birthday in August").metric
        .target,
    ).toBe(19);
    expect(
      smartOf(
        'Had bariatric surgery in October, down 30kg since then, want to lose another 15kg by Christmas',
      ).metric.target,
    ).toBe(15);
    expect(
      asked(refine('lost 12kg so far this year, want to lose the rest of the weight')),
    ).toEqual(['deadline', 'target']);
  });

  it('proposes a new date for a promise told as not kept', () => {
    for (const text of [
      'I was meant to paint the fence by the end of February. Still want to get it done.',
      'promised my wife I’d fix the shed door by Christmas and never did. still want to',
      'I was supposed to start the couch to 5k on 1 March but didn’t. Want to start now.',
    ]) {
      expect(flagsOf(text), text).toContain('deadline_passed');
    }
    expect(
      title(
        refine('promised my wife I’d fix the shed door by Christmas and never did. still want to'),
      ),
    ).toBe('Fix the shed door');
    // A promise for the future is a date ahead.
    expect(flagsOf('I promised my kids a treehouse by christmas')).not.toContain('deadline_passed');
  });

  it('reads "it" as what the person named before it', () => {
    expect(
      flagsOf('My confidence has been knocked since the layoff. I want to get it back.'),
    ).toEqual(['vague']);
    expect(flagsOf('my running has gone downhill, want to get it back on track')).toEqual([
      'vague',
    ]);
    expect(
      title(refine('Cholesterol was 7.2 at my last check. Want to get it under 5 by the autumn.')),
    ).toBe('Get cholesterol under 5');
  });

  it('asks what a state wished back or an uncertain wish would look like', () => {
    for (const text of [
      'we argue about everything lately, I just want us to be close again',
      'get good at chess',
      'Left teaching after 15 years and honestly not sure what I want to do next',
    ]) {
      expect(asked(refine(text)), text).toEqual(['outcome']);
      expect(flagsOf(text), text).toEqual(['vague']);
    }
  });

  it('asks what mending a relationship looks like, without calling it vague', () => {
    for (const text of ['make things right with my dad', 'clear the air with my flatmate']) {
      expect(asked(refine(text)), text).toEqual(['outcome']);
      expect(flagsOf(text), text).toEqual([]);
    }
  });

  it('keeps a sooner date the person gives over a due date', () => {
    const goal = smartOf(
      "I'm 24 weeks pregnant and my driving test is on 2 May. Want to pass it before the baby comes.",
    );
    expect(goal.deadline).toBe('2026-05-02');
  });

  it('reads past a date that tells when something happened', () => {
    expect(
      smartOf('Off work since my op in February. Want to walk 5 km without stopping by June.')
        .deadline,
    ).toBe('2026-06-30');
  });
});
