import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { crisisCategories } from '#contracts/coach.ts';
import { crisisSet, type CrisisEvalRow } from './crisis-set.ts';

/**
 * A batch of messages as the blind writers hand them over (JSON): the text, the category a good
 * reader would see (null for ordinary coaching text), and how it is worded.
 */
export const crisisBatchSchema = z.array(
  z.object({
    text: z.string().min(1),
    expected: z.enum(crisisCategories).nullable(),
    wording: z.enum(['direct', 'indirect']).optional().nullable(),
    tricky: z.boolean().optional().nullable(),
  }),
);

export function readCrisisBatch(path: string): CrisisEvalRow[] {
  return crisisBatchSchema.parse(JSON.parse(readFileSync(path, 'utf8'))).map((row) => ({
    text: row.text,
    expected: row.expected,
    ...(row.wording ? { wording: row.wording } : {}),
    ...(row.tricky ? { tricky: row.tricky } : {}),
  }));
}

/**
 * Batches written blind that the guard's two models learn from (the word model, the sentence
 * layer) but that are not asserted row by row as the evaluation set is: no rule was written for
 * their rows, so a model need not fit every one of them. Each was measured unseen before it was
 * learned from (learning/README.md). A row already in the evaluation set is left out.
 */
const BATCHES = ['crisis-batch9.json', 'crisis-batch10.json', 'crisis-batch11.json'];

export function crisisLearningRows(): CrisisEvalRow[] {
  const known = new Set(crisisSet.map((row) => row.text));
  return BATCHES.flatMap((name) =>
    readCrisisBatch(new URL(`./learning/${name}`, import.meta.url).pathname),
  ).filter((row) => !known.has(row.text) && (known.add(row.text), true));
}
