import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';

const serverUrl = inject('postgresTemplate');

describe.runIf(serverUrl)('migrations on PostgreSQL', () => {
  it('lets several processes start at once: one migrates, the others find nothing to do', async () => {
    const name = `trellis_test_migrate_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl ?? '' });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })),
    );
    try {
      await Promise.all(databases.map((database) => database.migrate()));
      const [first] = databases;
      const rows = await queryRows<{ count: number }>(
        first!.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(rows[0]?.count).toBeGreaterThan(0);
      for (const database of databases) {
        expect(await database.readiness()).toEqual({ reachable: true, migrated: true });
      }
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
