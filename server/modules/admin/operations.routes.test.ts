import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiAdminSchema,
  auditPageSchema,
  broadcastResultSchema,
  deliveryReportSchema,
  engineInUseSchema,
  systemStatusSchema,
} from '#contracts/admin-operations.ts';
import { deliveryListSchema } from '#contracts/deliveries.ts';
import { notificationListSchema } from '#contracts/notifications.ts';
import { aiCalls, deliveries } from '#server/db/schema.ts';
import { expectError, startDeliveryApp, type DeliveryTestApp } from '#server/test/delivery-app.ts';
import type { TestUser } from '#server/test/users.ts';

// A second engine without any service: an OpenAI-compatible server at a port nothing listens on.
// Its calls fail at once, the offline engine answers instead, and the record names the engine.
const aiEnv = { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'trellis-test-model' };

describe('admin operations API', () => {
  let t: DeliveryTestApp;
  let admin: TestUser;
  let coach: TestUser;
  let user: TestUser;
  let other: TestUser;

  const ok = async (who: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) => {
    const response = await t.call(who, method, url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<unknown>();
  };

  beforeAll(async () => {
    t = await startDeliveryApp({ env: aiEnv });
    admin = await t.user({ role: 'admin' });
    coach = await t.user({ role: 'coach' });
    user = await t.user();
    other = await t.user();
  });
  afterAll(async () => {
    await t?.close();
  });

  const adminOnly: Array<['GET' | 'PUT' | 'POST', string, unknown]> = [
    ['GET', '/api/admin/system', undefined],
    ['GET', '/api/admin/deliveries', undefined],
    ['GET', '/api/admin/deliveries/lookup?email=ada@example.com', undefined],
    ['GET', '/api/admin/ai', undefined],
    ['PUT', '/api/admin/ai/engine', { engine: 'offline' }],
    ['GET', '/api/admin/audit', undefined],
    ['POST', '/api/admin/broadcasts', { audience: 'all', title: 'Hi', message: 'Hello' }],
  ];

  it('refuses every route to a plain user and a coach (403) and to no one signed in (401)', async () => {
    for (const [method, url, body] of adminOnly) {
      expectError(await t.call(user, method, url, body), 403, 'forbidden');
      expectError(await t.call(coach, method, url, body), 403, 'forbidden');
      expectError(await t.call(null, method, url, body), 401, 'unauthenticated');
    }
  });

  it('says what the system runs on, without any secret', async () => {
    const system = systemStatusSchema.parse(await ok(admin, 'GET', '/api/admin/system'));
    // The suite runs on PGlite, and on PostgreSQL where TEST_DATABASE_URL names one.
    expect(system.database.kind).toBe(t.database.kind);
    expect(system.readiness).toEqual({ reachable: true, migrated: true });
    expect(system.migrations.pending).toEqual([]);
    expect(system.migrations.applied).toHaveLength(system.migrations.committed);
    expect(system.worker.mode).toBe('in-process');
    expect(system.transports.map((x) => [x.channel, x.configured])).toEqual([
      ['email', false],
      ['sms', false],
      ['push', false],
    ]);
  });

  it('counts deliveries by channel and status, and shows failures with their fallback', async () => {
    const now = t.clock.now().getTime();
    const at = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    await t.insertDelivery(user, { channel: 'email', scheduledFor: at(60), status: 'sent' });
    const failed = await t.insertDelivery(user, {
      channel: 'sms',
      scheduledFor: at(30),
      status: 'failed',
      attempts: [{ status: 'failed', error: 'Number unreachable', permanent: true }],
    });
    const fallbackId = await t.insertDelivery(user, {
      channel: 'email',
      scheduledFor: at(29),
      slot: 'fallback',
      status: 'queued',
    });
    const { eq } = await import('drizzle-orm');
    await t.db.update(deliveries).set({ fallbackOf: failed }).where(eq(deliveries.id, fallbackId));
    // Older than the shortest period.
    await t.insertDelivery(other, {
      channel: 'push',
      scheduledFor: at(3 * 24 * 60),
      status: 'sent',
    });

    const day = deliveryReportSchema.parse(
      await ok(admin, 'GET', '/api/admin/deliveries?period=24h'),
    );
    expect(day.counts).toEqual([
      { channel: 'email', status: 'queued', count: 1 },
      { channel: 'email', status: 'sent', count: 1 },
      { channel: 'sms', status: 'failed', count: 1 },
    ]);
    expect(day.failures).toEqual([
      expect.objectContaining({
        id: failed,
        channel: 'sms',
        email: user.email,
        reason: 'Number unreachable',
        fallback: { channel: 'email', status: 'queued' },
      }),
    ]);
    const week = deliveryReportSchema.parse(await ok(admin, 'GET', '/api/admin/deliveries'));
    expect(week.counts).toContainEqual({ channel: 'push', status: 'sent', count: 1 });

    const lookup = deliveryListSchema.parse(
      await ok(admin, 'GET', `/api/admin/deliveries/lookup?email=${user.email.toUpperCase()}`),
    );
    expect(lookup.deliveries.map((d) => d.id)).toContain(failed);
    expect(lookup.deliveries.every((d) => d.channel !== 'push')).toBe(true);

    expectError(
      await t.call(admin, 'GET', '/api/admin/deliveries?period=1y'),
      400,
      'invalid_input',
    );
    expectError(
      await t.call(admin, 'GET', '/api/admin/deliveries/lookup?email=nope'),
      400,
      'invalid_input',
    );
    const missing = expectError(
      await t.call(admin, 'GET', '/api/admin/deliveries/lookup?email=nobody@example.com'),
      404,
      'not_found',
    );
    expect(missing.message).toContain('nobody@example.com');
  });

  it('offers the engines whose settings are present and refuses the others', async () => {
    const ai = aiAdminSchema.parse(await ok(admin, 'GET', '/api/admin/ai'));
    expect(ai.configured).toEqual({ engine: 'offline', model: 'offline', configured: true });
    expect(ai.active.engine).toBe('offline');
    expect(ai.available.map((e) => e.engine)).toEqual(['offline', 'openai-compatible']);
    const refused = expectError(
      await t.call(admin, 'PUT', '/api/admin/ai/engine', { engine: 'anthropic' }),
      409,
      'conflict',
    );
    expect(refused.message).toContain('AI_API_KEY');
    expectError(
      await t.call(admin, 'PUT', '/api/admin/ai/engine', { engine: 'gpt' }),
      400,
      'invalid_input',
    );
    expectError(await t.call(admin, 'GET', '/api/admin/ai?period=forever'), 400, 'invalid_input');
    expectError(await t.call(admin, 'PUT', '/api/admin/ai/engine', {}), 400, 'invalid_input');
    expectError(await t.call(null, 'GET', '/api/coaching/engine'), 401, 'unauthenticated');
  });

  it('switches the engine for the next call, without a restart, and counts usage per engine', async () => {
    const refine = () =>
      t.call(user, 'POST', '/api/coach/refine-goal', { text: 'Run a 5k by June' });
    const engineInUse = async () =>
      engineInUseSchema.parse(await ok(user, 'GET', '/api/coaching/engine'));

    expect(await engineInUse()).toEqual({ engine: 'offline', model: 'offline' });
    const before = await refine();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<{ engine: string }>().engine).toBe('offline');

    expect(await ok(admin, 'PUT', '/api/admin/ai/engine', { engine: 'openai-compatible' })).toEqual(
      { engine: 'openai-compatible', model: 'trellis-test-model', configured: false },
    );
    expect(await engineInUse()).toEqual({
      engine: 'openai-compatible',
      model: 'trellis-test-model',
    });
    const after = await refine();
    expect(after.statusCode, after.body).toBe(200);
    // Nothing listens there: the offline engine answered, and said so.
    expect(after.json<{ notice?: string }>().notice).toMatch(/offline coach/);

    const rows = await t.db.select().from(aiCalls);
    expect(rows.map((row) => row.engine).sort()).toEqual(['offline', 'openai-compatible']);

    const ai = aiAdminSchema.parse(await ok(admin, 'GET', '/api/admin/ai?period=24h'));
    expect(ai.active.engine).toBe('openai-compatible');
    expect(ai.choice).toEqual(
      expect.objectContaining({ engine: 'openai-compatible', chosenBy: admin.email }),
    );
    expect(ai.usage).toEqual([
      expect.objectContaining({ engine: 'offline', calls: 1, fallbacks: 0, crisis: 0 }),
      expect.objectContaining({ engine: 'openai-compatible', calls: 1, fallbacks: 1 }),
    ]);

    await ok(admin, 'PUT', '/api/admin/ai/engine', { engine: 'offline' });
    expect((await engineInUse()).engine).toBe('offline');
  });

  it('pages the audit log by keyset with filters, the engine choices among it', async () => {
    const all = auditPageSchema.parse(
      await ok(admin, 'GET', `/api/admin/audit?action=ai_engine_chosen&actor=${admin.email}`),
    );
    expect(all.entries.map((e) => e.details['to'])).toEqual(['offline', 'openai-compatible']);
    expect(all.entries[0]?.actorEmail).toBe(admin.email);

    const first = auditPageSchema.parse(await ok(admin, 'GET', '/api/admin/audit?limit=2'));
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = auditPageSchema.parse(
      await ok(admin, 'GET', `/api/admin/audit?limit=2&cursor=${first.nextCursor ?? ''}`),
    );
    const firstIds = first.entries.map((e) => e.id);
    expect(second.entries.every((e) => e.id < Math.min(...firstIds))).toBe(true);

    const mine = auditPageSchema.parse(
      await ok(admin, 'GET', `/api/admin/audit?user=${user.email}`),
    );
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((e) => e.userEmail === user.email)).toBe(true);
    const nobody = auditPageSchema.parse(
      await ok(admin, 'GET', '/api/admin/audit?actor=nobody@example.com'),
    );
    expect(nobody.entries).toEqual([]);
    const today = t.clock.now().toISOString().slice(0, 10);
    const dated = auditPageSchema.parse(
      await ok(admin, 'GET', `/api/admin/audit?from=2000-01-01&to=2000-01-02`),
    );
    expect(dated.entries).toEqual([]);
    const todays = auditPageSchema.parse(
      await ok(admin, 'GET', `/api/admin/audit?from=${today}&to=${today}&limit=100`),
    );
    expect(todays.entries.length).toBeGreaterThan(0);

    expectError(
      await t.call(admin, 'GET', '/api/admin/audit?from=2025-02-02&to=2025-01-01'),
      400,
      'invalid_input',
    );
    expectError(await t.call(admin, 'GET', '/api/admin/audit?cursor=abc'), 400, 'invalid_input');
    expectError(
      await t.call(admin, 'GET', '/api/admin/audit?actor=not-an-email'),
      400,
      'invalid_input',
    );
  });

  it('broadcasts to exactly the chosen role, audited with the acting admin', async () => {
    const unread = async (who: TestUser) => {
      const list = notificationListSchema.parse(await ok(who, 'GET', '/api/notifications'));
      return list.notifications.filter((n) => n.data?.['broadcastId']).map((n) => n.title);
    };
    const sent = broadcastResultSchema.parse(
      await ok(admin, 'POST', '/api/admin/broadcasts', {
        audience: 'coach',
        title: 'Coaches: new client list',
        message: 'The client list is sortable now.',
      }),
    );
    expect(sent).toEqual({ audience: 'coach', recipients: 1, notified: 1 });
    expect(await unread(coach)).toEqual(['Coaches: new client list']);
    expect(await unread(user)).toEqual([]);
    expect(await unread(admin)).toEqual([]);

    const users = broadcastResultSchema.parse(
      await ok(admin, 'POST', '/api/admin/broadcasts', {
        audience: 'user',
        title: 'Maintenance tonight',
        message: 'Trellis is down for ten minutes at 22:00 UTC.',
      }),
    );
    expect(users.recipients).toBe(2);
    expect(await unread(user)).toEqual(['Maintenance tonight']);
    expect(await unread(other)).toEqual(['Maintenance tonight']);
    expect(await unread(coach)).toEqual(['Coaches: new client list']);

    const audit = auditPageSchema.parse(
      await ok(admin, 'GET', '/api/admin/audit?action=admin_broadcast_sent'),
    );
    expect(audit.entries.map((e) => [e.actorEmail, e.details['audience']])).toEqual([
      [admin.email, 'user'],
      [admin.email, 'coach'],
    ]);

    expectError(
      await t.call(admin, 'POST', '/api/admin/broadcasts', {
        audience: 'coaches',
        title: 'x',
        message: 'y',
      }),
      400,
      'invalid_input',
    );
    expectError(
      await t.call(admin, 'POST', '/api/admin/broadcasts', {
        audience: 'all',
        title: '  ',
        message: 'y',
      }),
      400,
      'invalid_input',
    );
  });

  it('writes a broadcast in batches: every account of the audience, once', async () => {
    const { createOperationsService } = await import('./operations.service.ts');
    const service = createOperationsService({
      db: t.db,
      clock: t.clock.now,
      version: 'test',
      database: t.database,
      worker: { mode: 'off', tickMs: 1000, lastTick: async () => null },
      transports: { email: 'dev-outbox', sms: 'dev-outbox', push: 'dev-outbox' },
      deliveries: { list: async () => ({ deliveries: [], nextCursor: null }) },
      batchSize: 2,
    });
    const ctx = {
      userId: admin.id,
      email: admin.email,
      role: 'admin' as const,
      sessionId: randomUUID(),
      aal: 'aal1' as const,
      isAnonymous: false,
    };
    const result = await service.broadcast(ctx, { audience: 'all', title: 'All', message: 'Hi' });
    expect(result).toEqual({ audience: 'all', recipients: 4, notified: 4 });
  });
});
