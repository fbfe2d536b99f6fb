import type { CrisisCategory } from '#contracts/coach.ts';
import { confidentCategory, MODEL_CLASSES, softmax } from './crisis-model.ts';

/**
 * The crisis guard's fourth layer: a softmax regression over a message's sentence embedding
 * (sentence-encoder.ts, the Universal Sentence Encoder lite). The lexicon, the concept rules and
 * the word model only know the words of the rows they learned from; the encoder was trained on
 * far more text than our sets, so "my skin is my diary, every bad day gets a new line" lands
 * near the self-harm rows although it shares none of their words. Trained by
 * scripts/train-crisis-sentence-model.ts on the evaluation set and saved as
 * crisis-sentence-model.json; the threshold is the one that, in 5-fold cross-validation, raises
 * about 1 % false alarms, lowered until no ordinary row of the set is flagged.
 * ADR 032 has the figures on unseen batches.
 */
export interface SentenceModel {
  /** One row per class (MODEL_CLASSES order): the embedding's weights, then the bias. */
  weights: number[][];
  /** Flag when the probability of "none" is below this. */
  threshold: number;
}

/** The probability of each class (MODEL_CLASSES order) for one embedding. */
export function sentenceProbabilities(
  model: SentenceModel,
  embedding: ArrayLike<number>,
): number[] {
  const scores = model.weights.map((row) => {
    let sum = row[embedding.length] ?? 0;
    for (let i = 0; i < embedding.length; i += 1) sum += (row[i] ?? 0) * (embedding[i] ?? 0);
    return sum;
  });
  return softmax(scores);
}

/** The category for one embedding, or null when the model is not confident of a crisis. */
export function sentenceCategory(
  model: SentenceModel,
  embedding: ArrayLike<number>,
): CrisisCategory | null {
  return confidentCategory(sentenceProbabilities(model, embedding), model.threshold);
}

/**
 * Trains the model: full-batch softmax regression with Adam and a little L2, from zeros, a fixed
 * number of steps: the same rows give the same weights. `classes` (the crisis classes unless
 * given) lets other readers of the embedding (the goal's domain) train the same way.
 */
export function trainSentenceModel(
  rows: ReadonlyArray<{ embedding: ArrayLike<number>; label: number }>,
  options: { steps?: number; rate?: number; l2?: number; classes?: number } = {},
): number[][] {
  const { steps = 800, rate = 0.05, l2 = 1e-5, classes = MODEL_CLASSES.length } = options;
  const width = (rows[0]?.embedding.length ?? 0) + 1;
  const weights = Array.from({ length: classes }, () => new Float64Array(width));
  const first = Array.from({ length: classes }, () => new Float64Array(width));
  const second = Array.from({ length: classes }, () => new Float64Array(width));
  const gradient = Array.from({ length: classes }, () => new Float64Array(width));
  const model = () => ({ weights: weights.map((row) => Array.from(row)), threshold: 0 });
  for (let step = 1; step <= steps; step += 1) {
    for (const row of gradient) row.fill(0);
    const current = model();
    for (const { embedding, label } of rows) {
      const probabilities = sentenceProbabilities(current, embedding);
      for (let k = 0; k < classes; k += 1) {
        const error = (probabilities[k] ?? 0) - (k === label ? 1 : 0);
        const row = gradient[k] as Float64Array;
        for (let i = 0; i < embedding.length; i += 1) {
          row[i] = (row[i] ?? 0) + error * (embedding[i] ?? 0);
        }
        row[width - 1] = (row[width - 1] ?? 0) + error;
      }
    }
    for (let k = 0; k < classes; k += 1) {
      adamStep(weights[k], gradient[k], first[k], second[k], { step, rate, l2, n: rows.length });
    }
  }
  return weights.map((row) => Array.from(row));
}

function adamStep(
  w: Float64Array | undefined,
  g: Float64Array | undefined,
  m: Float64Array | undefined,
  v: Float64Array | undefined,
  { step, rate, l2, n }: { step: number; rate: number; l2: number; n: number },
): void {
  if (!w || !g || !m || !v) return;
  const correctFirst = 1 - 0.9 ** step;
  const correctSecond = 1 - 0.999 ** step;
  for (let i = 0; i < w.length; i += 1) {
    // the bias (last) is not shrunk
    const grad = (g[i] ?? 0) / n + (i < w.length - 1 ? l2 * (w[i] ?? 0) : 0);
    m[i] = 0.9 * (m[i] ?? 0) + 0.1 * grad;
    v[i] = 0.999 * (v[i] ?? 0) + 0.001 * grad * grad;
    w[i] =
      (w[i] ?? 0) -
      (rate * ((m[i] ?? 0) / correctFirst)) / (Math.sqrt((v[i] ?? 0) / correctSecond) + 1e-8);
  }
}
