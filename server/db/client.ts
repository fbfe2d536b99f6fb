import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { readMigrationJournal } from './migrations.ts';
import * as schema from './schema.ts';
import { migrationsDir } from '../paths.ts';

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
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Any constant; every Trellis process takes the same advisory lock while it migrates. */
const MIGRATION_LOCK_ID = 74_201_337;

/** Several app processes may start at once: one migrates while the others wait, then find nothing to do. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
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
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return wrap(
      db,
      'postgres',
      () => migrateWithLock(pool),
      () => pool.end(),
      () => Promise.reject(new Error('dumpDataDir is only available on PGlite')),
    );
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return wrap(
    db,
    'pglite',
    () => migratePglite(db, { migrationsFolder: migrationsDir }),
    () => client.close(),
    async () => {
      const dump = await client.dumpDataDir('gzip');
      return dump;
    },
  );
}

function wrap(
  db: Db,
  kind: Database['kind'],
  runMigrations: () => Promise<void>,
  close: () => Promise<void>,
  dumpDataDir: () => Promise<Blob>,
): Database {
  let closed = false;
  return {
    db,
    kind,
    migrate: runMigrations,
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

/** Raw SQL for the few queries the builder cannot say; both drivers answer with `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
