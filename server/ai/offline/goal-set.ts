import { z } from 'zod';
import { type CoachDomain, coachDomains, type GoalFlag, goalFlags } from '#contracts/coach.ts';

/**
 * Goal sets written by hand outside the code (JSON: one statement a row with what a good coach
 * does with it) turned into goal-table rows, so a new set can be measured with the same checks as
 * the table (`npx tsx scripts/goal-set.ts <file.json>`) and then folded into it.
 *
 * The set's vocabulary differs a little from the engine's:
 * - `asks: ['event_date']` is the engine's `deadline` question (the date of an event only the
 *   person knows is asked for under the deadline id);
 * - `deadline: 'none'` means the person gave no date: any default horizon within a year passes;
 * - `fixed: true` is the `fixed_date` flag, which the row's flags must carry too;
 * - `keep` are words the SMART title or specific outcome must contain;
 * - a stated date that has passed (`deadline_passed`) is replaced with a proposed one: the row
 *   expects a SMART goal with that flag and any default horizon. Sets 1 and 2 asked for a new
 *   date instead; their rows that ask for the deadline alone are read the same way.
 */

const goalSetRowSchema = z.object({
  text: z.string().min(1),
  timeZone: z.string().min(1),
  domain: z.enum(coachDomains).nullable().optional(),
  expect: z.enum(['smart', 'ask']),
  asks: z.array(z.enum(['target', 'deadline', 'outcome', 'why', 'event_date'])).optional(),
  deadline: z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.literal('none')]).optional(),
  fixed: z.boolean().optional(),
  flags: z.array(z.enum(goalFlags)).default([]),
  keep: z.array(z.string()).default([]),
  note: z.string().optional(),
});

/** A goal-table row (goal-table.ts): a statement and what a good coach does with it. */
export interface GoalRow {
  text: string;
  /** Europe/London unless given. */
  timeZone?: string;
  /** Expected SMART goal, or the ids of the questions it must ask (exactly these). */
  expect: 'smart' | { asks: string[] };
  domain?: CoachDomain;
  /** An exact date, or an inclusive window for a default horizon. */
  deadline?: string | readonly [from: string, to: string];
  /** Exactly these flags (none when omitted). */
  flags?: GoalFlag[];
  /** Words the SMART title or specific outcome must contain (case-insensitive). */
  keeps?: string[];
  /** Every suggestion of every question must match / none may match. */
  suggestions?: { all?: RegExp; none?: RegExp };
  /**
   * What the coach does not understand yet in this row: the test expects it to fail, so a fix
   * shows (remove the mark then). Counted as a failure in the pass rate.
   */
  pending?: string;
}

/** Any default horizon: from a week to a year after the table's today. */
export const DEFAULT_WINDOW = ['2026-03-17', '2027-03-10'] as const;

const QUESTION_ID: Record<string, string> = { event_date: 'deadline' };

export function goalRowFromSet(raw: unknown): GoalRow {
  const row = goalSetRowSchema.parse(raw);
  const flags = [...row.flags];
  if (row.fixed && !flags.includes('fixed_date')) flags.push('fixed_date');
  const common = {
    text: row.text,
    timeZone: row.timeZone,
    ...(row.domain ? { domain: row.domain } : {}),
    ...(flags.length > 0 ? { flags } : {}),
  };
  const passedOnly =
    flags.includes('deadline_passed') &&
    (row.expect === 'smart' ||
      (row.asks ?? []).every((id) => id === 'deadline' || id === 'event_date'));
  if (passedOnly) {
    return { ...common, expect: 'smart', deadline: DEFAULT_WINDOW, keeps: row.keep };
  }
  if (row.expect === 'ask') {
    const asks = [...new Set((row.asks ?? []).map((id) => QUESTION_ID[id] ?? id))];
    return { ...common, expect: { asks } };
  }
  return {
    ...common,
    expect: 'smart',
    deadline: !row.deadline || row.deadline === 'none' ? DEFAULT_WINDOW : row.deadline,
    keeps: row.keep,
  };
}

export function goalRowsFromSet(json: unknown): GoalRow[] {
  return z.array(z.unknown()).parse(json).map(goalRowFromSet);
}
