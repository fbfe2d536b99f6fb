import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contracts/errors.ts';
import { readinessSchema, runtimeConfigSchema } from '#contracts/system.ts';
import type { Database } from './db/client.ts';
import { createTestApp } from './test/app.ts';
import { createTestDatabase } from './test/database.ts';

function makeClientBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--runtime-config--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  mkdirSync(join(dir, 'pages'));
  writeFileSync(
    join(dir, 'pages', 'pages.json'),
    JSON.stringify({
      pages: { '/features': 'features.html', '/login': 'login.html' },
      variants: { '/login': { option: 'phone', file: 'login+phone.html' } },
      notFound: 'not-found.html',
    }),
  );
  writeFileSync(
    join(dir, 'pages', 'not-found.html'),
    '<!doctype html><html><head><!--runtime-config--></head><body><div id="root"><h1>Page not found</h1></div></body></html>',
  );
  writeFileSync(
    join(dir, 'pages', 'login.html'),
    '<!doctype html><html><head><!--runtime-config--></head><body><div id="root"><form method="post"></form></div></body></html>',
  );
  writeFileSync(
    join(dir, 'pages', 'login+phone.html'),
    '<!doctype html><html><head><!--runtime-config--></head><body><div id="root"><form method="post"><button type="button">Use a phone number instead</button></form></div></body></html>',
  );
  writeFileSync(
    join(dir, 'pages', 'features.html'),
    `<!doctype html><html><head><!--runtime-config--></head><body><div id="root"><h1>Features</h1>${'<p>Prerendered copy.</p>'.repeat(100)}</div></body></html>`,
  );
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

describe('the HTTP skeleton', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { clientDir: makeClientBuild(), version: '1.2.3' });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers liveness and readiness once migrations are applied', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(readinessSchema.parse(ready.json())).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true },
    });
  });

  it('exposes Prometheus metrics, including request latency by route', async () => {
    await app.inject('/healthz');
    const response = await app.inject('/metrics');
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /trellis_http_request_duration_seconds_count\{[^}]*route="\/healthz"/,
    );
  });

  it('answers unknown API paths with a JSON 404 carrying the request id', async () => {
    for (const url of ['/api/does-not-exist', '/api']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      const body = errorBodySchema.parse(response.json());
      expect(body.error.code).toBe('not_found');
      expect(body.error.requestId).toBe(response.headers['x-request-id']);
    }
    // The auth API answers in GoTrue's envelope instead (server/auth/auth.envelopes.test.ts).
    const auth = await app.inject({
      url: '/auth/v1/nope',
      headers: { accept: 'text/html', apikey: app.auth.keys.publishableKey },
    });
    expect(auth.statusCode).toBe(404);
    expect(auth.json()).toMatchObject({ code: 404, error_code: 'not_found' });
  });

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id <>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <>');
  });

  it('sends security headers: a CSP without inline scripts, no framing, nosniff, a referrer policy', async () => {
    const { headers } = await app.inject('/');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the SPA for page paths with the runtime config injected and no caching', async () => {
    // /auth/confirm is a page (the email-confirmation landing), though it sits beside /auth/v1.
    for (const url of [
      '/',
      '/goals/123',
      '/goals/123/breakdown/',
      '/Dashboard',
      '/logout',
      '/auth/confirm?code=abc',
      '/reset-password?token_hash=abc&type=recovery',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const match = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(
        response.body,
      );
      expect(match).not.toBeNull();
      const config = runtimeConfigSchema.parse(JSON.parse(match?.[1] ?? '{}'));
      expect(config.version).toBe('1.2.3');
    }
  });

  it('answers a path the router has no page for with 404 and the prerendered not-found page', async () => {
    for (const url of ['/faq', '/privacy?from=footer', '/no/such/page', '/goals/1/2/3', '/auth']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('id="runtime-config"');
      expect(response.body).toContain('<h1>Page not found</h1>');
    }
    const head = await app.inject({ method: 'HEAD', url: '/faq' });
    expect(head.statusCode).toBe(404);
  });

  it('sends a sign-in form posted without JavaScript back to the form', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=someone%40example.com&password=secret-password',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
  });

  it('sends the sign-in page written with the sign-in options this server offers', async () => {
    const offered = await app.inject('/login');
    expect(offered.body).toContain('Use a phone number instead');
    expect(offered.body).toContain('"signInOptions":{"phone":true,"anonymous":false}');
    const database = await createTestDatabase();
    const emailOnly = await createTestApp(database, {
      clientDir: makeClientBuild(),
      env: { AUTH_PHONE_SIGN_IN: 'false' },
    });
    try {
      const page = await emailOnly.inject('/login');
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('Use a phone number instead');
      expect(page.body).toContain('"signInOptions":{"phone":false,"anonymous":false}');
    } finally {
      await emailOnly.close();
      await database.close();
    }
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await app.inject('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('serves the prerendered shell of a page, compressed, with the runtime config', async () => {
    const response = await app.inject({ url: '/features', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<h1>Features</h1>');
    expect(html).toContain('id="runtime-config"');
  });

  it('serves a precompressed asset when the browser accepts brotli', async () => {
    const response = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await app.inject('/assets/missing-123.js');
    expect(response.statusCode).toBe(404);
  });

  it('turns malformed JSON into a 400 a person can act on', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/runtime-config',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(errorBodySchema.parse(response.json()).error.requestId).toBeTruthy();
  });
});

describe('start-up without migrations', () => {
  it('stops with a message naming the module that cannot start, rather than serving without it', async () => {
    const { openDatabase } = await import('./db/client.ts');
    const { ModuleStartError } = await import('./modules.ts');
    const fresh = await openDatabase({ kind: 'pglite' });
    try {
      const build = createTestApp(fresh);
      await expect(build).rejects.toBeInstanceOf(ModuleStartError);
      await expect(build).rejects.toThrow(/^The auth module could not start: /);
      // What /readyz reports of such a database (main.ts migrates before it builds the app).
      expect(await fresh.readiness()).toEqual({ reachable: true, migrated: false });
    } finally {
      await fresh.close();
    }
  });
});
