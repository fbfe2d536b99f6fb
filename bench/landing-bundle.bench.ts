// First-load JavaScript of the landing page (KB gzip): the entry chunk, its static imports and the
// landing route's chunk with its imports, as the Vite manifest lists them. The baseline is the
// same measure for a bare React + React Router data-router app built in the same run.
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

const scratch = join(projectRoot, '.tmp/bench-bundle');
try {
  // Our app through its own config (Tailwind and all), so the figure is what users download.
  await build({
    configFile: join(projectRoot, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: join(scratch, 'app'), emptyOutDir: true },
  });
  const appDir = join(scratch, 'app');
  const manifest = JSON.parse(
    readFileSync(join(appDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const landing = Object.keys(manifest).find((key) => key.endsWith('app/routes/landing.tsx'));
  if (!landing) throw new Error('the manifest has no landing route chunk');
  const files = closure(manifest, [...entries, landing]);
  const leaks = [...files].filter((file) => /supabase|recharts|auth-client/i.test(file));
  const appKb = gzipKb(appDir, files);

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
    target: '≤ 90 KB gzip',
  });
  process.stdout.write(`landing first-load files: ${[...files].join(', ')}\n`);
  if (leaks.length > 0)
    process.stdout.write(`WARNING: auth/chart code on the landing page: ${leaks.join(', ')}\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
