// Assembles the sentence encoder's kernels from their text form:
//
//   npx tsx scripts/build-encoder-wasm.ts
//
// reads server/ai/sentence-encoder-kernels.wat and writes server/ai/sentence-encoder-kernels.wasm
// beside it. Both are committed (the binary is a few kilobytes, and the server loads it as is);
// build-encoder-wasm.test.ts checks that the committed binary is what the text assembles to, so
// run this after every change to the .wat.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import wabt from 'wabt';
import { projectRoot } from '#server/paths.ts';

export const KERNELS_TEXT = `${projectRoot}/server/ai/sentence-encoder-kernels.wat`;
export const KERNELS_BINARY = `${projectRoot}/server/ai/sentence-encoder-kernels.wasm`;

/** The binary of the kernels' text: SIMD on, no names section, so the same text gives the same bytes. */
export async function assembleKernels(): Promise<Uint8Array> {
  const toolkit = await wabt();
  const module = toolkit.parseWat(KERNELS_TEXT, readFileSync(KERNELS_TEXT, 'utf8'), { simd: true });
  try {
    module.validate();
    return module.toBinary({ write_debug_names: false }).buffer;
  } finally {
    module.destroy();
  }
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const binary = await assembleKernels();
  writeFileSync(KERNELS_BINARY, binary);
  process.stdout.write(`wrote ${KERNELS_BINARY} (${binary.length} bytes)\n`);
}
