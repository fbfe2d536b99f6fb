// Builds the client, then prerenders the public marketing pages into HTML files beside it so they
// paint before JavaScript runs. The server serves dist/client/pages/<page>.html for those paths
// (see server/http/spa.ts) and index.html for every other page path.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist/client');
const ssrDir = join(root, '.tmp/ssr');

/** Page path → the route modules it loads, whose chunks are preloaded with the HTML. */
const pages = {
  '/': { file: 'landing.html', modules: ['app/routes/landing.tsx'], prerender: true },
  '/features': { file: 'features.html', modules: ['app/routes/features.tsx'], prerender: true },
  '/about': { file: 'about.html', modules: ['app/routes/about.tsx'], prerender: true },
  '/pricing': { file: 'pricing.html', modules: ['app/routes/pricing.tsx'], prerender: true },
  '/help': { file: 'help.html', modules: ['app/routes/help.tsx'], prerender: true },
  '/login': {
    file: 'login.html',
    modules: ['app/layouts/auth-layout.tsx', 'app/routes/login.tsx'],
    prerender: false,
  },
  '/signup': {
    file: 'signup.html',
    modules: ['app/layouts/auth-layout.tsx', 'app/routes/signup.tsx'],
    prerender: false,
  },
};

await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
await build({
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: join(root, 'client/entry-server.tsx'),
    outDir: ssrDir,
    emptyOutDir: true,
    manifest: false,
  },
});

const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
const template = readFileSync(join(outDir, 'index.html'), 'utf8');
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

function chunkClosure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`The client manifest has no ${key}; update scripts/build-client.mjs`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const entryFiles = chunkClosure([entryKey]);
// The page shells carry the stylesheet inline (the CSP allows inline styles, never scripts), which
// saves the render-blocking round trip on a first visit.
const stylesheetTag = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(
  template,
);
const inlineStyle = stylesheetTag
  ? `<style>${readFileSync(join(outDir, stylesheetTag[1]), 'utf8')}</style>`
  : null;
const { renderPage } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
const pagesDir = join(outDir, 'pages');
mkdirSync(pagesDir, { recursive: true });
const index = {};
for (const [path, page] of Object.entries(pages)) {
  const preloads = [...chunkClosure(page.modules)]
    .filter((file) => !entryFiles.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  let html = template.replace('</head>', `  ${preloads}\n  </head>`);
  if (stylesheetTag && inlineStyle) html = html.replace(stylesheetTag[0], () => inlineStyle);
  if (page.prerender) {
    let body = await renderPage(path);
    // React 19 renders a page's <title> where it stands; in a document it belongs in <head>.
    const title = /<title>.*?<\/title>/s.exec(body)?.[0];
    if (title) {
      body = body.replace(title, '');
      html = html.replace(/<title>.*?<\/title>/s, title);
    }
    html = html.replace('<!--app-html-->', body);
  }
  writeFileSync(join(pagesDir, page.file), html);
  index[path] = page.file;
}
writeFileSync(join(pagesDir, 'pages.json'), JSON.stringify(index, null, 2));
rmSync(ssrDir, { recursive: true, force: true });

// Brotli and gzip copies of every compressible asset, served by @fastify/static's preCompressed.
for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|svg|json|webmanifest|txt)$/.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
process.stdout.write(`Client built; ${Object.keys(pages).length} page shells written.\n`);
