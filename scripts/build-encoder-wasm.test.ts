import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assembleKernels, KERNELS_BINARY } from './build-encoder-wasm.ts';

describe('the sentence encoder kernels', () => {
  it('are committed as what their text assembles to (run scripts/build-encoder-wasm.ts)', async () => {
    const assembled = await assembleKernels();
    expect(Buffer.from(assembled).equals(readFileSync(KERNELS_BINARY))).toBe(true);
  });
});
