// First-load JavaScript of the landing page (KB gzip): every script and module preload its
// prerendered HTML names, from a full client build (scripts/build-client.mjs) into a scratch folder.
// The baseline is the first load of a bare React + React Router data-router app built in the same
// run: the framework floor the public pages no longer pay (docs/decisions/019). The sign-in page's
// first load is printed beside it, for information.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { projectRoot, report } from './support.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function gzipKb(outDir: string, files: Iterable<string>) {
  let bytes = 0;
  for (const file of files) {
    if (file.endsWith('.js'))
      bytes += gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

async function buildAndMeasure(
  root: string,
  outDir: string,
  extraKeys: (manifest: Manifest) => string[],
) {
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  });
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  return gzipKb(outDir, closure(manifest, [...entries, ...extraKeys(manifest)]));
}

/**
 * The JavaScript files a page's HTML loads on arrival: module scripts, module preloads, and the app
 * files a sign-in page lists in #app-load (fetched once its form has painted).
 */
function firstLoadScripts(html: string): string[] {
  const files = new Set<string>();
  const listed = /<script type="application\/json" id="app-load">(.*?)<\/script>/.exec(html)?.[1];
  if (listed) {
    const { entry, preload } = JSON.parse(listed) as { entry: string; preload: string[] };
    for (const file of [entry, ...preload]) files.add(file.replace(/^\//, ''));
  }
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)) files.add(src ?? '');
  for (const [, href] of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g))
    files.add(href ?? '');
  files.delete('');
  return [...files];
}

const scratch = join(projectRoot, '.tmp/bench-bundle');
try {
  // Our client through its own build (Tailwind, prerendering and all): what people download.
  const appDir = join(scratch, 'app');
  const built = spawnSync(
    process.execPath,
    [join(projectRoot, 'scripts/build-client.mjs'), '--out-dir', appDir],
    { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) throw new Error('the client build failed');
  const page = (file: string) => readFileSync(join(appDir, 'pages', file), 'utf8');
  const files = firstLoadScripts(page('landing.html'));
  const leaks = files.filter((file) => /supabase|recharts|auth-client|react/i.test(file));
  const appKb = gzipKb(appDir, files);
  const loginFiles = firstLoadScripts(page('login.html'));

  const bareKb = await buildAndMeasure(
    join(projectRoot, 'bench/fixtures/bare-app'),
    join(scratch, 'bare'),
    () => [],
  );
  report({
    name: 'landing first-load JavaScript',
    value: appKb,
    baseline: bareKb,
    baselineName: 'bare React + React Router data router',
    unit: 'KB gzip',
    better: 'lower',
    target: '≤ 30 KB gzip',
  });
  process.stdout.write(`landing first-load files: ${files.join(', ')}\n`);
  process.stdout.write(
    `/login first-load JavaScript (for information): ${gzipKb(appDir, loginFiles).toFixed(2)} KB gzip in ${loginFiles.length} files\n`,
  );
  if (leaks.length > 0)
    process.stdout.write(
      `WARNING: framework, auth or chart code on the landing page: ${leaks.join(', ')}\n`,
    );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
