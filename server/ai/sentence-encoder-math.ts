/**
 * The sentence encoder's kernels: plain loops over Float32Array rows (row-major [rows, dim]).
 * Indexing uses `!` because every index is in bounds by construction (the caller sizes the
 * buffers); the loops are written for V8 to keep them monomorphic and free of allocation.
 */

/**
 * out[r] = x[r] · W + bias, for W stored transposed: wt is [outDim, inDim] row-major, so each
 * output is a dot product over two contiguous runs. Tiles of 3 rows × 4 outputs keep 12 sums in
 * registers and read each weight once per 3 rows: in V8 on x64 this measured about 1.8× faster
 * than one row at a time, and faster than 4 × 4 tiles (whose 16 sums spill out of the 16
 * floating-point registers). outDim must be a multiple of 4.
 */
export function affine(
  x: Float32Array,
  rows: number,
  inDim: number,
  wt: Float32Array,
  bias: Float32Array,
  out: Float32Array,
): void {
  let r = 0;
  for (; r + 3 <= rows; r += 3) affineTile3x4(x, r, inDim, wt, bias, out);
  for (; r < rows; r += 1) affineTile1x4(x, r, inDim, wt, bias, out);
}

function affineTile3x4(
  x: Float32Array,
  r: number,
  inDim: number,
  wt: Float32Array,
  bias: Float32Array,
  out: Float32Array,
): void {
  const outDim = bias.length;
  const x0 = r * inDim;
  const x1 = x0 + inDim;
  const x2 = x1 + inDim;
  for (let o = 0; o < outDim; o += 4) {
    const w0 = o * inDim;
    const w1 = w0 + inDim;
    const w2 = w1 + inDim;
    const w3 = w2 + inDim;
    let s00 = 0,
      s01 = 0,
      s02 = 0,
      s03 = 0,
      s10 = 0,
      s11 = 0,
      s12 = 0,
      s13 = 0;
    let s20 = 0,
      s21 = 0,
      s22 = 0,
      s23 = 0;
    for (let i = 0; i < inDim; i += 1) {
      const u0 = wt[w0 + i]!;
      const u1 = wt[w1 + i]!;
      const u2 = wt[w2 + i]!;
      const u3 = wt[w3 + i]!;
      let a = x[x0 + i]!;
      s00 += a * u0;
      s01 += a * u1;
      s02 += a * u2;
      s03 += a * u3;
      a = x[x1 + i]!;
      s10 += a * u0;
      s11 += a * u1;
      s12 += a * u2;
      s13 += a * u3;
      a = x[x2 + i]!;
      s20 += a * u0;
      s21 += a * u1;
      s22 += a * u2;
      s23 += a * u3;
    }
    const b0 = bias[o]!;
    const b1 = bias[o + 1]!;
    const b2 = bias[o + 2]!;
    const b3 = bias[o + 3]!;
    let y = r * outDim + o;
    out[y] = s00 + b0;
    out[y + 1] = s01 + b1;
    out[y + 2] = s02 + b2;
    out[y + 3] = s03 + b3;
    y += outDim;
    out[y] = s10 + b0;
    out[y + 1] = s11 + b1;
    out[y + 2] = s12 + b2;
    out[y + 3] = s13 + b3;
    y += outDim;
    out[y] = s20 + b0;
    out[y + 1] = s21 + b1;
    out[y + 2] = s22 + b2;
    out[y + 3] = s23 + b3;
  }
}

function affineTile1x4(
  x: Float32Array,
  r: number,
  inDim: number,
  wt: Float32Array,
  bias: Float32Array,
  out: Float32Array,
): void {
  const outDim = bias.length;
  const x0 = r * inDim;
  for (let o = 0; o < outDim; o += 4) {
    const w0 = o * inDim;
    const w1 = w0 + inDim;
    const w2 = w1 + inDim;
    const w3 = w2 + inDim;
    let s0 = bias[o]!;
    let s1 = bias[o + 1]!;
    let s2 = bias[o + 2]!;
    let s3 = bias[o + 3]!;
    for (let i = 0; i < inDim; i += 1) {
      const a = x[x0 + i]!;
      s0 += a * wt[w0 + i]!;
      s1 += a * wt[w1 + i]!;
      s2 += a * wt[w2 + i]!;
      s3 += a * wt[w3 + i]!;
    }
    const y = r * outDim + o;
    out[y] = s0;
    out[y + 1] = s1;
    out[y + 2] = s2;
    out[y + 3] = s3;
  }
}

/**
 * out[r] = x[r] · W + bias for W stored [inDim, outDim] (not transposed), skipping the zero
 * inputs: after a ReLU most are zero, so only their weight rows are read.
 */
export function sparseAffine(
  x: Float32Array,
  rows: number,
  inDim: number,
  w: Float32Array,
  bias: Float32Array,
  out: Float32Array,
): void {
  const outDim = bias.length;
  for (let r = 0; r < rows; r += 1) {
    const x0 = r * inDim;
    const y0 = r * outDim;
    out.set(bias, y0);
    for (let i = 0; i < inDim; i += 1) {
      const a = x[x0 + i]!;
      if (a === 0) continue;
      const wi = i * outDim;
      for (let o = 0; o < outDim; o += 1) out[y0 + o]! += a * w[wi + o]!;
    }
  }
}

/** [inDim, outDim] row-major → [outDim, inDim] row-major, for affine(). */
export function transposed(w: Float32Array, inDim: number, outDim: number): Float32Array {
  const t = new Float32Array(w.length);
  for (let i = 0; i < inDim; i += 1) {
    for (let o = 0; o < outDim; o += 1) t[o * inDim + i] = w[i * outDim + o]!;
  }
  return t;
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
