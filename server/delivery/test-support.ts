import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import type { ChannelSenders } from './channels/index.ts';
import type {
  ChannelSender,
  OutgoingMessage,
  SendOutcome,
} from '#server/modules/channels/channel-sender.ts';

// Shared by the engine's tests and the delivery benchmark: set-based seeding, senders that record
// what they are given, and a real SMTP peer.

export const silentLog = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};

export interface SeedOptions {
  count: number;
  /** Distinguishes the addresses of one seeding from another's. */
  prefix?: string;
  timeZone?: string;
  times?: Partial<Record<DeliveryChannel, string[]>>;
  dayStartHour?: number;
  /** When the first delivery is due; null leaves the schedule unscheduled. */
  nextDeliveryAt: Date | null;
  /** Open tasks per user, scheduled on `localDate`; task k is due k − 1 days later (so they rank 1, 2, 3…). */
  tasksPerUser?: number;
  localDate: string;
  confirmed?: boolean;
  now: Date;
}

/**
 * Users with a confirmed address, a profile, a schedule and open tasks, in five statements
 * (generate_series), whatever the count. Returns the user ids in creation order.
 */
export async function seedDueUsers(db: Db, options: SeedOptions): Promise<string[]> {
  const prefix = options.prefix ?? randomBytes(4).toString('hex');
  const now = options.now.toISOString();
  const times = JSON.stringify({ email: ['07:30'], sms: [], push: [], ...options.times });
  const confirmed = options.confirmed ?? true;
  const ids = await queryRows<{ id: string }>(
    db,
    sql`insert into users (id, email, email_confirmed_at, created_at, updated_at)
        select gen_random_uuid(), ${prefix} || '-' || g || '@example.com',
          case when ${confirmed}::boolean then ${now}::timestamptz end, ${now}::timestamptz, ${now}::timestamptz
        from generate_series(1, ${options.count}) as g
        order by g
        returning id`,
  );
  const list = JSON.stringify(ids.map((row) => row.id));
  const users = sql`(select value::uuid as id from jsonb_array_elements_text(${list}::jsonb))`;
  await db.execute(
    sql`insert into profiles (user_id, time_zone, daily_capacity_minutes, created_at, updated_at)
        select u.id, ${options.timeZone ?? 'UTC'}, 120, ${now}::timestamptz, ${now}::timestamptz
        from ${users} as u`,
  );
  await db.execute(
    sql`insert into delivery_schedules (user_id, day_start_hour, times, days, quiet_hours, travel,
          paused, next_delivery_at, created_at, updated_at)
        select u.id, ${options.dayStartHour ?? 4}, ${times}::jsonb, '{1,2,3,4,5,6,7}'::smallint[],
          null, null, false, ${options.nextDeliveryAt?.toISOString() ?? null}::timestamptz,
          ${now}::timestamptz, ${now}::timestamptz
        from ${users} as u`,
  );
  const tasks = options.tasksPerUser ?? 4;
  if (tasks > 0) {
    await db.execute(
      sql`insert into tasks (id, user_id, title, status, scheduled_date, due_date, estimated_minutes,
            open_since, created_at, updated_at)
          select gen_random_uuid(), u.id, 'Task ' || k || ' of the day', 'open', ${options.localDate}::date,
            ${options.localDate}::date + (k - 1), 15 * k, ${options.localDate}::date,
            ${now}::timestamptz, ${now}::timestamptz
          from ${users} as u cross join generate_series(1, ${tasks}) as k`,
    );
  }
  return ids.map((row) => row.id);
}

export type Behaviour = (message: OutgoingMessage) => SendOutcome | Promise<SendOutcome>;

export interface RecordingSenders extends ChannelSenders {
  sent: OutgoingMessage[];
  /** What the next messages get; accepted by default. */
  behave(behaviour: Behaviour | null): void;
}

/** Senders shaped like the real ones that keep every message and answer as told. */
export function recordingSenders(): RecordingSenders {
  const sent: OutgoingMessage[] = [];
  let behaviour: Behaviour | null = null;
  const sender = (channel: DeliveryChannel): ChannelSender => ({
    channel,
    transport: 'recording',
    async send(message) {
      sent.push(message);
      return behaviour
        ? behaviour(message)
        : { ok: true, providerMessageId: `${channel}-${message.idempotencyKey}` };
    },
    async close() {},
  });
  return {
    email: sender('email'),
    sms: sender('sms'),
    push: sender('push'),
    transports: { email: 'smtp', sms: 'http', push: 'web-push' },
    vapidPublicKey: 'test-vapid-public-key',
    async close() {},
    sent,
    behave(next) {
      behaviour = next;
    },
  };
}

export interface SmtpPeer {
  port: number;
  url: string;
  /** Message-ID → how many times a message with it was accepted. */
  accepted: Map<string, number>;
  /** Message-IDs whose DATA arrived but was not answered. */
  held: string[];
  /** From now on, leave the `n`-th message to arrive (1-based, counted from now) unanswered. */
  holdNth(n: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server that accepts and discards, counting Message-IDs. A held message gets no
 * answer to its DATA, so its sender waits; when the sender dies, the message was never accepted.
 */
export async function startSmtpPeer(options: { count?: boolean } = {}): Promise<SmtpPeer> {
  const accepted = new Map<string, number>();
  const held: string[] = [];
  let arrivals = 0;
  let holdAt = 0;
  const counting = options.count ?? true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      if (!counting) {
        stream.on('data', () => undefined);
        stream.on('end', () => callback());
        return;
      }
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 16_384) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '(none)';
        arrivals += 1;
        if (holdAt > 0 && arrivals === holdAt) {
          held.push(id);
          return;
        }
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    held,
    holdNth(n) {
      holdAt = arrivals + n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
