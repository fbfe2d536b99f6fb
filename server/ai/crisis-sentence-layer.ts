import type { CrisisCategory } from '#contracts/coach.ts';
import { sentenceCategory, type SentenceModel } from './crisis-sentence-model.ts';
import savedModel from './crisis-sentence-model.json' with { type: 'json' };
import { loadSentenceEncoder, type SentenceEncoder } from './sentence-encoder.ts';

/**
 * The guard's sentence layer at work: the encoder is loaded on the first message the guard reads
 * (about 30 MB of weights, read once), not at start-up, so a server that never sees coach text
 * never pays for it. A long text is read in windows of whole sentences of about forty words, the
 * length of the rows the model learned from; any window may flag it.
 */

const MODEL: SentenceModel = savedModel;
const WINDOW_WORDS = 40;

let encoder: SentenceEncoder | null = null;
let enabled = false;

/**
 * Turns the layer on or off for this process: on in the app (server/modules.ts, from
 * AI_CRISIS_SENTENCE_LAYER, on by default), the evaluation scripts and the bench; off until then,
 * because the unit tests read thousands of rows and a message costs about 4 ms of encoder time
 * (ADR 032). Its own tests turn it on.
 */
export function useSentenceLayer(on: boolean): void {
  enabled = on;
}

export function sentenceLayerOn(): boolean {
  return enabled;
}

function encoderInstance(): SentenceEncoder {
  encoder ??= loadSentenceEncoder();
  return encoder;
}

/** Whole sentences grouped into windows of about WINDOW_WORDS words, in order. */
export function sentenceWindows(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
  const windows: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const sentence of sentences) {
    const count = sentence.split(/\s+/).length;
    if (current.length > 0 && words + count > WINDOW_WORDS) {
      windows.push(current.join(' '));
      current = [];
      words = 0;
    }
    current.push(sentence);
    words += count;
  }
  if (current.length > 0) windows.push(current.join(' '));
  return windows;
}

/**
 * The embeddings of the last few windows read, by text: the gateway reads a goal statement with
 * the guard and then asks the goal's domain of the same words (offline/domain-model.ts), which
 * costs no second pass through the encoder.
 */
const recent = new Map<string, Float32Array>();
const RECENT_SIZE = 64;

function embedWindow(window: string): Float32Array {
  const known = recent.get(window);
  if (known) {
    recent.delete(window);
    recent.set(window, known);
    return known;
  }
  const embedding = encoderInstance().embed(window);
  recent.set(window, embedding);
  if (recent.size > RECENT_SIZE) recent.delete(recent.keys().next().value as string);
  return embedding;
}

/** Empties the cache of recent windows, so a benchmark times the encoder rather than the cache. */
export function forgetRecentEmbeddings(): void {
  recent.clear();
}

/** The sentence layer's opinion of each window of one text (the person's words, as written). */
export function sentenceLayerCategories(
  text: string,
  model: SentenceModel = MODEL,
): Array<CrisisCategory | null> {
  return sentenceWindows(text).map((window) => sentenceCategory(model, embedWindow(window)));
}

/**
 * One unit vector for a whole text (the mean of its windows' embeddings), or null when the
 * layer is off or the text is empty: other readers of meaning (the goal's domain) use it only
 * where the app runs the encoder anyway.
 */
export function textEmbedding(text: string): Float32Array | null {
  if (!enabled) return null;
  const windows = sentenceWindows(text).map(embedWindow);
  const first = windows[0];
  if (!first) return null;
  if (windows.length === 1) return first;
  const mean = new Float32Array(first.length);
  for (const embedding of windows)
    for (let i = 0; i < mean.length; i += 1) mean[i]! += embedding[i]!;
  const norm = Math.hypot(...mean) || 1;
  return mean.map((value) => value / norm);
}
