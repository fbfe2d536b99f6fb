// Cold start to /readyz on an existing data directory, and resident memory at idle, each against a
// bare Node process that opens the same PGlite data directory and answers HTTP.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ensureBuilt,
  median,
  projectRoot,
  report,
  residentMb,
  startServer,
  stop,
  waitForOk,
} from './support.ts';

const RUNS = 5;
const PORT = 3290;

async function startBare(dataDir: string) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [join(projectRoot, 'bench/fixtures/bare-pglite-server.mjs')],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT + 1) },
    },
  );
  await waitForOk(`http://127.0.0.1:${PORT + 1}/`, child);
  return { child, readyAfterMs: performance.now() - started };
}

async function idleRss(pid: number, url: string) {
  for (const path of ['/', '/readyz', '/features', '/healthz'])
    await fetch(url + path).then((r) => r.text());
  await sleep(3000);
  return residentMb(pid);
}

ensureBuilt();
const dataDir = mkdtempSync(join(tmpdir(), 'trellis-bench-start-'));
const bareDir = mkdtempSync(join(tmpdir(), 'trellis-bench-bare-'));
try {
  // First start creates and migrates the data directory; the measured starts reopen it.
  await (await startServer({ port: PORT, dataDir })).stop();
  await stop((await startBare(bareDir)).child);
  await sleep(500);

  const app: number[] = [];
  const bare: number[] = [];
  let appRss = 0;
  let bareRss = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const server = await startServer({ port: PORT, dataDir });
    app.push(server.readyAfterMs);
    if (run === RUNS - 1) appRss = await idleRss(server.child.pid ?? 0, server.url);
    await server.stop();

    const floor = await startBare(bareDir);
    bare.push(floor.readyAfterMs);
    if (run === RUNS - 1)
      bareRss = await idleRss(floor.child.pid ?? 0, `http://127.0.0.1:${PORT + 1}`);
    await stop(floor.child);
  }
  report({
    name: 'cold start to /readyz (existing data dir, median of 5)',
    value: median(app),
    baseline: median(bare),
    baselineName: 'bare Node + PGlite answering HTTP',
    unit: 'ms',
    better: 'lower',
    target: '≤ 2000 ms',
  });
  report({
    name: 'resident memory at idle (embedded database)',
    value: appRss,
    baseline: bareRss,
    baselineName: 'bare Node + PGlite answering HTTP',
    unit: 'MB',
    better: 'lower',
    target: '≤ 380 MB',
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bareDir, { recursive: true, force: true });
}
