// Records, or checks, the crisis guard's full decision on a fixed corpus, so that a change meant
// to make the guard faster (or tidier) can be shown to change no decision at all:
//
//   npx tsx scripts/crisis-guard-snapshot.ts            check: prints every difference, exits 1
//   npx tsx scripts/crisis-guard-snapshot.ts --write    record the current guard's decisions
//
// The corpus (kept in server/ai/safety-eval/guard-snapshot.json with the decisions, so the check
// does not move when the evaluation set or the goal table grow) is every message of the crisis
// set, every statement of the goal table, and a few thousand messages recombined from the set's
// sentences (ordinary with crisis, frames, jokes, negations, text-speak, several texts at once),
// drawn with a fixed seed. For each it keeps the guard's answer and each layer's own answer
// (lexicon, concept rules, model with its gate). `crisis-guard-snapshot.test.ts` asserts them.
//
// Re-record only when a decision is meant to change, and say which ones in the commit.
import { writeFileSync } from 'node:fs';
import { crisisSet } from '#server/ai/safety-eval/crisis-set.ts';
import { goalTable } from '#server/ai/offline/goal-table.ts';
import {
  SNAPSHOT_PATH,
  guardDecision,
  readGuardSnapshot,
  type GuardSnapshotEntry,
} from '#server/ai/safety-eval/guard-snapshot.ts';

/** Deterministic pseudo-random numbers (the same corpus on every run). */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function buildCorpus(): Array<string | string[]> {
  const random = generator(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const crisisTexts = crisisSet.filter((row) => row.expected !== null).map((row) => row.text);
  const ordinaryTexts = crisisSet.filter((row) => row.expected === null).map((row) => row.text);
  const sentences = (texts: readonly string[]) =>
    texts.flatMap((text) =>
      text
        .split(/(?<=[.!?])\s+/)
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    );
  const crisisSentences = sentences(crisisTexts);
  const ordinarySentences = sentences(ordinaryTexts);
  const goalTexts = goalTable.map((row) => row.text);
  const frames = [
    'In my novel, ',
    'For my nursing exam: ',
    'My friend says ',
    'Years ago, ',
    'Honestly ',
    'lol ',
    'The news said ',
    'I would never say ',
    'My goal this year: ',
  ];
  const tails = [' lol', ' haha', '!!', '?', ' jk', ' right now', ' again', ' tonight', '...', ''];
  const joins = ['. ', ' ', '; ', ' - ', ', but ', '\n', '! '];
  const variants: Array<(s: string) => string> = [
    (s) => s,
    (s) => s.toLowerCase(),
    (s) => s.toUpperCase(),
    (s) => s.replace(/[.!?]+$/, ''),
    (s) => s.replace(/'/g, ''),
    (s) => s.replace(/'/g, '’'),
    (s) => s.replace(/\byou\b/gi, 'u').replace(/\bpeople\b/gi, 'ppl'),
  ];

  const corpus: Array<string | string[]> = [];
  const seen = new Set<string>();
  const add = (item: string | string[]) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return;
    seen.add(key);
    corpus.push(item);
  };
  for (const row of crisisSet) add(row.text);
  for (const text of goalTexts) add(text);
  const pools = [crisisSentences, ordinarySentences, goalTexts];
  for (let i = 0; i < 4000; i += 1) {
    const count = 1 + Math.floor(random() * 3);
    const parts: string[] = [];
    for (let k = 0; k < count; k += 1) {
      // mostly ordinary text, so that both decisions are well represented
      const pool = random() < 0.4 ? pools[0] : random() < 0.75 ? pools[1] : pools[2];
      parts.push(pick(pool as string[]));
    }
    let text = parts.join(pick(joins));
    if (random() < 0.2) text = pick(frames) + text.charAt(0).toLowerCase() + text.slice(1);
    if (random() < 0.2) text = text.replace(/[.!?]*$/, '') + pick(tails);
    text = pick(variants)(text);
    add(random() < 0.08 ? [text, pick(random() < 0.5 ? goalTexts : ordinaryTexts)] : text);
  }
  return corpus;
}

function main() {
  const write = process.argv.includes('--write');
  if (write) {
    const entries: GuardSnapshotEntry[] = buildCorpus().map((texts) => [
      texts,
      ...guardDecision(texts),
    ]);
    // one decision a line, so a re-recording shows in a diff as the decisions it changed
    const lines = entries.map((entry) => JSON.stringify(entry)).join(',\n');
    writeFileSync(SNAPSHOT_PATH, `{"entries": [\n${lines}\n]}\n`);
    process.stdout.write(`recorded ${entries.length} decisions in ${SNAPSHOT_PATH}\n`);
    return;
  }
  const { entries } = readGuardSnapshot();
  let differences = 0;
  for (const [texts, ...expected] of entries) {
    const actual = guardDecision(texts);
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      differences += 1;
      process.stdout.write(
        `✗ ${JSON.stringify(texts)}\n  recorded ${JSON.stringify(expected)}, now ${JSON.stringify(actual)}\n`,
      );
    }
  }
  process.stdout.write(`${entries.length} decisions checked, ${differences} different\n`);
  if (differences > 0) process.exitCode = 1;
}

main();
