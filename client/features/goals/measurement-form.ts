import {
  MEASUREMENT_BACKDATE_DAYS,
  MEASUREMENT_LIMIT,
  type NewMeasurement,
} from '#contracts/measurements.ts';
import { addDays } from '#contracts/local-date.ts';

// The "Log a value" form's rules, pure: what the person typed becomes a request, or a message per
// field saying what to change. The server checks the same rules again.

export interface MeasurementDraft {
  value: string;
  date: string;
  note: string;
}

export type MeasurementErrors = Partial<Record<keyof MeasurementDraft, string>>;

export function emptyDraft(today: string): MeasurementDraft {
  return { value: '', date: today, note: '' };
}

/** "5.5", "5,5" (a decimal comma), " 80 " → a number; anything else → null. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^-?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

export function readMeasurementDraft(
  draft: MeasurementDraft,
  today: string,
): { request: NewMeasurement } | { errors: MeasurementErrors } {
  const errors: MeasurementErrors = {};
  const value = parseAmount(draft.value);
  if (draft.value.trim() === '') errors.value = 'Enter the value you measured.';
  else if (value === null) errors.value = 'Enter a number, like 5 or 5.5.';
  else if (Math.abs(value) > MEASUREMENT_LIMIT) errors.value = 'That number is too large.';
  const earliest = addDays(today, -MEASUREMENT_BACKDATE_DAYS);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) errors.date = 'Pick the day you measured it.';
  else if (draft.date > today) errors.date = 'The day cannot be after today.';
  else if (draft.date < earliest) errors.date = 'Pick a day within the last year.';
  const note = draft.note.trim();
  if (note.length > 200) errors.note = 'Keep the note to 200 characters.';
  if (Object.keys(errors).length > 0 || value === null) return { errors };
  return {
    request: {
      value,
      ...(draft.date === today ? {} : { date: draft.date }),
      ...(note ? { note } : {}),
    },
  };
}
