import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { readMigrationJournal } from './migrations.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './pglite-settings.ts';
import { pgliteStartParams } from './pglite-start.ts';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';
import { migrationsDir } from '#server/paths.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /** True when the database answers and every committed migration is applied. */
  readiness(): Promise<{ reachable: boolean; migrated: boolean }>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to restore copies quickly in tests. */
  dumpDataDir(): Promise<Blob>;
  /**
   * LISTEN on `channel` (a lower-case identifier): `onPayload` receives every NOTIFY on it, from
   * any process on the same database. Resolves once listening; the result stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY `channel` with `payload` (PostgreSQL caps a payload below 8000 bytes). */
  notify(channel: string, payload: string): Promise<void>;
}

/** LISTEN takes an identifier, not a parameter: only plain lower-case names are accepted. */
function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
}

type Listeners = Map<string, Set<(payload: string) => void>>;

function dispatch(listeners: Listeners, channel: string, payload: string): void {
  for (const handler of listeners.get(channel) ?? []) handler(payload);
}

/**
 * PostgreSQL: one dedicated connection per process holds every LISTEN (pooled connections cannot:
 * they are shared and recycled). When it drops, it reconnects with backoff and listens again;
 * notifications sent while it was away are lost, which is why clients also poll.
 */
function createPgListener(url: string, Client: typeof pg.Client) {
  const listeners: Listeners = new Map();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = (dropped: pg.Client) => {
    if (client !== dropped) return;
    client = null;
    dropped.removeAllListeners('notification');
    dropped.end().catch(() => undefined);
    if (closed || listeners.size === 0 || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => undefined);
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 5000);
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new Client({ connectionString: url });
      next.on('notification', (message) =>
        dispatch(listeners, message.channel, message.payload ?? ''),
      );
      try {
        await next.connect();
        for (const channel of listeners.keys()) await next.query(`listen ${channel}`);
      } catch (error: unknown) {
        next.end().catch(() => undefined);
        throw error;
      }
      next.on('error', () => scheduleReconnect(next));
      next.on('end', () => scheduleReconnect(next));
      client = next;
      retryMs = 100;
      return next;
    })()
      .catch((error: unknown) => {
        if (!closed && listeners.size > 0 && !retryTimer) {
          retryTimer = setTimeout(() => {
            retryTimer = undefined;
            connect().catch(() => undefined);
          }, retryMs);
          retryTimer.unref();
          retryMs = Math.min(retryMs * 2, 5000);
        }
        throw error;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void) {
      assertChannel(channel);
      if (closed) throw new Error('the database is closed');
      let handlers = listeners.get(channel);
      const first = !handlers;
      if (!handlers) {
        handlers = new Set();
        listeners.set(channel, handlers);
      }
      handlers.add(onPayload);
      try {
        const connected = client ?? (await connect());
        // A connection made meanwhile may have started before this channel was known; LISTEN twice is harmless.
        if (first) await connected.query(`listen ${channel}`);
      } catch (error: unknown) {
        handlers.delete(onPayload);
        if (handlers.size === 0) listeners.delete(channel);
        throw error;
      }
      return async () => {
        const current = listeners.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        listeners.delete(channel);
        await client?.query(`unlisten ${channel}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      listeners.clear();
      const current = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      if (current) {
        current.removeAllListeners();
        await current.end().catch(() => undefined);
      }
    },
  };
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /**
       * PGlite already opening on its own thread (ADR 031): the web process starts it before it
       * loads the app; tests and scripts run PGlite in process.
       */
      thread?: Promise<PgliteThread>;
      /** PostgreSQL's buffer cache in MB (in process; the thread was given its own). */
      sharedBuffersMb?: number;
    };

/** Any constant; every Trellis process takes the same advisory lock while it migrates. */
const MIGRATION_LOCK_ID = 74_201_337;

/** Several app processes may start at once: one migrates while the others wait, then find nothing to do. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg({ client: connection, schema, casing: 'snake_case' }), {
        migrationsFolder: migrationsDir,
      });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    connection.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // The PostgreSQL driver loads only when it is used: an embedded start does without it.
    const [{ default: pgModule }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pgModule.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    const listener = createPgListener(options.url, pgModule.Client);
    return wrap(
      db,
      'postgres',
      () => migrateWithLock(pool),
      async () => {
        await listener.close();
        await pool.end();
      },
      () => Promise.reject(new Error('dumpDataDir is only available on PGlite')),
      (channel, onPayload) => listener.listen(channel, onPayload),
    );
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client =
    (await options.thread) ??
    (await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      startParams: pgliteStartParams(options.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB),
    }));
  // The thread answers the part of PGlite's API that Drizzle's PGlite driver calls.
  const db = drizzlePglite({ client: client as PGlite, schema, casing: 'snake_case' });
  return wrap(
    db,
    'pglite',
    () => migratePglite(db, { migrationsFolder: migrationsDir }),
    () => client.close(),
    () => (client instanceof PgliteThread ? client.dumpDataDir() : client.dumpDataDir('gzip')),
    async (channel, onPayload) => {
      assertChannel(channel);
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  );
}

function wrap(
  db: Db,
  kind: Database['kind'],
  runMigrations: () => Promise<void>,
  close: () => Promise<void>,
  dumpDataDir: () => Promise<Blob>,
  listen: Database['listen'],
): Database {
  let closed = false;
  return {
    db,
    kind,
    listen,
    async notify(channel, payload) {
      assertChannel(channel);
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async migrate() {
      // A start on a current database asks one question rather than reading and hashing every
      // migration file: drizzle applies whatever is newer than the last applied row's created_at.
      if (await isCurrent(db)) return;
      await runMigrations();
    },
    async readiness() {
      try {
        const [row] = await queryRows<{ count: number }>(
          db,
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        );
        const applied = row?.count ?? 0;
        return { reachable: true, migrated: applied >= readMigrationJournal().length };
      } catch {
        try {
          await db.execute(sql`select 1`);
          return { reachable: true, migrated: false };
        } catch {
          return { reachable: false, migrated: false };
        }
      }
    },
    dumpDataDir,
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

/** True when the newest committed migration is already applied (drizzle's own test). */
async function isCurrent(db: Db): Promise<boolean> {
  const newest = readMigrationJournal().at(-1)?.when;
  if (newest === undefined) return false;
  try {
    const [row] = await queryRows<{ last: string | null }>(
      db,
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    return row?.last != null && Number(row.last) >= newest;
  } catch {
    // No migrations table yet: a new database.
    return false;
  }
}

/** Raw SQL for the few queries the builder cannot say; both drivers answer with `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
