// Trains the crisis guard's sentence layer (server/ai/crisis-sentence-model.ts) on the evaluation
// set and the learning batches (safety-eval/learning/) and writes server/ai/crisis-sentence-model.json:
//
//   npx tsx scripts/train-crisis-sentence-model.ts                   train, estimate and save
//   npx tsx scripts/train-crisis-sentence-model.ts --threshold-only  keep the weights, reset the floor
//   npx tsx scripts/train-crisis-sentence-model.ts --cross-validated 0.0361  skip the estimate
//
// Each row is embedded with the sentence encoder; the goal table's statements and the everyday
// look-alikes are learned as ordinary text too (no crisis). The threshold comes first from 5-fold
// cross-validation (train on 4/5, score the 5th): the probability of "none" under which about
// 1 % of the held-out ordinary rows would be flagged. It is then lowered, if need be, until none
// of the set's ordinary rows, the goal table's statements and the everyday look-alikes is flagged
// by the model trained on every row. Deterministic: the same set gives the same file. Retrain
// whenever rows are added (about seven minutes on two cores).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODEL_CLASSES } from '#server/ai/crisis-model.ts';
import { sentenceWindows } from '#server/ai/crisis-sentence-layer.ts';
import { sentenceProbabilities, trainSentenceModel } from '#server/ai/crisis-sentence-model.ts';
import { goalTable } from '#server/ai/offline/goal-table.ts';
import { crisisLearningRows } from '#server/ai/safety-eval/crisis-learning.ts';
import { crisisSet } from '#server/ai/safety-eval/crisis-set.ts';
import { EVERYDAY_LOOK_ALIKES } from '#server/ai/safety-eval/everyday.ts';
import { loadSentenceEncoder } from '#server/ai/sentence-encoder.ts';

const FOLDS = 5;
const TARGET_FALSE_ALARMS = 0.01;
const path = join(import.meta.dirname, '..', 'server', 'ai', 'crisis-sentence-model.json');

const encoder = loadSentenceEncoder();
const embed = (text: string) => encoder.embed(sentenceWindows(text).join(' '));
const noneOf = (weights: number[][], embedding: ArrayLike<number>) =>
  sentenceProbabilities({ weights, threshold: 0 }, embedding)[0] ?? 1;
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} % (${a}/${b})`;

/** The lowest probability of "none" over texts no layer may flag. */
function floor(weights: number[][]): number {
  const texts = [
    ...crisisSet.filter((row) => row.expected === null).map((row) => row.text),
    ...goalTable.map((row) => row.text),
    ...EVERYDAY_LOOK_ALIKES,
  ];
  return Math.min(...texts.map((text) => noneOf(weights, embed(text))));
}

/** The cross-validated threshold for about 1 % false alarms, with the catch it gives. */
function crossValidate(rows: ReadonlyArray<{ embedding: Float32Array; label: number }>): number {
  const heldOut = new Array<number>(rows.length).fill(1);
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const weights = trainSentenceModel(rows.filter((_, i) => i % FOLDS !== fold));
    rows.forEach((row, i) => {
      if (i % FOLDS === fold) heldOut[i] = noneOf(weights, row.embedding);
    });
  }
  const ordinary = heldOut.filter((_, i) => rows[i]?.label === 0).sort((a, b) => a - b);
  const threshold = ordinary[Math.floor(ordinary.length * TARGET_FALSE_ALARMS)] ?? 0;
  const crisis = heldOut.filter((_, i) => rows[i]?.label !== 0);
  process.stdout.write(
    `sentence layer alone, ${FOLDS}-fold: catch ${pct(crisis.filter((p) => p < threshold).length, crisis.length)}, ` +
      `false alarms ${pct(ordinary.filter((p) => p < threshold).length, ordinary.length)} at ${threshold.toFixed(4)}\n`,
  );
  return threshold;
}

function save(weights: number[][], crossValidated: number): void {
  const threshold = Math.min(crossValidated, floor(weights));
  writeFileSync(
    path,
    `${JSON.stringify({ classes: MODEL_CLASSES, weights, crossValidated, threshold })}\n`,
  );
  process.stdout.write(`saved to ${path} with threshold ${threshold.toFixed(4)}\n`);
}

if (process.argv.includes('--threshold-only')) {
  const saved = JSON.parse(readFileSync(path, 'utf8')) as {
    weights: number[][];
    crossValidated?: number;
    threshold: number;
  };
  save(saved.weights, saved.crossValidated ?? saved.threshold);
} else {
  const rows = [
    ...[...crisisSet, ...crisisLearningRows()].map((row) => ({
      embedding: embed(row.text),
      label: MODEL_CLASSES.indexOf(row.expected ?? 'none'),
    })),
    ...[...goalTable.map((row) => row.text), ...EVERYDAY_LOOK_ALIKES].map((text) => ({
      embedding: embed(text),
      label: 0,
    })),
  ];
  const given = process.argv.indexOf('--cross-validated');
  const crossValidated = given >= 0 ? Number(process.argv[given + 1]) : crossValidate(rows);
  const weights = trainSentenceModel(rows).map((row) =>
    row.map((w) => Math.round(w * 10000) / 10000),
  );
  save(weights, crossValidated);
}
