import { z } from 'zod';
import { ApiError } from '#client/lib/api-client.ts';

/** The parts of the day contract a message can be shown beside. */
export const scheduleFields = [
  'timeZone',
  'dayStartHour',
  'times',
  'times.email',
  'times.sms',
  'times.push',
  'days',
  'quietHours',
  'travel',
  'travel.timeZone',
  'travel.from',
  'travel.until',
  'paused',
] as const;
export type ScheduleField = (typeof scheduleFields)[number];
export type FieldErrors = Partial<Record<ScheduleField, string>>;

const known = new Set<string>(scheduleFields);

// A 400 from the API lists its problems as { path: "body.times.email.0", message }.
const detailsSchema = z.array(z.object({ path: z.string(), message: z.string() }));

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The field a problem's path points into: "body.times.email.0" → "times.email". */
function fieldOf(path: readonly (string | number)[]): ScheduleField | null {
  const parts = path.map(String);
  if (parts[0] === 'body') parts.shift();
  for (let length = parts.length; length > 0; length--) {
    const candidate = parts.slice(0, length).join('.');
    if (known.has(candidate)) return candidate as ScheduleField;
  }
  return null;
}

/** Problems by field, and the ones that belong to no field (shown above the form). */
export function sortProblems(
  problems: Array<{ path: readonly (string | number)[]; message: string }>,
): {
  fields: FieldErrors;
  other: string[];
} {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const problem of problems) {
    const field = fieldOf(problem.path);
    if (!field) other.push(sentence(problem.message));
    // The first problem of a field is the one to fix first.
    else fields[field] ??= sentence(problem.message);
  }
  return { fields, other };
}

/** A failed save as messages by field; a failure without details is one message for the form. */
export function problemsFromError(error: unknown): { fields: FieldErrors; other: string[] } {
  if (error instanceof ApiError) {
    const details = detailsSchema.safeParse(error.details);
    if (details.success && details.data.length > 0) {
      const sorted = sortProblems(
        details.data.map((detail) => ({ path: detail.path.split('.'), message: detail.message })),
      );
      if (Object.keys(sorted.fields).length > 0 || sorted.other.length > 0) return sorted;
    }
    return { fields: {}, other: [error.message] };
  }
  return { fields: {}, other: ['The schedule was not saved. Try again.'] };
}
