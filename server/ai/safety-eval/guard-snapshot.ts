import { readFileSync } from 'node:fs';
import type { CrisisCategory } from '#contracts/coach.ts';
import {
  detectCrisisByConcepts,
  detectCrisisByLexicon,
  detectCrisisByModel,
} from '#server/ai/crisis-guard.ts';
import { detectCrisis } from '#server/ai/safety.ts';

/**
 * The crisis guard's recorded decisions (guard-snapshot.json, written by
 * scripts/crisis-guard-snapshot.ts): for each message of a fixed corpus, the guard's category and
 * each layer's own (lexicon, concept rules, model behind its gate). A change meant only to make
 * the guard faster must leave every one of them as it was.
 */
export const SNAPSHOT_PATH = new URL('./guard-snapshot.json', import.meta.url).pathname;

type Decision = CrisisCategory | null;

/** The texts of one guard call, then its decision: overall, lexicon, concepts, model. */
export type GuardSnapshotEntry = [string | string[], Decision, Decision, Decision, Decision];

export function guardDecision(texts: string | string[]): [Decision, Decision, Decision, Decision] {
  const list = typeof texts === 'string' ? [texts] : texts;
  return [
    detectCrisis(list),
    detectCrisisByLexicon(list),
    detectCrisisByConcepts(list),
    detectCrisisByModel(list),
  ];
}

export function readGuardSnapshot(): { entries: GuardSnapshotEntry[] } {
  return JSON.parse(readFileSync(SNAPSHOT_PATH, 'utf8')) as { entries: GuardSnapshotEntry[] };
}
