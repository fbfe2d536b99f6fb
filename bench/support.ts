import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '#server/paths.ts';

export { projectRoot };

/** Prints one figure beside its baseline, with the ratio and the target it is held to. */
export function report(options: {
  name: string;
  value: number;
  baseline: number;
  unit: string;
  /** 'higher' when more is better (throughput, scores); 'lower' for sizes, times, memory. */
  better: 'higher' | 'lower';
  target?: string;
  baselineName: string;
}) {
  const ratio = options.value / options.baseline;
  const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
  process.stdout.write(
    `${options.name}: ${fmt(options.value)} ${options.unit} | baseline (${options.baselineName}): ${fmt(options.baseline)} ${options.unit} | ratio ${ratio.toFixed(2)} (${options.better} is better)${options.target ? ` | target ${options.target}` : ''}\n`,
  );
}

export function ensureBuilt() {
  if (
    !existsSync(join(projectRoot, 'dist/server/main.js')) ||
    !existsSync(join(projectRoot, 'dist/client/index.html'))
  ) {
    throw new Error('Build first: `npm run build` (npm start also builds).');
  }
}

/** Starts the built server on a port and data dir of its own; resolves once /readyz answers 200. */
export async function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(projectRoot, 'dist/server/main.js')], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
  });
  const url = `http://127.0.0.1:${options.port}`;
  await waitForOk(`${url}/readyz`, child);
  return { url, child, readyAfterMs: performance.now() - started, stop: () => stop(child) };
}

export async function waitForOk(url: string, child?: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident set size of a process, in MB, from /proc. */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Calls per second of `task` over `seconds`, after 300 ms of warm-up, with `concurrency` callers
 * at once (each awaits its call before the next).
 */
export async function throughput(
  seconds: number,
  task: () => Promise<void>,
  concurrency = 1,
): Promise<number> {
  const run = async (until: number) => {
    let done = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) {
          await task();
          done += 1;
        }
      }),
    );
    return done;
  };
  await run(performance.now() + 300);
  const started = performance.now();
  const done = await run(started + seconds * 1000);
  return done / ((performance.now() - started) / 1000);
}
