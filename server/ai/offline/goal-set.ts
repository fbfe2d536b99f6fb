import { z } from 'zod';
import { coachDomains, goalFlags } from '#contracts/coach.ts';
import type { GoalRow } from './goal-table.ts';

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
 * - `keep` are words the SMART title or specific outcome must contain.
 */

export const goalSetRowSchema = z.object({
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
export type GoalSetRow = z.infer<typeof goalSetRowSchema>;

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
