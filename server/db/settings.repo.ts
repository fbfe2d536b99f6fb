import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { systemSettings } from '#server/db/schema/system-settings.ts';

// The only writer of system_settings: instance-wide values made once at first start (auth keys,
// the delivery VAPID keys, the link secret), the first-admin marker, and values that change at run
// time: the admins' AI engine choice (ADR 037) and the delivery worker's last tick.

export async function getSetting<T>(db: Db, key: string): Promise<T | null> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key));
  return row ? (row.value as T) : null;
}

/** Inserts unless the key exists; true when this call created it (first start, any process). */
export async function insertSettingIfAbsent(
  db: Db,
  key: string,
  value: unknown,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(systemSettings)
    .values({ key, value, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ key: systemSettings.key });
  return rows.length === 1;
}

/**
 * The first account of a fresh instance claims the admin role: true for exactly one account,
 * even when several sign up at once (the settings row is the tie-breaker). Anonymous accounts
 * (ADR 021) neither claim it nor stand in the way of the first real one.
 */
export async function claimFirstAdmin(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into system_settings (key, value, created_at, updated_at)
        select 'auth.first_admin', jsonb_build_object('user_id', ${userId}::text), ${now}, ${now}
        where not exists (select 1 from users where id <> ${userId} and not is_anonymous)
        on conflict (key) do nothing
        returning key`,
  );
  return rows.length === 1;
}

/** Writes `key` (inserting or replacing it), with `db` the caller's transaction when given. */
export async function putSetting(db: Db, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key, value, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now } });
}
