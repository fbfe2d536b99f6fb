import { describe, expect, it } from 'vitest';
import { easterSunday, extractWhy, parseDeadline } from './parse.ts';
import { parseQuantities, weeklyHoursFromQuantities } from './quantities.ts';

const TODAY = '2026-03-10';

describe('parseDeadline', () => {
  it.each([
    ['lose 5 kg by June', '2026-06-30', 'by June'],
    ['run a marathon in 3 months', '2026-06-10', 'in 3 months'],
    ['in three months', '2026-06-10', 'in 3 months'],
    ['lose 5 kg before my wedding on 12 May 2027', '2027-05-12', 'on 12 May 2027'],
    ['lose 5 kg before 12 May 2027', '2027-05-11', 'before 12 May 2027'],
    ['read 12 books this year', '2026-12-31', 'this year'],
    ['save money by the end of the year', '2026-12-31', 'by the end of the year'],
    ['by the end of next year', '2027-12-31', 'by the end of next year'],
    ['finish it by 2027', '2026-12-31', 'by 2027'],
    ['travel more in 2027', '2027-12-31', 'in 2027'],
    ['ship it by end of Q3', '2026-09-30', 'by end of Q3'],
    ['by Q1', '2026-03-31', 'by Q1'],
    ['by Christmas', '2026-12-25', 'by Christmas'],
    ["by Valentine's Day", '2027-02-14', "by Valentine's Day"],
    ['within 6 weeks', '2026-04-21', 'within 6 weeks'],
    ['by mid-July', '2026-07-15', 'July'],
    ['by March 2nd next year', '2027-03-02', 'by March 2nd next year'],
    ['by 2026-09-30', '2026-09-30', 'by 2026-09-30'],
    ['before summer', '2026-05-31', 'before summer'],
    ['by the end of this month', '2026-03-31', 'end of this month'],
    ['finish it in a fortnight', '2026-03-24', 'in 2 weeks'],
    ['read 2 books this month', '2026-03-31', 'this month'],
    ['by next month', '2026-04-30', 'next month'],
    ['by the end of the week', '2026-03-15', 'end of the week'],
    ['by Easter', '2026-04-05', 'by Easter'],
    ['by Easter next year', '2027-03-28', 'by Easter next year'],
    ['by Good Friday', '2026-04-03', 'by Good Friday'],
    ['by June next year', '2027-06-30', 'by June next year'],
    ['plan our wedding by 12 June next year', '2027-06-12', 'by 12 June next year'],
    ['start running tomorrow and run a 5K by June', '2026-06-30', 'by June'],
    ['walk daily starting from Monday, 5 km by the end of May', '2026-05-31', 'the end of May'],
    ['build a shed by May', '2026-05-31', 'by May'],
    ['I have never run before but want to run 10 km in 4 months', '2026-07-10', 'in 4 months'],
  ])('%s → %s', (text, date, phrase) => {
    const deadline = parseDeadline(text, TODAY, 'Europe/London');
    expect(deadline).toMatchObject({ date, phrase, passed: false });
  });

  it('reads a start as a start, not a deadline', () => {
    expect(
      parseDeadline('walk 30 minutes a day starting tomorrow', TODAY, 'Europe/London'),
    ).toBeNull();
    expect(parseDeadline('cycle 100 km in one day', TODAY, 'Europe/London')).toBeNull();
    expect(parseDeadline('cycle to work 3 days a week', TODAY, 'Europe/London')).toBeNull();
  });

  it('reads the present, the past and a regular weekday as no deadline', () => {
    for (const text of [
      "write a will now the baby's here",
      'the cast came off last week',
      'my knee has been sore since two years ago',
      'have the in-laws round for Sunday lunch once a month',
      'broke my wrist in Jan and want to get my grip strength back',
      // A weekday range or a weekday before a noun is weekly, not a day to finish by.
      'no booze Monday to Friday',
      'walk the dog Mon-Fri mornings',
      "make it to my daughter's Sunday netball games this season",
      'lost 12kg so far this year',
    ]) {
      expect(parseDeadline(text, TODAY, 'Europe/London'), text).toBeNull();
    }
    expect(parseDeadline('submit my thesis Friday', TODAY, 'Europe/London')).toMatchObject({
      date: '2026-03-13',
    });
    // A past verb does not make a date to come history.
    expect(
      parseDeadline('got a place in the race on 13 September', TODAY, 'Europe/London'),
    ).toMatchObject({ date: '2026-09-13' });
  });

  it('keeps an event that starts on a date, and a length of time before a reason', () => {
    expect(
      parseDeadline('revise 1 hour a day until his exams start on 7 May', TODAY, 'Europe/London'),
    ).toMatchObject({ date: '2026-05-07' });
    expect(
      parseDeadline('be fluent in 2 months before we relocate', TODAY, 'Asia/Singapore'),
    ).toMatchObject({ date: '2026-05-10', passed: false });
  });

  it('reads the Easter weekend to Easter Monday where that is a holiday', () => {
    expect(
      parseDeadline('fix the shed over the Easter long weekend', TODAY, 'Australia/Sydney'),
    ).toMatchObject({ date: '2026-04-06', occasion: false });
    expect(
      parseDeadline('clear the garage over Easter weekend', TODAY, 'America/Chicago'),
    ).toMatchObject({ date: '2026-04-05' });
  });

  it("computes Easter, and Thanksgiving and Mother's Day by country", () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2030)).toBe('2030-04-21');
    expect(parseDeadline('by Thanksgiving', TODAY, 'America/New_York')?.date).toBe('2026-11-26');
    expect(parseDeadline('by Thanksgiving', TODAY, 'America/Toronto')?.date).toBe('2026-10-12');
    expect(parseDeadline("by Mother's Day", TODAY, 'America/Chicago')?.date).toBe('2026-05-10');
    expect(parseDeadline("by Mother's Day", TODAY, 'Europe/London')?.date).toBe('2026-03-15');
  });

  it('reads seasons for the hemisphere of the time zone', () => {
    expect(parseDeadline('by summer', TODAY, 'Europe/Paris')?.date).toBe('2026-06-01');
    expect(parseDeadline('by summer', TODAY, 'Australia/Melbourne')?.date).toBe('2026-12-01');
    // Already in summer: by the end of this one, not next year's.
    expect(parseDeadline('by summer', '2026-07-10', 'Europe/Paris')?.date).toBe('2026-08-31');
  });

  it('marks dates that have passed', () => {
    expect(parseDeadline('by 1 February 2026', TODAY, 'Europe/London')).toMatchObject({
      date: '2026-02-01',
      passed: true,
    });
    expect(parseDeadline('by January 2026', TODAY, 'Europe/London')).toMatchObject({
      date: '2026-01-31',
      passed: true,
    });
  });

  it.each([
    'study 2 hours a week',
    'go to the gym 3 times a week',
    'meditate 10 minutes every morning at 7am',
    'go running every Monday',
    'be in bed by 10pm',
    'get fit',
    'run a 10K',
  ])('finds no deadline in "%s"', (text) => {
    expect(parseDeadline(text, TODAY, 'Europe/London')).toBeNull();
  });

  it('reads a length from today, a past month, and Independence Day by zone', () => {
    expect(parseDeadline('write a novel in the next month', TODAY, 'Europe/London')?.date).toBe(
      '2026-04-10',
    );
    expect(parseDeadline('stay sober for the next 2 weeks', TODAY, 'Europe/London')?.date).toBe(
      '2026-03-24',
    );
    // "Had a knee replacement in December": history; the Camino's day is the deadline.
    expect(
      parseDeadline(
        'Had a knee replacement in December. We start the Camino on 14 September',
        TODAY,
        'Europe/Dublin',
      )?.date,
    ).toBe('2026-09-14');
    expect(parseDeadline('by Independence Day', TODAY, 'Asia/Kolkata')?.date).toBe('2026-08-15');
    expect(parseDeadline('by Independence Day', TODAY, 'America/New_York')?.date).toBe(
      '2026-07-04',
    );
  });

  it('does not depend on the zone this server runs in', () => {
    // The reference instant is noon UTC with a zero offset; the answer is a calendar day.
    expect(parseDeadline('tomorrow', '2026-03-29', 'Pacific/Kiritimati')?.date).toBe('2026-03-30');
    expect(parseDeadline('in 2 weeks', '2026-10-25', 'America/Los_Angeles')?.date).toBe(
      '2026-11-08',
    );
  });
});

describe('parseQuantities', () => {
  it.each([
    ['lose 5 kg', [{ kind: 'weight', value: 5, unit: 'kg', direction: 'lose' }]],
    ['lose 2 stone', [{ kind: 'weight', value: 12.7, unit: 'kg', direction: 'lose' }]],
    ['lose 10 pounds', [{ kind: 'weight', value: 10, unit: 'lb', direction: 'lose' }]],
    ['gain 3 kg of muscle', [{ kind: 'weight', value: 3, unit: 'kg', direction: 'gain' }]],
    ['run a 10K', [{ kind: 'distance', value: 10, unit: 'km', race: '10K' }]],
    ['run a half marathon', [{ kind: 'distance', value: 21.1, unit: 'km', race: 'half marathon' }]],
    ['run 5 km without stopping', [{ kind: 'distance', value: 5, unit: 'km', race: null }]],
    ['read 12 books', [{ kind: 'count', value: 12, noun: 'books', per: null }]],
    ['read twelve books', [{ kind: 'count', value: 12, noun: 'books', per: null }]],
    ['get to 100k followers', [{ kind: 'count', value: 100000, noun: 'followers', per: null }]],
    ['do 30 push ups', [{ kind: 'count', value: 30, noun: 'push-ups', per: null }]],
    ['save $5,000', [{ kind: 'money', value: 5000, currency: '$', perMonth: false }]],
    ['save 500 pounds', [{ kind: 'money', value: 500, currency: '£', perMonth: false }]],
    ['pay off €12k of debt', [{ kind: 'money', value: 12000, currency: '€', perMonth: false }]],
    ['earn $4,000 a month', [{ kind: 'money', value: 4000, currency: '$', perMonth: true }]],
    ['walk 10,000 steps a day', [{ kind: 'steps', value: 10000, perDay: true }]],
    [
      'go on 2 date nights a month',
      [{ kind: 'count', value: 2, noun: 'date nights', per: 'month' }],
    ],
    ['write a 50,000 word novel', [{ kind: 'count', value: 50000, noun: 'words', per: null }]],
    ['increase sales by 20%', [{ kind: 'percent', value: 20 }]],
    ['go to the gym 3 times a week', [{ kind: 'frequency', timesPerWeek: 3 }]],
    ['meditate 10 minutes every morning', [{ kind: 'duration', minutes: 10, per: 'day' }]],
  ])('%s', (text, expected) => {
    expect(parseQuantities(text, 'Europe/London')).toEqual(expected);
  });

  it('reads rand, amounts by their figures, and money told as a fact', () => {
    expect(parseQuantities('clear my R12 500 credit card', 'Africa/Johannesburg')).toEqual([
      { kind: 'money', value: 12500, currency: 'R', perMonth: false },
    ]);
    expect(parseQuantities('earn five figures from my shop', 'America/Chicago')).toEqual([
      { kind: 'money', value: 10000, currency: '$', perMonth: false },
    ]);
    expect(parseQuantities('my rent is €900 and I want to save €5,000', 'Europe/Berlin')).toEqual([
      { kind: 'money', value: 900, currency: '€', perMonth: false, fact: true },
      { kind: 'money', value: 5000, currency: '€', perMonth: false },
    ]);
  });

  it('reads the weight now, stones and pounds, and weight lost so far', () => {
    expect(parseQuantities("I'm 14st 2 now and want to lose 6 kg", 'Europe/London')).toEqual([
      { kind: 'weight', value: 89.8, unit: 'kg', direction: 'now' },
      { kind: 'weight', value: 6, unit: 'kg', direction: 'lose' },
    ]);
    expect(
      parseQuantities('6\'1" and 240 lbs, want to get down to 200 lbs', 'America/Denver'),
    ).toEqual([
      { kind: 'weight', value: 240, unit: 'lb', direction: 'now' },
      { kind: 'weight', value: 200, unit: 'lb', direction: 'reach' },
    ]);
    expect(parseQuantities('dropped 8kg already, lose 4kg more', 'Europe/London')).toEqual([
      { kind: 'weight', value: 8, unit: 'kg', direction: 'reach' },
      { kind: 'weight', value: 4, unit: 'kg', direction: 'lose' },
    ]);
    // A bare age is no weight.
    expect(parseQuantities("I'm 45 and want to run a 10k", 'Europe/London')).toEqual([
      { kind: 'distance', value: 10, unit: 'km', race: '10K' },
    ]);
  });

  it('guesses the currency from the time zone when none is written', () => {
    expect(parseQuantities('save 5k for a deposit', 'Europe/Berlin')).toEqual([
      { kind: 'money', value: 5000, currency: '€', perMonth: false },
    ]);
    expect(parseQuantities('save 5k for a deposit', 'America/Toronto')).toEqual([
      { kind: 'money', value: 5000, currency: '$', perMonth: false },
    ]);
  });

  it('turns stated effort into weekly hours', () => {
    expect(weeklyHoursFromQuantities(parseQuantities('study 2 hours a week', 'UTC'))).toBe(2);
    expect(
      weeklyHoursFromQuantities(
        parseQuantities('practice guitar 30 minutes a day 5 days a week', 'UTC'),
      ),
    ).toBe(2.5);
    expect(weeklyHoursFromQuantities(parseQuantities('read 12 books', 'UTC'))).toBeNull();
  });
});

describe('extractWhy', () => {
  it.each([
    ['Get fit because I want to keep up with my kids', 'I want to keep up with my kids'],
    ['Save $5,000 so that we can move out next year.', 'We can move out next year'],
    ['Lose 5 kg for my health', 'For my health'],
    ['Read 12 books', null],
  ])('%s', (text, why) => {
    expect(extractWhy(text)).toBe(why);
  });
});

describe('parseDeadline: holidays, fiscal periods and dates people mean', () => {
  it.each([
    ['paint the spare room by the May bank holiday', 'Europe/London', '2026-05-04'],
    ['by the spring bank holiday', 'Europe/London', '2026-05-25'],
    ['by the August bank holiday', 'Europe/London', '2026-08-31'],
    ['by the August bank holiday', 'Europe/Dublin', '2026-08-03'],
    ['lunch out for Mum on Mothering Sunday', 'Europe/London', '2026-03-15'],
    ['swim a mile by labor day', 'America/Los_Angeles', '2026-09-07'],
    ['by Memorial Day', 'America/Chicago', '2026-05-25'],
    ['by the 4th of July', 'America/New_York', '2026-07-04'],
    ['visit nani by Diwali', 'Asia/Kolkata', '2026-11-08'],
    ['by Lunar New Year', 'Asia/Singapore', '2027-02-06'],
    ['before the end of the tax year', 'Europe/London', '2026-04-05'],
    ['by the end of the financial year', 'Asia/Kolkata', '2026-03-31'],
    ['by the end of the financial year', 'Australia/Sydney', '2026-06-30'],
    ['before the end of the quarter', 'America/Toronto', '2026-03-31'],
    ['by the end of next quarter', 'America/Toronto', '2026-06-30'],
    ['build a garden bed this weekend', 'Australia/Melbourne', '2026-03-15'],
    ['paint it by the weekend', 'Europe/London', '2026-03-14'],
    ['Spanish to B1 by end of year', 'Europe/Madrid', '2026-12-31'],
    ['no booze for the rest of march', 'Europe/London', '2026-03-31'],
    ['no booze for the rest of the month', 'Europe/London', '2026-03-31'],
    ['Host Thanksgiving for both families this year', 'America/New_York', '2026-11-26'],
    ['Climb Kilimanjaro next February', 'Europe/London', '2027-02-28'],
  ])('%s (%s) → %s', (text, zone, date) => {
    expect(parseDeadline(text, TODAY, zone)).toMatchObject({ date, passed: false });
  });

  it('reads a date just gone as passed, not as next year’s', () => {
    for (const text of [
      'Write thank-you cards by end of Feb',
      'wanted to lose 5kg by 1 March, didnt happen',
      'Finish the course by the end of February',
    ]) {
      expect(parseDeadline(text, TODAY, 'America/New_York'), text).toMatchObject({ passed: true });
    }
  });

  it('does not take a length of time or a past event for a deadline', () => {
    for (const text of [
      "I'm 18 weeks pregnant and want to keep swimming",
      "reconnect with my brother, we haven't spoken in 3 years",
      'get back into running after my ACL surgery in january',
    ]) {
      expect(parseDeadline(text, TODAY, 'Europe/London'), text).toBeNull();
    }
  });

  it('tells an occasion’s date from a chosen deadline', () => {
    expect(parseDeadline('hike rim to rim on May 16', TODAY, 'America/Phoenix')).toMatchObject({
      date: '2026-05-16',
      occasion: true,
    });
    expect(parseDeadline('driving test - booked for 28 May', TODAY, 'Europe/London')).toMatchObject(
      { occasion: true },
    );
    expect(parseDeadline('lose 5 kg by 28 May', TODAY, 'Europe/London')).toMatchObject({
      occasion: false,
    });
    expect(parseDeadline('knit a jumper before christmas', TODAY, 'Europe/London')).toMatchObject({
      date: '2026-12-24',
      occasion: false,
    });
  });
});
