import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '#server/paths.ts';

/**
 * The sentence encoder's kernels: WebAssembly with 128-bit SIMD, from sentence-encoder-kernels.wat
 * (assembled by scripts/build-encoder-wasm.ts into the committed .wasm beside it; Node 20 always
 * has WebAssembly SIMD). They work on one linear memory of a fixed size, holding the weights and
 * the scratch rows; every argument named as a matrix or a vector is a byte offset into it, from
 * an Arena. Read from the project root (as the migrations are), so the sources and the bundle in
 * dist/server/ find the same file.
 */
const KERNELS_PATH = join(projectRoot, 'server/ai/sentence-encoder-kernels.wasm');

export interface Kernels {
  /**
   * out[r] = x[r] · W + bias, W packed (packWeights in sentence-encoder.ts), then max(·, 0) if relu
   * is 1; `pairs` holds rows · inDim floats.
   */
  affine(
    x: number,
    rows: number,
    inDim: number,
    w: number,
    bias: number,
    out: number,
    outDim: number,
    relu: 0 | 1,
    pairs: number,
  ): void;
  /** out[r] = x[r] · W + bias, W stored [inDim, outDim], skipping zero inputs; `list` holds 518 words. */
  sparseAffine(
    x: number,
    rows: number,
    inDim: number,
    w: number,
    bias: number,
    out: number,
    outDim: number,
    list: number,
  ): void;
  /** out[r] = (x[r] - mean) / sqrt(variance + 1e-6) · scale + bias. */
  layerNorm(x: number, rows: number, dim: number, scale: number, bias: number, out: number): void;
  /** Softmax(q·kᵀ·queryScale)·v per head, from qkv [rows, 3·dim] into out [rows, dim]; `scores` holds 3·rows words. */
  selfAttention(
    qkv: number,
    rows: number,
    dim: number,
    heads: number,
    queryScale: number,
    scores: number,
    out: number,
  ): void;
  /** x += y over n floats. */
  addInto(x: number, y: number, n: number): void;
  /** out = the mean of the rows of x [rows, dim]. */
  meanRows(x: number, rows: number, dim: number, out: number): void;
  /** out[t] = 2 · table[ids[t]] + timing[t], for n int32 ids. */
  embedTokens(
    ids: number,
    n: number,
    table: number,
    timing: number,
    dim: number,
    out: number,
  ): void;
}

/** Byte offsets in the kernels' memory, handed out before it exists. */
export class Arena {
  /** The first 128 bytes are the kernels' own scratch (see the .wat). */
  size = 128;

  /** Room for `words` 4-byte values, starting on a 64-byte line (so every row is 16-byte aligned). */
  reserve(words: number): number {
    const at = this.size;
    this.size += Math.ceil((words * 4) / 64) * 64;
    return at;
  }
}

export interface KernelInstance {
  kernels: Kernels;
  /** The whole memory as floats (index = byte offset / 4). */
  floats: Float32Array;
  /** The whole memory as int32. */
  ints: Int32Array;
}

/** Compiles the kernels (synchronously, a few kilobytes) with a memory of the arena's size. */
export function instantiateKernels(arena: Arena): KernelInstance {
  const pages = Math.ceil(arena.size / 65536);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const module = new WebAssembly.Module(readFileSync(KERNELS_PATH));
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  return {
    kernels: instance.exports as unknown as Kernels,
    floats: new Float32Array(memory.buffer),
    ints: new Int32Array(memory.buffer),
  };
}
