import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';

// /metrics is for the operator: with METRICS_TOKEN, only with that Bearer token; without it, only
// from this machine and not through a proxy. The API docs are off in production unless API_DOCS.

const TOKEN = 'metrics-token-0123456789';
const REMOTE = '203.0.113.9';

describe('who may read /metrics and /api/docs', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  const app = async (env: Record<string, string>) => {
    const built = await createTestApp(database, { env });
    apps.push(built);
    return built;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const built of apps) await built.close();
    await database?.close();
  });

  it('without METRICS_TOKEN: this machine only, and not through a proxy', async () => {
    const local = await app({});
    const fromHere = await local.inject({ url: '/metrics' });
    expect(fromHere.statusCode).toBe(200);
    expect(fromHere.body).toContain('trellis_http_request_duration_seconds');

    const fromElsewhere = await local.inject({ url: '/metrics', remoteAddress: REMOTE });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json()).toMatchObject({
      error: {
        code: 'forbidden',
        message:
          'Metrics are served only to this machine; set METRICS_TOKEN to read them from elsewhere.',
      },
    });
    const proxied = await local.inject({
      url: '/metrics',
      headers: { 'x-forwarded-for': REMOTE },
    });
    expect(proxied.statusCode).toBe(403);
  });

  it('with METRICS_TOKEN: that Bearer token from anywhere, nothing else', async () => {
    const guarded = await app({ METRICS_TOKEN: TOKEN });
    const withToken = await guarded.inject({
      url: '/metrics',
      remoteAddress: REMOTE,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }]) {
      const refused = await guarded.inject({ url: '/metrics', headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: { message: 'Send the METRICS_TOKEN as a Bearer token to read the metrics.' },
      });
    }
  });

  it('refuses a METRICS_TOKEN too short to be a secret', async () => {
    await expect(app({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
  });

  it('serves the API docs outside production, and in production only with API_DOCS=true', async () => {
    expect((await (await app({})).inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    const production = await app({ NODE_ENV: 'production' });
    expect((await production.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
    expect((await production.inject({ url: '/api/docs' })).statusCode).toBe(404);
    const opted = await app({ NODE_ENV: 'production', API_DOCS: 'true' });
    expect((await opted.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    const off = await app({ API_DOCS: 'false' });
    expect((await off.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
