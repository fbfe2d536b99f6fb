import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RuntimeConfig } from '#contracts/system.ts';

const CONFIG_MARKER = '<!--runtime-config-->';

type SignInOption = keyof NonNullable<RuntimeConfig['signInOptions']>;

/** JSON inside a <script type="application/json"> block: data, never executed, so the CSP holds. */
function renderIndex(template: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return template.replace(
    CONFIG_MARKER,
    `<script type="application/json" id="runtime-config">${json}</script>`,
  );
}

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and
 * index.html (with the runtime config) for any page path the router owns.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { root: string; runtimeConfig: () => RuntimeConfig },
): Promise<{ sendIndex: (reply: FastifyReply, status?: 200 | 404) => FastifyReply } | null> {
  const indexPath = join(options.root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ root: options.root }, 'client build not found; serving the API only');
    return null;
  }
  const template = readFileSync(indexPath, 'utf8');
  // Page shells written by scripts/build-client.mjs: prerendered HTML per path, and the not-found
  // page, which answers (with 404) every page path nobody has.
  const shells = new Map<string, string>();
  /** A sign-in page written again with one sign-in option shown (scripts/build-client.mjs). */
  const variants = new Map<string, { option: SignInOption; html: string }>();
  let notFoundShell: string | null = null;
  const pagesIndex = join(options.root, 'pages', 'pages.json');
  if (existsSync(pagesIndex)) {
    const index = JSON.parse(readFileSync(pagesIndex, 'utf8')) as {
      pages: Record<string, string>;
      variants?: Record<string, { option: SignInOption; file: string }>;
      notFound?: string;
    };
    for (const [path, file] of Object.entries(index.pages)) {
      shells.set(path, readFileSync(join(options.root, 'pages', file), 'utf8'));
    }
    for (const [path, { option, file }] of Object.entries(index.variants ?? {})) {
      variants.set(path, { option, html: readFileSync(join(options.root, 'pages', file), 'utf8') });
    }
    if (index.notFound)
      notFoundShell = readFileSync(join(options.root, 'pages', index.notFound), 'utf8');
  }

  // Files are found per request, not listed at start-up (a route per file cost a glob and ~600
  // routes): hashed assets under one wildcard route; a name with no file falls through to the
  // not-found handler (404).
  const assetsDir = join(options.root, 'assets');
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.startsWith(assetsDir)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });
  // The few files beside them (icons, manifest, service worker) keep their names from build to
  // build, so they are revalidated. One route each: every other path reaches its own not-found
  // handler (the app's pages, /api's and /auth/v1's answers).
  const publicFiles = readdirSync(options.root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => relative(options.root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !/^(assets|pages|\.vite)\//.test(file) && file !== 'index.html');
  for (const file of publicFiles) {
    app.get(`/${file}`, { schema: { hide: true } }, (_request, reply) =>
      reply.sendFile(file, options.root),
    );
  }

  const sendPage = (reply: FastifyReply, html: string, status: 200 | 404 = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderIndex(html, options.runtimeConfig()));
  /** The app shell; for a path the router has no page for, the prerendered not-found page. */
  const sendIndex = (reply: FastifyReply, status: 200 | 404 = 200) =>
    sendPage(reply, status === 404 && notFoundShell ? notFoundShell : template, status);

  for (const [path, html] of shells) {
    const variant = variants.get(path);
    app.get(path, { schema: { hide: true } }, (_request, reply) =>
      sendPage(
        reply,
        variant && options.runtimeConfig().signInOptions?.[variant.option] ? variant.html : html,
      ),
    );
  }
  // The sign-in forms post nowhere: the app handles them. Without JavaScript a submit lands here,
  // and goes back to the form rather than to an error.
  // The form's fields are read by no one (and never logged): the parser only lets the post in.
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, _body, done) => done(null, undefined),
    );
    for (const path of ['/login', '/signup'].filter((page) => shells.has(page))) {
      forms.post(path, { schema: { hide: true } }, (_request, reply) => reply.redirect(path, 303));
    }
  });
  if (!shells.has('/'))
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return { sendIndex };
}
