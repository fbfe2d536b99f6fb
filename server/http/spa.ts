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
  // Page shells written by scripts/build-client.mjs: prerendered HTML or route preloads per path.
  const shells = new Map<string, string>();
  const pagesIndex = join(options.root, 'pages', 'pages.json');
  if (existsSync(pagesIndex)) {
    const index = JSON.parse(readFileSync(pagesIndex, 'utf8')) as Record<string, string>;
    for (const [path, file] of Object.entries(index)) {
      shells.set(path, readFileSync(join(options.root, 'pages', file), 'utf8'));
    }
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
  /** The app shell; with 404 for a path the router has no page for (it shows the not-found page). */
  const sendIndex = (reply: FastifyReply, status: 200 | 404 = 200) =>
    sendPage(reply, template, status);

  for (const [path, html] of shells) {
    app.get(path, { schema: { hide: true } }, (_request, reply) => sendPage(reply, html));
  }
  if (!shells.has('/'))
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return { sendIndex };
}
