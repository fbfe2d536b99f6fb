// `npm start`: builds the client and the server when their build is missing or older than the
// sources, then runs the server (which applies migrations and serves the SPA and the API).
// `npm run worker` (`start.mjs worker`): the same build, then the daily-delivery worker alone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vite = join(root, 'node_modules/vite/bin/vite.js');

function newestMtime(paths) {
  let newest = 0;
  for (const path of paths) {
    const full = join(root, path);
    if (!existsSync(full)) continue;
    const stat = statSync(full);
    if (stat.isFile()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.(test|e2e)\.tsx?$/.test(entry.name)) continue;
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function isStale(output, inputs) {
  const target = join(root, output);
  return !existsSync(target) || statSync(target).mtimeMs < newestMtime(inputs);
}

function build(label, args) {
  process.stdout.write(`Building the ${label}…\n`);
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    process.stderr.write(`The ${label} build failed; see the messages above.\n`);
    process.exit(result.status ?? 1);
  }
}

// Settings may come from a .env file beside package.json (see .env.example); real environment
// variables win over it.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

const entry = process.argv[2] === 'worker' ? 'worker' : 'main';
const shared = ['contracts', 'package-lock.json', 'tsconfig.json'];
if (
  entry === 'main' &&
  isStale('dist/client/pages/pages.json', [
    'client',
    'vite.config.ts',
    'scripts/build-client.mjs',
    ...shared,
  ])
) {
  build('client', [join(root, 'scripts/build-client.mjs')]);
}
if (isStale(`dist/server/${entry}.js`, ['server', 'vite.server.config.ts', ...shared])) {
  build('server', [vite, 'build', '--logLevel', 'warn', '--config', 'vite.server.config.ts']);
}

await import(pathToFileURL(join(root, `dist/server/${entry}.js`)).href);
