import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '#contracts/notifications.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { runPrepared, type PreparedStatement } from '#server/db/prepared-statements.ts';
import { notificationCounts, notificationPreferences, notifications } from '#server/db/schema.ts';
import type { PagePosition } from '#server/http/page-cursor.ts';

// The only module that touches the notification tables. Every function takes `db`, which may be a
// transaction: the service decides what is atomic. The unread count in notification_counts and the
// live events are the database's own: triggers on notifications move the count and NOTIFY the
// user's open pages in the writer's transaction, whoever the writer is (migration 0007). Nothing
// here writes notification_counts; functions that change rows read the count after the change.

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export interface ListFilter {
  userId: string;
  limit: number;
  /** Older than this (created_at, id), exclusive. */
  before?: PagePosition;
  type?: NotificationType;
  read?: boolean;
}

function listConditions(filter: ListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(notifications.userId, filter.userId)];
  if (filter.type) conditions.push(eq(notifications.type, filter.type));
  if (filter.read !== undefined) conditions.push(eq(notifications.read, filter.read));
  if (filter.before) {
    const { at: createdAt, id } = filter.before;
    // A row comparison, which the index can start from (an OR of two conditions it cannot).
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (${createdAt.toISOString()}::timestamptz, ${id}::uuid)`,
    );
  }
  return and(...conditions);
}

/**
 * A notification as the plain-SQL statements answer it: the row's fields with createdAt already
 * in ISO 8601 (UTC, ms).
 */
export type NotificationRecord = Omit<NotificationRow, 'userId' | 'createdAt'> & {
  createdAt: string;
};

type ListedNotification = NotificationRecord & { unread: number | null };

/**
 * What a listed notification answers, in both list statements below: the row's fields with
 * created_at as the API writes it, computed by the database (no Date round trip per row).
 */
const LISTED_COLUMNS = `id, type, title, message, read, priority,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  coach_id as "coachId", data`;

/**
 * The newest page with no filter: what every open app asks for every 30 seconds, prepared once per
 * connection (ADR 013), since PostgreSQL plans this statement in about as long as it runs it.
 * Filtered and older pages go through the general statement below.
 */
const FIRST_PAGE: PreparedStatement = {
  name: 'notifications_first_page',
  types: ['uuid', 'int'],
  text: `select ${LISTED_COLUMNS},
      (select c.unread from notification_counts c where c.user_id = $1::uuid) as unread
    from notifications
    where user_id = $1::uuid
    order by created_at desc, id desc
    limit $2::int`,
};

/**
 * A page and the user's unread count in one statement (the list is the hot path: every open app
 * reads it every 30 seconds). Plain SQL rather than the query builder: its row mapping costs about
 * as much again as the query on PGlite. The count rides on each row, so an empty page has none.
 */
export async function listWithUnreadCount(
  db: Db,
  filter: ListFilter,
): Promise<{ rows: NotificationRecord[]; unreadCount: number | null }> {
  const firstPage = !filter.before && !filter.type && filter.read === undefined;
  const rows = firstPage
    ? await runPrepared<ListedNotification>(db, FIRST_PAGE, [filter.userId, String(filter.limit)])
    : await queryRows<ListedNotification>(
        db,
        sql`select ${sql.raw(LISTED_COLUMNS)},
          (select c.unread from notification_counts c where c.user_id = ${filter.userId}::uuid) as unread
        from ${notifications}
        where ${listConditions(filter)}
        order by ${notifications.createdAt} desc, ${notifications.id} desc
        limit ${filter.limit}`,
      );
  const [first] = rows;
  return {
    rows: rows.map(({ unread: _unread, ...row }) => row),
    unreadCount: first ? (first.unread ?? 0) : null,
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: notificationCounts.unread })
    .from(notificationCounts)
    .where(eq(notificationCounts.userId, userId));
  return row?.unread ?? 0;
}

export async function insertNotification(
  db: Db,
  values: NewNotificationRow,
): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Writes many unread notifications at once, each with the id the caller chose (one already there
 * is kept, so writing the same batch twice writes it once), skipping users who muted its type.
 * Returns how many were written.
 */
export async function insertUnreadNotifications(
  db: Db,
  rows: ReadonlyArray<Omit<NewNotificationRow, 'read' | 'createdAt'>>,
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const values = rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    type: row.type,
    title: row.title,
    message: row.message,
    priority: row.priority ?? 'medium',
    coach_id: row.coachId ?? null,
    data: row.data ?? null,
  }));
  const created = await queryRows<{ id: string }>(
    db,
    sql`insert into notifications (id, user_id, type, title, message, read, priority, coach_id, created_at, data)
        select v.id, v.user_id, v.type, v.title, v.message, false, v.priority, v.coach_id,
          ${now.toISOString()}::timestamptz, v.data
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, user_id uuid,
          type text, title text, message text, priority text, coach_id uuid, data jsonb)
        where not exists (
          select 1 from notification_preferences np
          where np.user_id = v.user_id and v.type = any(np.muted_types))
        on conflict (id) do nothing
        returning id`,
  );
  return created.length;
}

/**
 * Sets `read` on one of the user's notifications. Null when the user has no such notification.
 * The count moves only when the value changed, so two racing calls move it once.
 */
export async function setRead(
  db: Db,
  userId: string,
  id: string,
  read: boolean,
): Promise<{ row: NotificationRow; unreadCount: number } | null> {
  const [changed] = await db
    .update(notifications)
    .set({ read })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.userId, userId),
        eq(notifications.read, !read),
      ),
    )
    .returning();
  if (changed) return { row: changed, unreadCount: await unreadCount(db, userId) };
  const [unchanged] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!unchanged) return null;
  return { row: unchanged, unreadCount: await unreadCount(db, userId) };
}

/**
 * Marks read the user's unread notifications whose data lists `taskId` among its `task_ids`
 * (the day's top three on the bell); the count moves by what changed.
 */
export async function markTaskNotificationsRead(
  db: Db,
  userId: string,
  taskId: string,
): Promise<{ updated: number; unreadCount: number }> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.read, false),
        sql`${notifications.data} -> 'task_ids' @> ${JSON.stringify([taskId])}::jsonb`,
      ),
    )
    .returning({ id: notifications.id });
  return { updated: updated.length, unreadCount: await unreadCount(db, userId) };
}

/** Marks read the user's unread `coach_message` notifications of one own coach. */
export async function markCoachNotificationsRead(
  db: Db,
  userId: string,
  coachId: string,
): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.read, false),
        eq(notifications.type, 'coach_message'),
        eq(notifications.coachId, coachId),
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}

export async function markAllRead(
  db: Db,
  userId: string,
): Promise<{ updated: number; unreadCount: number }> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  // The trigger subtracts what this statement changed: a notification created meanwhile by another
  // transaction stays unread and stays counted.
  return { updated: updated.length, unreadCount: await unreadCount(db, userId) };
}

/** Deletes one of the user's notifications; null when the user has no such notification. */
export async function deleteNotification(
  db: Db,
  userId: string,
  id: string,
): Promise<{ unreadCount: number } | null> {
  const [deleted] = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ read: notifications.read });
  if (!deleted) return null;
  return { unreadCount: await unreadCount(db, userId) };
}

export async function mutedTypes(db: Db, userId: string): Promise<NotificationType[]> {
  const [row] = await db
    .select({ mutedTypes: notificationPreferences.mutedTypes })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.mutedTypes ?? [];
}

export async function saveMutedTypes(
  db: Db,
  userId: string,
  types: NotificationType[],
  now: Date,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, mutedTypes: types, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { mutedTypes: types, updatedAt: now },
    });
}

/**
 * The user's notifications created on local dates `from` to `to` (in `timeZone`, days starting at
 * `dayStartHour`), and how many of them are read (engagement analytics).
 */
export async function readCounts(
  db: Db,
  userId: string,
  period: { from: string; to: string; timeZone: string; dayStartHour: number },
): Promise<{ received: number; read: number }> {
  const { from, to, timeZone, dayStartHour } = period;
  const [row] = await queryRows<{ received: number; read: number }>(
    db,
    sql`select count(*)::int as received, count(*) filter (where read)::int as read
        from notifications
        where user_id = ${userId}::uuid
          and ((created_at at time zone ${timeZone}) - make_interval(hours => ${dayStartHour}::int))::date
              between ${from}::date and ${to}::date`,
  );
  return row ?? { received: 0, read: 0 };
}
