// Builds the client, then prerenders the public pages into HTML files beside it so they paint
// before any JavaScript runs. The server serves dist/client/pages/<page>.html for those paths (see
// server/http/spa.ts), the not-found page for page paths nobody has, and index.html for the rest.
//
// Two kinds of page (docs/decisions/019-public-pages-without-react.md):
// - static: the marketing pages and the not-found page. No React: their only script is the small
//   client/site/enhance.ts (phone menu, service worker, prefetching the app on idle).
// - hydrated: /login and /signup. The form is in the HTML; the app, loaded once the form has painted,
//   hydrates it, keeping whatever was typed.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--out-dir <dir>` builds elsewhere (bench/landing-bundle.bench.ts measures such a build).
const outDirArgument = process.argv.indexOf('--out-dir');
const outDir =
  outDirArgument === -1 ? join(root, 'dist/client') : resolve(process.argv[outDirArgument + 1]);
const ssrDir = join(outDir, '..', `.ssr-${process.pid}`);

/** Page path → its shell file, its kind, and (hydrated pages) the route modules it loads. */
const pages = {
  '/': { file: 'landing.html', kind: 'static' },
  '/features': { file: 'features.html', kind: 'static' },
  '/about': { file: 'about.html', kind: 'static' },
  '/pricing': { file: 'pricing.html', kind: 'static' },
  '/help': { file: 'help.html', kind: 'static' },
  // A sign-in page shows one sign-in option only when the server offers it (the runtime config's
  // signInOptions): it is written once without and once with it (`variant`), and the server sends
  // the one that matches, so nothing appears or moves once the app has loaded.
  '/login': {
    file: 'login.html',
    kind: 'hydrated',
    modules: ['app/layouts/auth-layout.tsx', 'app/routes/login.tsx'],
    variant: { option: 'phone', file: 'login+phone.html' },
  },
  '/signup': {
    file: 'signup.html',
    kind: 'hydrated',
    modules: ['app/layouts/auth-layout.tsx', 'app/routes/signup.tsx'],
    variant: { option: 'anonymous', file: 'signup+anonymous.html' },
  },
};
/** Rendered from a path no route owns; served with 404 for every page path nobody has. */
const notFound = { render: '/__not-found__', file: 'not-found.html', kind: 'static' };

/** Code the sign-in pages' route must never pull in (the signed-in app's screens). */
const signedInOnly = /app\/routes\/app\/|app\/layouts\/app-layout\.tsx/;

await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
await build({
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: join(root, 'client/entry-server.tsx'),
    outDir: ssrDir,
    emptyOutDir: true,
    manifest: false,
    rolldownOptions: { input: join(root, 'client/entry-server.tsx') },
  },
});

const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
const template = readFileSync(join(outDir, 'index.html'), 'utf8');
const appEntry = manifest['index.html'];
const siteEntry = manifest['site/enhance.ts'];
const holdEntry = manifest['site/hold-early-submits.ts'];
if (!appEntry || !siteEntry || !holdEntry)
  throw new Error('The client manifest lacks an entry; update scripts/build-client.mjs');

function chunkClosure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`The client manifest has no ${key}; update scripts/build-client.mjs`);
    if (files.has(chunk.file)) return;
    if (signedInOnly.test(key))
      throw new Error(`${key} is on a sign-in page's first load; it belongs to the signed-in app`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

// Every page carries the stylesheet inline (the CSP allows inline styles, never scripts): 62 KB,
// 11 KB gzip, less than the round trip a render-blocking <link> costs on a phone. The font never
// delays text: `optional` keeps the fallback for good if Inter is not there within ~100 ms (so
// nothing shifts), and the one file the pages' Latin text uses is preloaded so it usually is.
const stylesheetTag = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(
  template,
);
if (!stylesheetTag) throw new Error('index.html has no stylesheet; update build-client.mjs');
const css = readFileSync(join(outDir, stylesheetTag[1]), 'utf8').replaceAll(
  'font-display:swap',
  'font-display:optional',
);
const latinFont = /url\(\/(assets\/inter-latin-wght-normal-[^)]+\.woff2)\)/.exec(css)?.[1];
if (!latinFont) throw new Error('The stylesheet has no Inter Latin font; update build-client.mjs');
const head = [
  `<link rel="preload" href="/${latinFont}" as="font" type="font/woff2" crossorigin>`,
  `<style>${css}</style>`,
];
const appScript = /<script type="module"[^>]*><\/script>/.exec(template)?.[0];
if (!appScript) throw new Error('index.html has no module script; update build-client.mjs');

const appFiles = chunkClosure(['index.html']);
const signInFiles = chunkClosure([
  'index.html',
  ...new Set([...pages['/login'].modules, ...pages['/signup'].modules]),
]);
const { renderPage } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);

async function shell(path, page, signInOptions) {
  let html = template.replace(stylesheetTag[0], () => head.join('\n    '));
  // Vite adds modulepreload links for the app entry's imports; only hydrated pages want them.
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (page.kind === 'static') {
    // No React: the page's one script, and the sign-in pages' files listed for prefetching.
    const prefetch = JSON.stringify([holdEntry.file, ...signInFiles].map((file) => `/${file}`));
    html = html.replace(
      appScript,
      `<script type="module" crossorigin src="/${siteEntry.file}"></script>\n    ` +
        `<script type="application/json" id="app-prefetch">${prefetch}</script>`,
    );
  } else {
    // The app loads after the form has painted: its files are listed here and fetched by the first
    // script once the first frame is out (client/site/hold-early-submits.ts), so none of them
    // competes with the page's first paint. That script is async: it runs as soon as it arrives,
    // and a submit before the app has loaded is held.
    const load = JSON.stringify({
      entry: `/${appEntry.file}`,
      preload: [...chunkClosure(['index.html', ...page.modules])].map((file) => `/${file}`),
    });
    html = html.replace(
      appScript,
      `<script type="module" async crossorigin src="/${holdEntry.file}"></script>\n    ` +
        `<script type="application/json" id="app-load">${load}</script>`,
    );
  }
  let body = await renderPage(path, signInOptions);
  // React 19 renders a page's <title> where it stands; in a document it belongs in <head>.
  const title = /<title>.*?<\/title>/s.exec(body)?.[0];
  if (title) {
    body = body.replace(title, '');
    html = html.replace(/<title>.*?<\/title>/s, title);
  }
  return html.replace('<!--app-html-->', body);
}

const pagesDir = join(outDir, 'pages');
mkdirSync(pagesDir, { recursive: true });
const index = { pages: {}, variants: {}, notFound: notFound.file };
const noOptions = { phone: false, anonymous: false };
for (const [path, page] of Object.entries(pages)) {
  writeFileSync(join(pagesDir, page.file), await shell(path, page, noOptions));
  index.pages[path] = page.file;
  if (page.variant) {
    const withOption = { ...noOptions, [page.variant.option]: true };
    writeFileSync(join(pagesDir, page.variant.file), await shell(path, page, withOption));
    index.variants[path] = page.variant;
  }
}
writeFileSync(join(pagesDir, notFound.file), await shell(notFound.render, notFound));
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
process.stdout.write(
  `Client built; ${Object.keys(pages).length + 1} page shells written ` +
    `(app ${appFiles.size} files on a sign-in page's first load: ${signInFiles.size}).\n`,
);
