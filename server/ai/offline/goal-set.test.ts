import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW, goalRowsFromSet } from './goal-set.ts';

describe('goal sets written outside the code', () => {
  it('become goal-table rows in the engine’s vocabulary', () => {
    const [asking, planned] = goalRowsFromSet([
      {
        text: 'learn Clair de Lune to play at my dad’s birthday',
        timeZone: 'Europe/Berlin',
        domain: 'personal_development',
        expect: 'ask',
        asks: ['event_date'],
        fixed: true,
        flags: ['date_needed'],
        keep: ['Clair de Lune'],
      },
      {
        text: 'yoga 3x a week',
        timeZone: 'Asia/Kolkata',
        domain: 'health',
        expect: 'smart',
        deadline: 'none',
        fixed: false,
        flags: [],
        keep: ['yoga'],
        note: 'A habit: any default horizon.',
      },
    ]);
    expect(asking).toEqual({
      text: 'learn Clair de Lune to play at my dad’s birthday',
      timeZone: 'Europe/Berlin',
      domain: 'personal_development',
      flags: ['date_needed', 'fixed_date'],
      expect: { asks: ['deadline'] },
    });
    expect(planned).toEqual({
      text: 'yoga 3x a week',
      timeZone: 'Asia/Kolkata',
      domain: 'health',
      expect: 'smart',
      deadline: DEFAULT_WINDOW,
      keeps: ['yoga'],
    });
  });

  it('refuses a row it cannot read', () => {
    expect(() => goalRowsFromSet([{ text: 'x', timeZone: 'UTC', expect: 'maybe' }])).toThrow();
  });
});
