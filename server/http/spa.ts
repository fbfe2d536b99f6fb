import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RuntimeConfig } from '#contracts/system.ts';

const CONFIG_MARKER = '<!--runtime-config-->';

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
  let notFoundShell: string | null = null;
  const pagesIndex = join(options.root, 'pages', 'pages.json');
  if (existsSync(pagesIndex)) {
    const index = JSON.parse(readFileSync(pagesIndex, 'utf8')) as {
      pages: Record<string, string>;
      notFound?: string;
    };
    for (const [path, file] of Object.entries(index.pages)) {
      shells.set(path, readFileSync(join(options.root, 'pages', file), 'utf8'));
    }
    if (index.notFound)
      notFoundShell = readFileSync(join(options.root, 'pages', index.notFound), 'utf8');
  }

  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${join(options.root, 'assets')}`);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });

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
    app.get(path, { schema: { hide: true } }, (_request, reply) => sendPage(reply, html));
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
