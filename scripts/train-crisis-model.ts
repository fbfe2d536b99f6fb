// Trains the crisis guard's model (server/ai/crisis-model.ts) on the evaluation set and the
// learning batches, and writes
// server/ai/crisis-model.json:
//
//   npx tsx scripts/train-crisis-model.ts            train on every row and save
//   npx tsx scripts/train-crisis-model.ts --folds 5  estimate first: train on 4/5, test on 1/5
//
// Deterministic: the same set gives the same file. Retrain whenever rows are added.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sentencesOf } from '#server/ai/crisis-guard.ts';
import {
  classProbabilities,
  type CrisisModel,
  MODEL_CLASSES,
  modelFeatures,
  MODEL_THRESHOLD,
  toldSentences,
  trainModel,
} from '#server/ai/crisis-model.ts';
import { crisisLearningRows } from '#server/ai/safety-eval/crisis-learning.ts';
import { crisisSet } from '#server/ai/safety-eval/crisis-set.ts';
import { goalTable } from '#server/ai/offline/goal-table.ts';
import { hasRiskConcept } from '#server/ai/crisis-concepts.ts';

// the evaluation set, the learning batches (safety-eval/learning/README.md) and the goal table's
// statements as ordinary text (what people write to the coach most)
const goalStatements = goalTable.map((row) => ({ text: row.text, expected: null }));
const rows = [...crisisSet, ...crisisLearningRows(), ...goalStatements].map((row) => ({
  row,
  features: modelFeatures(sentencesOf(row.text)),
  label: row.expected ?? ('none' as const),
}));

/** Flags as the guard does: confident, and a specific concept present outside any frame. */
function flags(model: CrisisModel, text: string): boolean {
  const told = toldSentences(sentencesOf(text));
  if (told.length === 0 || !hasRiskConcept(told)) return false;
  return (classProbabilities(model, modelFeatures(told))[0] ?? 1) < model.threshold;
}

const foldsAt = process.argv.indexOf('--folds');
if (foldsAt >= 0) {
  const folds = Number(process.argv[foldsAt + 1] ?? 5);
  let caught = 0;
  let crisis = 0;
  let alarms = 0;
  let ordinary = 0;
  for (let fold = 0; fold < folds; fold += 1) {
    const model = trainModel(rows.filter((_, i) => i % folds !== fold));
    for (const [i, { row }] of rows.entries()) {
      if (i % folds !== fold) continue;
      const flagged = flags(model, row.text);
      if (row.expected) {
        crisis += 1;
        if (flagged) caught += 1;
      } else {
        ordinary += 1;
        if (flagged) alarms += 1;
      }
    }
  }
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} % (${a}/${b})`;
  process.stdout.write(
    `model alone, ${folds}-fold: catch ${pct(caught, crisis)}, false alarms ${pct(alarms, ordinary)}\n`,
  );
} else {
  const model = trainModel(rows);
  // Weights rounded, and features whose weights are all near zero dropped, to keep the file small.
  const weights: Record<string, number[]> = {};
  for (const [feature, values] of Object.entries(model.weights)) {
    if (values.some((w) => Math.abs(w) >= 0.01)) {
      weights[feature] = values.map((w) => Math.round(w * 1000) / 1000);
    }
  }
  const saved: CrisisModel = {
    weights,
    bias: model.bias.map((b) => Math.round(b * 1000) / 1000),
    threshold: MODEL_THRESHOLD,
  };
  const path = join(import.meta.dirname, '..', 'server', 'ai', 'crisis-model.json');
  writeFileSync(path, `${JSON.stringify({ classes: MODEL_CLASSES, ...saved })}\n`);
  process.stdout.write(
    `saved ${Object.keys(weights).length} features over ${MODEL_CLASSES.length} classes to ${path}\n`,
  );
}
