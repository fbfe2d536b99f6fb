// The server Playwright drives: `npm start` on a data directory of its own, emptied first, so
// every run begins like a fresh install (the first sign-up becomes the admin).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => process.exit(code ?? 0));
