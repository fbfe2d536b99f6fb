// `npm run bench`: runs every bench/*.bench.ts in turn (or those named as arguments) and prints
// their figures. Each benchmark measures its own baseline in the same run and prints the ratio.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const files = readdirSync(join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)))
  .sort();

let failed = 0;
for (const file of files) {
  process.stdout.write(`\n▶ ${file}\n`);
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join('bench', file)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) failed += 1;
}
if (failed > 0) {
  process.stderr.write(`\n${failed} benchmark(s) failed to run.\n`);
  process.exit(1);
}
