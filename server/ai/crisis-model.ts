import { crisisCategories, type CrisisCategory } from '#contracts/coach.ts';
import { framedMessage, resolvedMessage, setAside, tagConcepts } from './crisis-concepts.ts';

/**
 * The crisis guard's third opinion: a small multinomial logistic regression over a message's
 * words, word pairs and concepts (crisis-concepts.ts), trained by scripts/train-crisis-model.ts
 * on the evaluation set and saved as crisis-model.json. It runs in-process, with no network and
 * no model service. The guard flags a message when it is confident and no frame applies; it never
 * clears what the lexicon or the concept rules flagged.
 */

export const MODEL_CLASSES = ['none', ...crisisCategories] as const;
export type ModelClass = (typeof MODEL_CLASSES)[number];

export interface CrisisModel {
  /** Feature → one weight per class, in MODEL_CLASSES order. */
  weights: Record<string, number[]>;
  bias: number[];
  /** Flag when the probability of "none" is below this. */
  threshold: number;
}

/** Flag when the model gives "none" less than this probability (and a specific concept is present). */
export const MODEL_THRESHOLD = 0.5;

/** The sentences the model reads: not a story, study or joke with nothing of the writer's danger. */
export function toldSentences(sentences: readonly string[]): string[] {
  const framed = framedMessage(sentences);
  const resolved = resolvedMessage(sentences);
  return sentences.filter((sentence) => !setAside(sentence, framed, resolved));
}

/** The features of a message: its sentences' words, word pairs and concepts. */
export function modelFeatures(sentences: readonly string[]): string[] {
  const features = new Set<string>();
  for (const sentence of sentences) {
    const words = sentence.split(' ').filter((word) => word.length > 0);
    for (let i = 0; i < words.length; i += 1) {
      features.add(`w:${words[i]}`);
      if (i + 1 < words.length) features.add(`b:${words[i]} ${words[i + 1]}`);
    }
    for (const concept of tagConcepts(sentence)) features.add(`c:${concept}`);
  }
  return [...features];
}

/** The probability of each class for a message's features. */
export function classProbabilities(model: CrisisModel, features: readonly string[]): number[] {
  const scores = [...model.bias];
  for (const feature of features) {
    const weights = model.weights[feature];
    if (!weights) continue;
    for (let k = 0; k < scores.length; k += 1) scores[k] = (scores[k] ?? 0) + (weights[k] ?? 0);
  }
  return softmax(scores);
}

/** Class scores turned into probabilities (shifted by the top score, so nothing overflows). */
export function softmax(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}

/** The model's category for a message, or null when it is not confident of a crisis. */
export function modelCategory(
  model: CrisisModel,
  sentences: readonly string[],
): CrisisCategory | null {
  return confidentCategory(classProbabilities(model, modelFeatures(sentences)), model.threshold);
}

/**
 * The most likely crisis category when "none" (the first class) gets less than the threshold;
 * null otherwise. Shared by the word model and the sentence layer.
 */
export function confidentCategory(
  probabilities: readonly number[],
  threshold: number,
): CrisisCategory | null {
  if ((probabilities[0] ?? 1) >= threshold) return null;
  let best = 1;
  for (let k = 2; k < probabilities.length; k += 1) {
    if ((probabilities[k] ?? 0) > (probabilities[best] ?? 0)) best = k;
  }
  return (MODEL_CLASSES[best] as CrisisCategory | undefined) ?? null;
}

/** Trains the model (softmax regression, plain SGD with L2), deterministically. */
export function trainModel(
  rows: ReadonlyArray<{ features: readonly string[]; label: ModelClass }>,
  options: { epochs?: number; rate?: number; l2?: number; minCount?: number } = {},
): CrisisModel {
  const { epochs = 25, rate = 0.2, l2 = 1e-4, minCount = 2 } = options;
  const threshold = MODEL_THRESHOLD;
  const counts = new Map<string, number>();
  for (const row of rows) for (const f of row.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const classes = MODEL_CLASSES.length;
  const weights: Record<string, number[]> = {};
  for (const [feature, count] of counts) {
    if (count >= minCount) weights[feature] = new Array<number>(classes).fill(0);
  }
  const bias = new Array<number>(classes).fill(0);
  const model: CrisisModel = { weights, bias, threshold };
  const order = rows.map((_, i) => i);
  let seed = 13;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const step = rate / (1 + epoch * 0.2);
    for (const index of order) {
      const row = rows[index];
      if (!row) continue;
      const known = row.features.filter((f) => weights[f]);
      const probabilities = classProbabilities(model, known);
      const target = MODEL_CLASSES.indexOf(row.label);
      for (let k = 0; k < classes; k += 1) {
        const gradient = (probabilities[k] ?? 0) - (k === target ? 1 : 0);
        bias[k] = (bias[k] ?? 0) - step * gradient;
        for (const f of known) {
          const w = weights[f] as number[];
          w[k] = (w[k] ?? 0) - step * (gradient + l2 * (w[k] ?? 0));
        }
      }
    }
  }
  return model;
}
