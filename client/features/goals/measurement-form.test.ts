import { describe, expect, it } from 'vitest';
import { emptyDraft, parseAmount, readMeasurementDraft } from './measurement-form.ts';

const today = '2025-03-11';

describe('the log-a-value form', () => {
  it('reads decimal points and commas, and nothing that is not a plain number', () => {
    expect(parseAmount(' 5.5 ')).toBe(5.5);
    expect(parseAmount('5,5')).toBe(5.5);
    expect(parseAmount('-2')).toBe(-2);
    expect(parseAmount('.5')).toBe(0.5);
    for (const text of ['', 'abc', '1e999', 'Infinity', 'NaN', '5 km', '1.2.3', '0x10']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });

  it('sends today without a date and another day with it', () => {
    expect(readMeasurementDraft({ ...emptyDraft(today), value: '5' }, today)).toEqual({
      request: { value: 5 },
    });
    expect(
      readMeasurementDraft({ value: '80,4', date: '2025-03-01', note: ' after a rest ' }, today),
    ).toEqual({ request: { value: 80.4, date: '2025-03-01', note: 'after a rest' } });
  });

  it('says what to change for each field it cannot send', () => {
    expect(readMeasurementDraft(emptyDraft(today), today)).toEqual({
      errors: { value: 'Enter the value you measured.' },
    });
    expect(
      readMeasurementDraft({ value: 'lots', date: '2025-03-12', note: 'x'.repeat(201) }, today),
    ).toEqual({
      errors: {
        value: 'Enter a number, like 5 or 5.5.',
        date: 'The day cannot be after today.',
        note: 'Keep the note to 200 characters.',
      },
    });
    expect(readMeasurementDraft({ value: '1', date: '2023-01-01', note: '' }, today)).toEqual({
      errors: { date: 'Pick a day within the last year.' },
    });
    expect(readMeasurementDraft({ value: '2000000000', date: today, note: '' }, today)).toEqual({
      errors: { value: 'That number is too large.' },
    });
  });
});
