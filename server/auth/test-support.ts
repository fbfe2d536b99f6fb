import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { auditLog, devOutbox } from '#server/db/schema.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';

/** A clock that follows real time plus an offset tests can move forward. */
export function createTestClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(seconds: number) {
      offsetMs += seconds * 1000;
    },
  };
}

class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in auth tests');
  }
}

export function memoryStorage(): SupportedStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

export interface AuthTestServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  clock: ReturnType<typeof createTestClock>;
  publishableKey: string;
  serviceRoleKey: string;
  /** A browser-like supabase-js client (no persistence, no timers). */
  client(options?: { pkce?: boolean; storage?: SupportedStorage }): SupabaseClient;
  /** A supabase-js client holding the service-role key (admin API). */
  adminClient(): SupabaseClient;
  /** Emails sent to `to` (newest first), after background work has finished. */
  mails(to: string): Promise<(typeof devOutbox.$inferSelect)[]>;
  lastMail(to: string, template?: string): Promise<typeof devOutbox.$inferSelect>;
  audit(action?: string): Promise<(typeof auditLog.$inferSelect)[]>;
  /** fetch against /auth/v1 with the publishable key (and JSON). */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the real app on an ephemeral port with its own migrated database. */
export async function startAuthServer(env: Record<string, string> = {}): Promise<AuthTestServer> {
  const database = await createTestDatabase();
  const clock = createTestClock();
  const app = await createTestApp(database, {
    env: { AUTH_RATE_LIMITS: 'false', ...env },
    clock: clock.now,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  const { publishableKey, serviceRoleKey } = app.auth.keys;

  const clientWith = (key: string, options: { pkce?: boolean; storage?: SupportedStorage } = {}) =>
    createClient(url, key, {
      // Node 20 has no WebSocket; realtime is never used here, but the client wants a transport.
      realtime: { transport: NoWebSocket as never },
      auth: {
        persistSession: options.pkce === true || options.storage !== undefined,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        ...(options.pkce ? { flowType: 'pkce' as const } : {}),
        storage: options.storage ?? memoryStorage(),
      },
    });

  const mails = async (to: string) => {
    await app.auth.drain();
    return database.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, to))
      .orderBy(desc(devOutbox.createdAt));
  };

  return {
    app,
    database,
    url,
    clock,
    publishableKey,
    serviceRoleKey,
    client: (options) => clientWith(publishableKey, options),
    adminClient: () => clientWith(serviceRoleKey),
    mails,
    async lastMail(to, template) {
      const found = (await mails(to)).filter((m) => !template || m.template === template);
      const [latest] = found;
      if (!latest) throw new Error(`no ${template ?? ''} email to ${to}`);
      return latest;
    },
    async audit(action) {
      const rows = await database.db.select().from(auditLog).orderBy(desc(auditLog.id));
      return action ? rows.filter((r) => r.action === action) : rows;
    },
    request(path, init = {}) {
      const { json, headers, ...rest } = init;
      return fetch(`${url}/auth/v1${path}`, {
        ...rest,
        headers: {
          apikey: publishableKey,
          'x-supabase-api-version': '2024-01-01',
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(headers as Record<string, string> | undefined),
        },
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The code and the token hash of an auth email (from its link and text). */
export function parseAuthEmail(mail: { link: string | null; text: string }) {
  const code = /code: (\d{6})/i.exec(mail.text)?.[1] ?? null;
  const link = mail.link ? new URL(mail.link) : null;
  return {
    code,
    // A verify link carries `token`; a page link (the reset email's) carries `token_hash`.
    tokenHash: link?.searchParams.get('token') ?? link?.searchParams.get('token_hash') ?? null,
    type: link?.searchParams.get('type') ?? null,
    redirectTo: link?.searchParams.get('redirect_to') ?? null,
  };
}

let counter = 0;
/** A unique address per call. */
export function email(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
