import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSentenceEncoder, type SentenceEncoder } from './sentence-encoder.ts';

// The fixture holds what the reference implementation (@energetic-ai/embeddings 0.2.0 on TF.js,
// the same weights) gave for these sentences, rounded to 6 decimals: the TypeScript forward pass
// must agree component by component.
interface FixtureRow {
  text: string;
  embedding: number[];
}
const fixture = JSON.parse(
  readFileSync(new URL('./safety-eval/encoder-fixture.json', import.meta.url), 'utf8'),
) as FixtureRow[];

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

describe('sentence encoder', () => {
  let encoder: SentenceEncoder;
  beforeAll(() => {
    encoder = loadSentenceEncoder();
  });

  it('has reference sentences to compare with', () => {
    expect(fixture.length).toBe(8);
  });

  it.each(fixture.map((row) => [row.text, row.embedding] as const))(
    'matches the reference for %j',
    (text, expected) => {
      const vector = encoder.embed(text);
      expect(vector).toHaveLength(512);
      const largest = Math.max(...expected.map((value, i) => Math.abs(value - vector[i]!)));
      expect(largest).toBeLessThan(1e-3);
      expect(cosine(vector, expected)).toBeGreaterThan(0.9999);
    },
  );

  it('gives the same vector for the same text, and unit vectors', () => {
    const text = 'I keep thinking everyone would be better off without me';
    const first = Array.from(encoder.embed(text));
    encoder.embed('something else in between, to dirty the scratch buffers');
    expect(Array.from(encoder.embed(text))).toEqual(first);
    expect(Math.hypot(...first)).toBeCloseTo(1, 5);
  });

  it('embeds an empty or blank text without throwing', () => {
    for (const text of ['', ' ', '\u{1F642}']) {
      const vector = encoder.embed(text);
      expect(vector).toHaveLength(512);
      expect(vector.every(Number.isFinite)).toBe(true);
    }
  });

  it('reads only the first 128 tokens of a very long text', () => {
    const long = 'walk the dog every morning '.repeat(100);
    expect(Array.from(encoder.embed(long)).every(Number.isFinite)).toBe(true);
  });
});
