import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { identities, mfaFactors, sessions, users } from '#server/db/schema.ts';

// A user as the wire format needs it (identities and MFA factors included), in one statement.
export type UserRow = typeof users.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** A user with what the wire format embeds: identities and MFA factors. */
export interface UserRecord extends UserRow {
  identities: IdentityRow[];
  factors: FactorRow[];
}

// Raw JSON rows → typed rows. The hot paths (sign-in, refresh, the guard) load a user with its
// identities and factors in one statement as jsonb; these turn snake_case keys and timestamp
// strings back into the Drizzle row shapes.

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function rowMapper<T>(table: Table): (json: Record<string, unknown>) => T {
  const fields = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    source: snake(key),
    isTimestamp: column.columnType === 'PgTimestamp',
  }));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const field of fields) {
      const value = json[field.source];
      row[field.key] =
        field.isTimestamp && typeof value === 'string' ? new Date(value) : (value ?? null);
    }
    return row as T;
  };
}

const toUserRow = rowMapper<UserRow>(users);
const toIdentityRow = rowMapper<IdentityRow>(identities);
const toFactorRow = rowMapper<FactorRow>(mfaFactors);
export const toSessionRow = rowMapper<SessionRow>(sessions);

export interface UserJson {
  user: Record<string, unknown>;
  identities: Record<string, unknown>[];
  factors: Record<string, unknown>[];
}

export function toUserRecord(json: UserJson): UserRecord {
  return {
    ...toUserRow(json.user),
    identities: json.identities.map(toIdentityRow),
    factors: json.factors.map(toFactorRow),
  };
}

/**
 * The columns `user`, `identities` and `factors` (jsonb) for the user row `u`: one statement
 * loads a user as the wire format needs it.
 */
export const USER_RECORD_COLUMNS = `to_jsonb(u) as "user",
  (select coalesce(jsonb_agg(i order by i.created_at), '[]'::jsonb) from identities i where i.user_id = u.id) as identities,
  (select coalesce(jsonb_agg(f order by f.created_at), '[]'::jsonb) from mfa_factors f where f.user_id = u.id) as factors`;
export const userRecordColumns = sql.raw(USER_RECORD_COLUMNS);

export async function loadUserWhere(db: Db, where: SQL): Promise<UserRecord | null> {
  const [row] = await queryRows<UserJson>(
    db,
    sql`select ${userRecordColumns} from users u where ${where} limit 1`,
  );
  return row ? toUserRecord(row) : null;
}
