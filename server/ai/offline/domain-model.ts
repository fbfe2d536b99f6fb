import { coachDomains, type CoachDomain } from '#contracts/coach.ts';
import { textEmbedding } from '#server/ai/crisis-sentence-layer.ts';
import { sentenceProbabilities } from '#server/ai/crisis-sentence-model.ts';
import savedModel from './goal-domain-model.json' with { type: 'json' };

/**
 * The goal's domain read from the meaning of the statement: a softmax regression over its
 * sentence embedding (the encoder the crisis guard's sentence layer runs, ADR 032), trained by
 * scripts/train-goal-domain-model.ts on the goal table's statements and saved as
 * goal-domain-model.json. Keyword cues (domain.ts) know the words of the rows they were written
 * from; the embedding places "get my Udemy bootcamp done" or "clear the store card" by what they
 * mean. On a set written blind (goals-9) it named the expected domain for 104 of 120 statements,
 * the cues for 95 (ADR 033).
 */
export interface DomainModel {
  /** One row per domain (coachDomains order): the embedding's weights, then the bias. */
  weights: number[][];
  /** The opinion counts only when its domain is at least this probable. */
  threshold: number;
}

const MODEL: DomainModel = savedModel;

/** The domain the embedding is confident of, or null. */
export function domainOfEmbedding(
  model: DomainModel,
  embedding: ArrayLike<number>,
): CoachDomain | null {
  const probabilities = sentenceProbabilities({ weights: model.weights, threshold: 0 }, embedding);
  let best = 0;
  for (let k = 1; k < probabilities.length; k += 1) {
    if ((probabilities[k] ?? 0) > (probabilities[best] ?? 0)) best = k;
  }
  return (probabilities[best] ?? 0) >= model.threshold ? (coachDomains[best] ?? null) : null;
}

/**
 * The domain of a goal statement by its meaning, or null when the sentence encoder is off
 * (AI_CRISIS_SENTENCE_LAYER=off) or the model is unsure: the keyword cues decide then.
 */
export function goalDomainOpinion(text: string): CoachDomain | null {
  const embedding = textEmbedding(text);
  return embedding ? domainOfEmbedding(MODEL, embedding) : null;
}
