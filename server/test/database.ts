import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';

const TEMPLATE_DB = 'trellis_test_template';

/**
 * A migrated database of this test file's own: a restored PGlite snapshot by default, or a copy
 * of the migrated template on PostgreSQL when TEST_DATABASE_URL is set. Close it in afterAll.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = inject('postgresTemplate');
  if (serverUrl) {
    const name = `trellis_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([snapshot]) });
}
