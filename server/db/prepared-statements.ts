import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { queryRows, type Db } from '#server/db/client.ts';
import {
  literal,
  runPreparedOnPglite,
  type Param,
  type PreparedStatement,
} from '#server/db/pglite-simple-query.ts';
import { PgliteThread } from '#server/db/pglite-thread.ts';

export type { Param, PreparedStatement };

// Prepared statements for the hot paths (sign-in, refresh; ADR 013). PostgreSQL plans a statement
// of that size in longer than it runs it; preparing once per connection removes that cost.

/**
 * Runs `statement` prepared. PGlite (one connection, in process or on its own thread): PREPARE
 * once, then EXECUTE with literals, as EXECUTE takes no bind parameters. node-postgres: a named query, prepared by pg once per
 * pooled connection. Inside a transaction (no client at hand): the text with literals.
 */
export async function runPrepared<T>(
  db: Db,
  statement: PreparedStatement,
  values: Param[],
): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return runPreparedOnPglite<T>(client, statement, values);
  if (client instanceof PgliteThread) return client.runPrepared<T>(statement, values);
  if (client && typeof (client as { query?: unknown }).query === 'function') {
    const pool = client as {
      query(config: { name: string; text: string; values: Param[] }): Promise<{ rows: T[] }>;
    };
    return (await pool.query({ name: statement.name, text: statement.text, values })).rows;
  }
  const inlined = statement.text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = values[Number(index) - 1];
    if (value === undefined) throw new Error(`missing parameter $${index} for ${statement.name}`);
    return literal(value);
  });
  return queryRows<T>(db, sql.raw(inlined));
}
