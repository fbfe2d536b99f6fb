/**
 * The sentence encoder's kernels: plain loops over Float32Array rows (row-major [rows, dim]).
 * Indexing uses `!` because every index is in bounds by construction (the caller sizes the
 * buffers); the loops are written for V8 to keep them monomorphic and free of allocation.
 */

/**
 * out[r] = x[r] · W + bias, for a weight matrix W stored [inDim, outDim] row-major (the layout of
 * both the graph's MatMul weights and its 1x1 Conv2D kernels). Four rows share each weight row,
 * which is read from memory once per block instead of once per row.
 */
export function affine(
  x: Float32Array,
  rows: number,
  inDim: number,
  w: Float32Array,
  bias: Float32Array,
  out: Float32Array,
): void {
  const outDim = bias.length;
  for (let r = 0; r < rows; r += 1) out.set(bias, r * outDim);
  let r = 0;
  for (; r + 4 <= rows; r += 4) affineBlock4(x, r, inDim, w, out, outDim);
  for (; r < rows; r += 1) affineRow(x, r, inDim, w, out, outDim);
}

function affineBlock4(
  x: Float32Array,
  r: number,
  inDim: number,
  w: Float32Array,
  out: Float32Array,
  outDim: number,
): void {
  const x0 = r * inDim;
  const x1 = x0 + inDim;
  const x2 = x1 + inDim;
  const x3 = x2 + inDim;
  const y0 = r * outDim;
  const y1 = y0 + outDim;
  const y2 = y1 + outDim;
  const y3 = y2 + outDim;
  for (let i = 0; i < inDim; i += 1) {
    const a0 = x[x0 + i]!;
    const a1 = x[x1 + i]!;
    const a2 = x[x2 + i]!;
    const a3 = x[x3 + i]!;
    const wi = i * outDim;
    for (let o = 0; o < outDim; o += 1) {
      const wv = w[wi + o]!;
      out[y0 + o]! += a0 * wv;
      out[y1 + o]! += a1 * wv;
      out[y2 + o]! += a2 * wv;
      out[y3 + o]! += a3 * wv;
    }
  }
}

function affineRow(
  x: Float32Array,
  r: number,
  inDim: number,
  w: Float32Array,
  out: Float32Array,
  outDim: number,
): void {
  const x0 = r * inDim;
  const y0 = r * outDim;
  for (let i = 0; i < inDim; i += 1) {
    const a = x[x0 + i]!;
    if (a === 0) continue; // after a ReLU about half the inputs are zero
    const wi = i * outDim;
    for (let o = 0; o < outDim; o += 1) out[y0 + o]! += a * w[wi + o]!;
  }
}

/** out[r] = (x[r] - mean) / sqrt(variance + 1e-6) * scale + bias, over the last dimension. */
export function layerNorm(
  x: Float32Array,
  rows: number,
  scale: Float32Array,
  bias: Float32Array,
  out: Float32Array,
): void {
  const dim = scale.length;
  for (let r = 0; r < rows; r += 1) {
    const at = r * dim;
    let sum = 0;
    for (let i = 0; i < dim; i += 1) sum += x[at + i]!;
    const mean = sum / dim;
    let squares = 0;
    for (let i = 0; i < dim; i += 1) {
      const d = x[at + i]! - mean;
      squares += d * d;
    }
    const inverse = 1 / Math.sqrt(squares / dim + 1e-6);
    for (let i = 0; i < dim; i += 1)
      out[at + i] = (x[at + i]! - mean) * inverse * scale[i]! + bias[i]!;
  }
}

/** In place: x = max(x, 0). */
export function relu(x: Float32Array, length: number): void {
  for (let i = 0; i < length; i += 1) if (x[i]! < 0) x[i] = 0;
}

/** In place: x += y. */
export function addInto(x: Float32Array, y: Float32Array, length: number): void {
  for (let i = 0; i < length; i += 1) x[i]! += y[i]!;
}

/**
 * Multi-head self-attention over `rows` tokens, every token attending to every token (a single
 * message has no padding). qkv holds each row's [query | key | value], `dim` wide each, split in
 * `heads` heads; the query is multiplied by `queryScale` (1/sqrt(head width)). Writes the heads'
 * outputs side by side into out [rows, dim]; `weights` is scratch of at least `rows` floats.
 */
export function selfAttention(
  qkv: Float32Array,
  rows: number,
  dim: number,
  heads: number,
  queryScale: number,
  weights: Float64Array,
  out: Float32Array,
): void {
  const width = dim / heads;
  const stride = 3 * dim;
  out.fill(0, 0, rows * dim);
  for (let h = 0; h < heads; h += 1) {
    const hq = h * width;
    const hk = dim + hq;
    const hv = 2 * dim + hq;
    for (let t = 0; t < rows; t += 1) {
      const q = t * stride + hq;
      let top = -Infinity;
      for (let s = 0; s < rows; s += 1) {
        const k = s * stride + hk;
        let dot = 0;
        for (let i = 0; i < width; i += 1) dot += qkv[q + i]! * queryScale * qkv[k + i]!;
        weights[s] = dot;
        if (dot > top) top = dot;
      }
      let total = 0;
      for (let s = 0; s < rows; s += 1) {
        const e = Math.exp(weights[s]! - top);
        weights[s] = e;
        total += e;
      }
      const o = t * dim + hq;
      for (let s = 0; s < rows; s += 1) {
        const p = weights[s]! / total;
        const v = s * stride + hv;
        for (let i = 0; i < width; i += 1) out[o + i]! += p * qkv[v + i]!;
      }
    }
  }
}
