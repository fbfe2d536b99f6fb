import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { ScheduleUpdate } from '#contracts/schedule.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { Database, Db } from '#server/db/client.ts';
import {
  deliveries,
  deliveryAttempts,
  deliverySchedules,
  users,
  type DeliveryPayload,
} from '#server/db/schema.ts';
import { createChannelSenders, type ChannelSenders } from '#server/delivery/channels/index.ts';
import type { LinkClaims } from '#server/modules/links/link-claims.ts';
import { loadEnv } from '#server/env.ts';
import { createMovableClock } from '#server/modules/goals/test-support.ts';
import { createTestApp } from '#server/test/app.ts';
import { fakeDns } from '#server/test/fake-dns.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

const quietLog = { info() {}, warn() {}, error() {} };

/** Every provider unconfigured: messages land in the dev outbox. */
const testEnv = { AUTH_RATE_LIMITS: 'false', PUSH_TRANSPORT: 'dev-outbox' };

export interface DeliveryTestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  clock: ReturnType<typeof createMovableClock>;
  /** DNS as the app sees it: every name public unless a test sets its answer. */
  dns: ReturnType<typeof fakeDns>;
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
  /** Saves a day contract in UTC with these times (every day, no quiet hours). */
  saveSchedule(user: TestUser, times: Partial<ScheduleUpdate['times']>): Promise<void>;
  /** When the scheduler will next look at the user (delivery_schedules.next_delivery_at). */
  nextDeliveryAt(user: TestUser): Promise<string | null>;
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
 * The whole app, delivery engine included, on a test database; its worker does not run, so
 * queued deliveries stay queued. Every provider writes to the dev outbox; `smsFailure` makes the
 * SMS provider refuse texts.
 */
export async function startDeliveryApp(
  options: { start?: string; env?: Record<string, string> } = {},
): Promise<DeliveryTestApp> {
  const database = await createTestDatabase();
  const db = database.db;
  const clock = createMovableClock(options.start ?? '2025-03-03T08:00:00.000Z');
  const real = await createChannelSenders({
    env: loadEnv({ NODE_ENV: 'test', ...testEnv }),
    db,
    log: quietLog,
  });
  const senders: ChannelSenders = {
    ...real,
    sms: {
      ...real.sms,
      async send(message) {
        return harness.smsFailure ? { ok: false, ...harness.smsFailure } : real.sms.send(message);
      },
    },
  };
  const dns = fakeDns();
  const app = await createTestApp(database, {
    env: { ...testEnv, ...options.env },
    clock: clock.now,
    deliverySenders: senders,
    resolveHost: dns,
  });
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
    dns,
    user: (userOptions = {}) => signUpTestUser(app, userOptions),
    call,
    async confirmEmail(user) {
      await db.update(users).set({ emailConfirmedAt: clock.now() }).where(eq(users.id, user.id));
    },
    async saveSchedule(user, times) {
      const response = await call(user, 'PUT', '/api/schedule', {
        timeZone: 'UTC',
        dayStartHour: 0,
        times: { email: [], sms: [], push: [], ...times },
        days: [1, 2, 3, 4, 5, 6, 7],
        quietHours: null,
        travel: null,
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    async nextDeliveryAt(user) {
      const [row] = await db
        .select({ next: deliverySchedules.nextDeliveryAt })
        .from(deliverySchedules)
        .where(eq(deliverySchedules.userId, user.id));
      return row?.next?.toISOString() ?? null;
    },
    signLink: (claims) => app.delivery.linkSigner.sign(claims),
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
  // Every 429 says when to try again.
  if (status === 429) expect(String(response.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
  const body = errorBodySchema.parse(response.json());
  expect(body.error.code).toBe(code);
  return body.error;
}
