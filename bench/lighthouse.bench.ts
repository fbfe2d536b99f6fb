// Lighthouse (mobile, default throttling) performance and accessibility for / and /login, against a
// baseline in the same run: a minimal accessible static page served on this machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { ensureBuilt, report, startServer, stop, waitForOk } from './support.ts';

const APP_PORT = 3292;
const BASELINE_PORT = 3293;
const DEBUG_PORT = 9333;

const baselineHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Baseline page">
<title>Baseline</title></head><body><main><h1>Baseline</h1><p>A minimal static page.</p></main></body></html>`;

async function audit(url: string) {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { performance, accessibility } = result.lhr.categories;
  if (result.lhr.runtimeError) {
    process.stdout.write(
      `  ${url}: Lighthouse error ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}\n`,
    );
  }
  const metric = (id: string) => result.lhr.audits[id]?.displayValue ?? 'n/a';
  process.stdout.write(
    `  ${url}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}\n`,
  );
  return {
    performance: Math.round((performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
  };
}

ensureBuilt();
const dataDir = mkdtempSync(join(tmpdir(), 'trellis-bench-lh-'));
const profileDir = mkdtempSync(join(tmpdir(), 'trellis-bench-chrome-'));
const baseline = createServer((_req, res) => {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(baselineHtml);
}).listen(BASELINE_PORT, '127.0.0.1');
const server = await startServer({ port: APP_PORT, dataDir });
const chrome = spawn(
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  [
    '--headless=new',
    `--remote-debugging-port=${DEBUG_PORT}`,
    `--user-data-dir=${profileDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    'about:blank',
  ],
  { stdio: 'ignore' },
);
try {
  await waitForOk(`http://127.0.0.1:${DEBUG_PORT}/json/version`, chrome);
  const floor = await audit(`http://127.0.0.1:${BASELINE_PORT}/`);
  for (const path of ['/', '/login']) {
    const scores = await audit(`http://localhost:${APP_PORT}${path}`);
    report({
      name: `Lighthouse mobile performance ${path}`,
      value: scores.performance,
      baseline: floor.performance,
      baselineName: 'minimal static page',
      unit: 'points',
      better: 'higher',
      target: '≥ 95',
    });
    report({
      name: `Lighthouse mobile accessibility ${path}`,
      value: scores.accessibility,
      baseline: floor.accessibility,
      baselineName: 'minimal static page',
      unit: 'points',
      better: 'higher',
      target: '100',
    });
  }
} finally {
  await stop(chrome);
  await server.stop();
  baseline.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
