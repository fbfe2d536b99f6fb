import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DeliveryChannel } from '#contracts/delivery.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { Database, Db } from '#server/db/client.ts';
import { eq } from 'drizzle-orm';
import { deliveries, deliveryAttempts, users, type DeliveryPayload } from '#server/db/schema.ts';
import { createDevOutboxSender } from '#server/delivery/channels/dev-outbox.ts';
import { verificationSmsText } from '#server/delivery/channels/sms.ts';
import { createLinkSigner, type LinkClaims } from '#server/delivery/links.ts';
import { activeChannels, channelStates, loadRecipients } from '#server/delivery/recipients.ts';
import { upcoming } from '#server/delivery/schedule.ts';
import type { ChannelSender } from '#server/delivery/types.ts';
import { createAiGateway } from '#server/ai/gateway.ts';
import { aiSettingsFromEnv } from '#server/ai/settings.ts';
import { loadEnv } from '#server/env.ts';
import { createGoalsModule } from '#server/modules/goals/goals.module.ts';
import { createMovableClock } from '#server/modules/goals/test-support.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';
import { createDeliveryApi, type DeliveryEngine } from './delivery-api.ts';

const quietLog = { info() {}, warn() {}, error() {} };

export interface DeliveryTestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  clock: ReturnType<typeof createMovableClock>;
  /** Users whose next delivery was recomputed, in order. */
  refreshed: string[];
  /** Users whose next recomputation fails (to prove writes roll back with it). */
  failRefresh: Set<string>;
  /** When set, the SMS provider refuses every text with this failure. */
  smsFailure: { permanent: boolean; error: string } | null;
  user(options?: { role?: 'admin' | 'coach' }): Promise<TestUser>;
  call(
    user: TestUser | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Marks the account's address confirmed (daily emails go only to a confirmed one). */
  confirmEmail(user: TestUser): Promise<void>;
  /** A genuine signed link, as the messages carry them. */
  signLink(claims: LinkClaims): Promise<string>;
  /** A delivery row as the dispatcher leaves it, with attempts. */
  insertDelivery(
    user: TestUser,
    values: {
      channel: DeliveryChannel;
      scheduledFor: string;
      slot?: string;
      status?: 'queued' | 'sent' | 'failed';
      recipient?: string | null;
      tasks?: string[];
      attempts?: Array<{ status: 'sent' | 'failed'; error?: string; permanent?: boolean }>;
    },
  ): Promise<string>;
  close(): Promise<void>;
}

/**
 * The app with the delivery API on a test database. The engine's scheduling and sending are
 * stand-ins (refreshes are recorded; send-now writes queued rows); which channels are active is
 * the engine's own rule (server/delivery/recipients.ts) and links are signed by the real signer.
 */
export async function startDeliveryApp(options: { start?: string } = {}): Promise<DeliveryTestApp> {
  const database = await createTestDatabase();
  const db = database.db;
  const clock = createMovableClock(options.start ?? '2025-03-03T08:00:00.000Z');
  const app = await createTestApp(database, {
    env: { AUTH_RATE_LIMITS: 'false' },
    clock: clock.now,
  });
  const refreshed: string[] = [];
  const failRefresh = new Set<string>();

  const active = async (userId: string, tx: Db = db) => {
    const facts = (await loadRecipients(tx, [userId])).get(userId);
    return facts ? activeChannels(facts) : [];
  };
  const states = async (userId: string, tx: Db = db) => {
    const facts = (await loadRecipients(tx, [userId])).get(userId);
    if (!facts) throw new Error('no such user');
    return channelStates(facts);
  };

  const linkSigner = await createLinkSigner({ db, clock: clock.now });

  const engine: DeliveryEngine = {
    async refreshSchedule(userId) {
      if (failRefresh.has(userId)) throw new Error('the scheduler is down');
      refreshed.push(userId);
    },
    activeChannels: states,
    async sendNow(userId) {
      const now = clock.now();
      const ids: string[] = [];
      for (const channel of await active(userId)) {
        const id = randomUUID();
        await db.insert(deliveries).values({
          id,
          userId,
          localDate: now.toISOString().slice(0, 10),
          slot: `now:${now.toISOString()}`,
          channel,
          status: 'queued',
          scheduledFor: now,
          payload: { timeZone: 'UTC', tasks: [] },
          createdAt: now,
          updatedAt: now,
        });
        ids.push(id);
      }
      return ids;
    },
    linkSigner,
  };

  // The planning services the app builds too, for the one-tap complete link.
  const planning = createGoalsModule({
    db,
    clock: clock.now,
    guard: app.auth.guard,
    ai: createAiGateway({
      settings: aiSettingsFromEnv(loadEnv({ NODE_ENV: 'test' })),
      clock: { now: clock.now },
      recordCall: () => undefined,
    }),
    log: quietLog,
  });

  const outboxSms = createDevOutboxSender('sms', { db, log: quietLog });
  const sms: ChannelSender = {
    ...outboxSms,
    async send(message) {
      return harness.smsFailure ? { ok: false, ...harness.smsFailure } : outboxSms.send(message);
    },
  };

  const api = createDeliveryApi({
    db,
    clock: clock.now,
    guard: app.auth.guard,
    engine,
    senders: {
      sms,
      transports: { email: 'dev-outbox', sms: 'dev-outbox', push: 'dev-outbox' },
      vapidPublicKey: 'BTestVapidPublicKey',
    },
    upcoming,
    verificationSmsText,
    tasks: planning.tasks,
    log: quietLog,
  });
  await app.register(api.routes);
  await app.ready();

  const call: DeliveryTestApp['call'] = (user, method, url, payload, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(user?.headers ?? {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });

  const harness: DeliveryTestApp = {
    smsFailure: null,
    app,
    database,
    db,
    clock,
    refreshed,
    failRefresh,
    user: (userOptions = {}) => signUpTestUser(app, userOptions),
    call,
    async confirmEmail(user) {
      await db.update(users).set({ emailConfirmedAt: clock.now() }).where(eq(users.id, user.id));
    },
    signLink: (claims) => linkSigner.sign(claims),
    async insertDelivery(user, values) {
      const id = randomUUID();
      const at = new Date(values.scheduledFor);
      const status = values.status ?? 'sent';
      const payload: DeliveryPayload = {
        timeZone: 'UTC',
        tasks: (values.tasks ?? []).map((title) => ({
          taskId: randomUUID(),
          title,
          reason: 'Due today',
          goalTitle: null,
        })),
      };
      await db.insert(deliveries).values({
        id,
        userId: user.id,
        localDate: values.scheduledFor.slice(0, 10),
        slot: values.slot ?? values.scheduledFor.slice(11, 16),
        channel: values.channel,
        status,
        recipient: values.recipient === undefined ? user.email : values.recipient,
        scheduledFor: at,
        attempts: values.attempts?.length ?? 0,
        payload,
        sentAt: status === 'sent' ? at : null,
        lastError: values.attempts?.findLast((a) => a.error)?.error ?? null,
        createdAt: at,
        updatedAt: at,
      });
      for (const [index, attempt] of (values.attempts ?? []).entries()) {
        await db.insert(deliveryAttempts).values({
          id: randomUUID(),
          deliveryId: id,
          attempt: index + 1,
          status: attempt.status,
          error: attempt.error ?? null,
          permanent: attempt.permanent ?? false,
          at: new Date(at.getTime() + index * 60_000),
        });
      }
      return id;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return harness;
}

/** Asserts an error answer and returns its body's error. */
export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorBodySchema.parse(response.json());
  expect(body.error.code).toBe(code);
  return body.error;
}
