import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { queryRows, type Db } from '#server/db/client.ts';
import { simpleQuery } from '#server/db/pglite-simple-query.ts';

// Prepared statements for the hot paths (sign-in, refresh; ADR 013). PostgreSQL plans a statement
// of that size in longer than it runs it; preparing once per connection removes that cost.

export interface PreparedStatement {
  name: string;
  types: string[];
  /** SQL with $1…$n placeholders, each cast to its type (and no other `$`). */
  text: string;
}

export type Param = string | null;

/** A SQL literal for a parameter (node-postgres's escapeLiteral): safe whatever the text holds. */
function literal(value: Param): string {
  if (value === null) return 'NULL';
  if (value.includes('\0')) throw new Error('text parameters cannot hold NUL characters');
  let hasBackslash = false;
  let escaped = "'";
  for (const c of value) {
    if (c === "'") escaped += "''";
    else if (c === '\\') {
      escaped += '\\\\';
      hasBackslash = true;
    } else escaped += c;
  }
  escaped += "'";
  return hasBackslash ? ` E${escaped}` : escaped;
}

/** Per PGlite instance, the PREPAREs made or under way (concurrent first calls share one). */
const preparedOn = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `statement` prepared. PGlite (one connection): PREPARE once, then EXECUTE with literals,
 * as EXECUTE takes no bind parameters. node-postgres: a named query, prepared by pg once per
 * pooled connection. Inside a transaction (no client at hand): the text with literals.
 */
export async function runPrepared<T>(
  db: Db,
  statement: PreparedStatement,
  values: Param[],
): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    let prepared = preparedOn.get(client);
    if (!prepared) {
      prepared = new Map();
      preparedOn.set(client, prepared);
    }
    let preparing = prepared.get(statement.name);
    if (!preparing) {
      preparing = client
        .exec(`prepare ${statement.name} (${statement.types.join(', ')}) as ${statement.text}`)
        .catch((error: unknown) => {
          prepared.delete(statement.name);
          throw error;
        });
      prepared.set(statement.name, preparing);
    }
    await preparing;
    const args = values.map(literal).join(', ');
    // The simple protocol: one exchange with PostgreSQL, where query() makes three (parse and
    // describe, bind and describe, execute) and exec() two (the query, then a sync).
    return simpleQuery<T>(client, `execute ${statement.name}(${args})`);
  }
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
