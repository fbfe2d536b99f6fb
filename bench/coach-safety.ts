// The crisis guard on its evaluation set (server/ai/safety-eval/crisis-set.ts, fresh batches
// included; measure a new batch with scripts/crisis-eval.ts before adding it): the catch rate on
// crisis messages, the false-alarm rate on ordinary ones (targets: ≥ 97 % and ≤ 2 %), the same on
// the holdout batches (unseen text) and the learning batches, and its
// speed per message against normalisation alone (the least any guard must do). The rates are the
// guard as the app runs it, with its sentence layer (ADR 032); the rule layers' speed is measured
// on their own, and the sentence layer's on a sample of ordinary messages against them.
import { forgetRecentEmbeddings, useSentenceLayer } from '#server/ai/crisis-sentence-layer.ts';
import { detectCrisis, normalizeForGuard } from '#server/ai/safety.ts';
import { crisisLearningRows, readCrisisBatch } from '#server/ai/safety-eval/crisis-learning.ts';
import { crisisSet, type CrisisEvalRow } from '#server/ai/safety-eval/crisis-set.ts';
import { median, report } from './support.ts';

function percent(part: number, whole: number): string {
  return `${((part / Math.max(1, whole)) * 100).toFixed(1)} %`;
}

/** Microseconds per message, as the median of rounds over the whole set. */
function microsPerMessage(
  fn: (text: string) => unknown,
  rounds = 9,
  texts: readonly string[] = crisisSet.map((row) => row.text),
): number {
  for (let i = 0; i < 3; i += 1) for (const text of texts) fn(text); // warm-up
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    for (let repeat = 0; repeat < 5; repeat += 1) for (const text of texts) fn(text);
    samples.push(((performance.now() - started) * 1000) / (texts.length * 5));
  }
  return median(samples);
}

/** The holdout batches: measured, never learned from (server/ai/holdout/README.md). */
const HOLDOUT = ['crisis-batch8.json', 'crisis-batch12.json'].map(
  (name) => new URL(`../server/ai/holdout/${name}`, import.meta.url).pathname,
);

/** Catch and false alarms of the guard as the app runs it, on rows outside the asserted set. */
function otherRates(name: string, rows: readonly CrisisEvalRow[]): string {
  const crisis = rows.filter((row) => row.expected !== null);
  const ordinary = rows.filter((row) => row.expected === null);
  const flagged = (list: readonly CrisisEvalRow[]) =>
    list.filter((row) => detectCrisis([row.text]) !== null).length;
  const caught = flagged(crisis);
  const alarms = flagged(ordinary);
  return `${name}: catch ${percent(caught, crisis.length)} (${caught}/${crisis.length}), false alarms ${percent(alarms, ordinary.length)} (${alarms}/${ordinary.length})`;
}

export function runSafetyBench() {
  useSentenceLayer(true);
  const decisions = new Map(crisisSet.map((row) => [row, detectCrisis([row.text])] as const));
  const decided = (row: (typeof crisisSet)[number]) => decisions.get(row) ?? null;
  const crisisRows = crisisSet.filter((row) => row.expected !== null);
  const ordinaryRows = crisisSet.filter((row) => row.expected === null);
  const caught = crisisRows.filter((row) => decided(row) !== null);
  const rightCategory = crisisRows.filter((row) => decided(row) === row.expected);
  const alarms = ordinaryRows.filter((row) => decided(row) !== null);
  const rate = (rows: typeof crisisRows) =>
    `${percent(rows.filter((row) => decided(row) !== null).length, rows.length)} of ${rows.length}`;

  process.stdout.write(
    [
      `crisis guard: ${crisisSet.length} messages (${crisisRows.length} crisis, ${ordinaryRows.length} ordinary)`,
      `crisis catch rate: ${percent(caught.length, crisisRows.length)} (${caught.length}/${crisisRows.length}) | target ≥ 97 %`,
      `  direct ${rate(crisisRows.filter((row) => row.wording === 'direct'))}, indirect ${rate(crisisRows.filter((row) => row.wording === 'indirect'))}, right category ${percent(rightCategory.length, crisisRows.length)}`,
      `false-alarm rate: ${percent(alarms.length, ordinaryRows.length)} (${alarms.length}/${ordinaryRows.length}) | target ≤ 2 %`,
      `  on tricky messages ${rate(ordinaryRows.filter((row) => row.tricky))}`,
      otherRates('holdout batches, never learned from', HOLDOUT.flatMap(readCrisisBatch)),
      otherRates('learning batches, learned from, not asserted', crisisLearningRows()),
      '',
    ].join('\n'),
  );

  // The sentence layer on 60 ordinary messages (it reads only what the rules did not flag).
  const sample = ordinaryRows.filter((_, i) => i % 18 === 0).map((row) => row.text);
  // each message read anew: the layer's cache of recent windows would otherwise answer the rounds
  const deep = microsPerMessage(
    (text) => {
      forgetRecentEmbeddings();
      return detectCrisis([text]);
    },
    3,
    sample,
  );
  useSentenceLayer(false);
  const rules = microsPerMessage((text) => detectCrisis([text]), 3, sample);
  report({
    name: 'crisis guard with its sentence layer, per ordinary message',
    value: deep,
    baseline: rules,
    unit: 'µs',
    better: 'lower',
    target: 'about 4 ms (ADR 032)',
    baselineName: 'the rule layers alone',
  });

  const guard = microsPerMessage((text) => detectCrisis([text]));
  const baseline = microsPerMessage((text) => normalizeForGuard(text));
  report({
    name: 'crisis guard (rule layers and word model), per message',
    value: guard,
    baseline,
    unit: 'µs',
    better: 'lower',
    target: 'well under 1,000 µs',
    baselineName: 'normalisation alone',
  });
}
