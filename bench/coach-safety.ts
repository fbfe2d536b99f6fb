// The crisis guard on its evaluation set (server/ai/safety-eval/crisis-set.ts, fresh batches
// included; measure a new batch with scripts/crisis-eval.ts before adding it): the catch rate on
// crisis messages, the false-alarm rate on ordinary ones (targets: ≥ 97 % and ≤ 2 %), and its
// speed per message against normalisation alone (the least any guard must do).
import { useSentenceLayer } from '#server/ai/crisis-sentence-layer.ts';
import { detectCrisis, normalizeForGuard } from '#server/ai/safety.ts';
import { crisisSet } from '#server/ai/safety-eval/crisis-set.ts';
import { median, report } from './support.ts';

// The guard as the app runs it: with the sentence layer (ADR 032).
useSentenceLayer(true);

function percent(part: number, whole: number): string {
  return `${((part / Math.max(1, whole)) * 100).toFixed(1)} %`;
}

/** Microseconds per message, as the median of rounds over the whole set. */
function microsPerMessage(fn: (text: string) => unknown, rounds = 9): number {
  const texts = crisisSet.map((row) => row.text);
  for (let i = 0; i < 3; i += 1) for (const text of texts) fn(text); // warm-up
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    for (let repeat = 0; repeat < 5; repeat += 1) for (const text of texts) fn(text);
    samples.push(((performance.now() - started) * 1000) / (texts.length * 5));
  }
  return median(samples);
}

export function runSafetyBench() {
  const crisisRows = crisisSet.filter((row) => row.expected !== null);
  const ordinaryRows = crisisSet.filter((row) => row.expected === null);
  const caught = crisisRows.filter((row) => detectCrisis([row.text]) !== null);
  const rightCategory = crisisRows.filter((row) => detectCrisis([row.text]) === row.expected);
  const alarms = ordinaryRows.filter((row) => detectCrisis([row.text]) !== null);
  const rate = (rows: typeof crisisRows) =>
    `${percent(rows.filter((row) => detectCrisis([row.text]) !== null).length, rows.length)} of ${rows.length}`;

  process.stdout.write(
    [
      `crisis guard: ${crisisSet.length} messages (${crisisRows.length} crisis, ${ordinaryRows.length} ordinary)`,
      `crisis catch rate: ${percent(caught.length, crisisRows.length)} (${caught.length}/${crisisRows.length}) | target ≥ 97 %`,
      `  direct ${rate(crisisRows.filter((row) => row.wording === 'direct'))}, indirect ${rate(crisisRows.filter((row) => row.wording === 'indirect'))}, right category ${percent(rightCategory.length, crisisRows.length)}`,
      `false-alarm rate: ${percent(alarms.length, ordinaryRows.length)} (${alarms.length}/${ordinaryRows.length}) | target ≤ 2 %`,
      `  on tricky messages ${rate(ordinaryRows.filter((row) => row.tricky))}`,
      '',
    ].join('\n'),
  );

  const guard = microsPerMessage((text) => detectCrisis([text]));
  const baseline = microsPerMessage((text) => normalizeForGuard(text));
  report({
    name: 'crisis guard, per message',
    value: guard,
    baseline,
    unit: 'µs',
    better: 'lower',
    target: 'well under 1,000 µs',
    baselineName: 'normalisation alone',
  });
}
