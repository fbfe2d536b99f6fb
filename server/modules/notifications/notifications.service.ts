import { randomUUID } from 'node:crypto';
import {
  newNotificationSchema,
  notificationListQuerySchema,
  notificationTypes,
  type NewNotification,
  type Notification,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationType,
} from '#contracts/notifications.ts';
import { UUID } from '#server/lib/ids.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { decodeCursor, encodeCursor } from '#server/http/page-cursor.ts';
import * as repo from './notifications.repo.ts';

export interface NotificationsServiceDeps {
  db: Db;
  clock: () => Date;
}

/** A stored notification as the API shows it, whichever statement read it. */
function toNotification(
  row: Omit<repo.NotificationRecord, 'createdAt'> & { createdAt: Date | string },
): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    priority: row.priority,
    created_at: typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString(),
    ...(row.coachId === null ? {} : { coach_id: row.coachId }),
    ...(row.data === null ? {} : { data: row.data }),
  };
}

function notFound(): AppError {
  return new AppError('not_found', 'No notification has this id.');
}

/** A foreign-key violation from either driver, wherever Drizzle wrapped it. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * In-app notifications. `notify` is the door other modules use to reach a user; the rest serves
 * the signed-in user's own list (every call is scoped to `userId`, so another user's id is 404).
 */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { db } = deps;

  return {
    /**
     * Notifies `userId`: validates the type (coach_message, goal_progress, achievement, insight,
     * other), the priority (high, medium, low; medium by default) and the texts; skips types the
     * user turned off (null); stores it unread. The database counts it and tells the user's open
     * pages when the transaction commits (the notifications triggers, migration 0007).
     * Throws AppError invalid_input for a bad notification and not_found for an unknown user.
     */
    async notify(userId: string, input: NewNotification): Promise<Notification | null> {
      const parsed = newNotificationSchema.safeParse(input);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
        const first = details[0];
        throw new AppError(
          'invalid_input',
          first ? `${first.path}: ${first.message}` : 'The notification is not valid.',
          {
            details,
          },
        );
      }
      if (!UUID.test(userId)) throw new AppError('not_found', 'No user has this id.');
      const notification = parsed.data;
      if ((await repo.mutedTypes(db, userId)).includes(notification.type)) return null;
      let row: repo.NotificationRow;
      try {
        row = await db.transaction((tx) =>
          repo.insertNotification(tx, {
            id: randomUUID(),
            userId,
            type: notification.type,
            title: notification.title,
            message: notification.message,
            priority: notification.priority,
            coachId: notification.coach_id ?? null,
            data: notification.data ?? null,
            read: false,
            createdAt: deps.clock(),
          }),
        );
      } catch (error: unknown) {
        if (isForeignKeyViolation(error)) throw new AppError('not_found', 'No user has this id.');
        throw error;
      }
      return toNotification(row);
    },

    /** The user's notifications, newest first, with the unread count of all of them. */
    async list(userId: string, query: NotificationListQuery = {}): Promise<NotificationList> {
      const { limit, cursor, type, unread } = notificationListQuerySchema.parse(query);
      const filter: repo.ListFilter = {
        userId,
        // One more than asked tells whether an older page exists.
        limit: limit + 1,
        ...(cursor ? { before: decodeCursor(cursor) } : {}),
        ...(type ? { type } : {}),
        ...(unread ? { read: unread === 'false' } : {}),
      };
      const found = await repo.listWithUnreadCount(db, filter);
      const { rows } = found;
      // An empty page (no notifications, a filter or the end of the list) carries no count.
      const count = found.unreadCount ?? (await repo.unreadCount(db, userId));
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        notifications: page.map(toNotification),
        unreadCount: count,
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ at: new Date(last.createdAt), id: last.id })
            : null,
      };
    },

    async setRead(userId: string, id: string, read: boolean) {
      const result = await db.transaction((tx) => repo.setRead(tx, userId, id, read));
      if (!result) throw notFound();
      return { notification: toNotification(result.row), unreadCount: result.unreadCount };
    },

    /**
     * For other modules: a task is done, so the notifications that asked for it (the day's top
     * three lists its tasks in `data.task_ids`) are read; open pages hear the new count.
     */
    async markTaskNotificationsRead(userId: string, taskId: string): Promise<number> {
      const result = await db.transaction((tx) =>
        repo.markTaskNotificationsRead(tx, userId, taskId),
      );
      return result.updated;
    },

    async markAllRead(userId: string) {
      return db.transaction((tx) => repo.markAllRead(tx, userId));
    },

    async remove(userId: string, id: string) {
      const result = await db.transaction((tx) => repo.deleteNotification(tx, userId, id));
      if (!result) throw notFound();
      return result;
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      const muted = new Set(await repo.mutedTypes(db, userId));
      return {
        inApp: Object.fromEntries(
          notificationTypes.map((type) => [type, !muted.has(type)]),
        ) as NotificationPreferences['inApp'],
      };
    },

    async savePreferences(
      userId: string,
      preferences: NotificationPreferences,
    ): Promise<NotificationPreferences> {
      const muted: NotificationType[] = notificationTypes.filter(
        (type) => !preferences.inApp[type],
      );
      await repo.saveMutedTypes(db, userId, muted, deps.clock());
      return this.preferences(userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** One notification of a batch: its id is the caller's, so writing it twice keeps one. */
export interface BatchNotification {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  priority: Notification['priority'];
  /** The own coach who wrote it (a coach_message opens that coach's chat). */
  coachId?: string | null;
  data: Record<string, unknown> | null;
}

/**
 * Notifies many users inside the caller's transaction `tx` (the delivery worker's scheduler pass):
 * skips types each user turned off and stores the rest unread. The database's triggers count them
 * and tell the users' open pages as for `notify`, through NOTIFY, which PostgreSQL sends only when
 * `tx` commits, so a rolled-back pass tells nobody. The texts come from trusted code within the
 * contract's limits: they are not validated again. Returns how many were written.
 */
export function notifyMany(
  items: readonly BatchNotification[],
  tx: Db,
  now: Date,
): Promise<number> {
  return repo.insertUnreadNotifications(tx, items, now);
}

/**
 * Marks read, inside the caller's transaction `tx`, the person's `coach_message` notifications of
 * one own coach (its `coach_id`): opening that coach's thread has shown them. The triggers tell
 * the person's open pages the new count when `tx` commits. Returns how many were unread.
 */
export function markCoachMessagesRead(tx: Db, userId: string, coachId: string): Promise<number> {
  return repo.markCoachNotificationsRead(tx, userId, coachId);
}

/** Notifications created in a period of the user's local dates, and those read (engagement). */
export function readCounts(
  db: Db,
  userId: string,
  period: { from: string; to: string; timeZone: string; dayStartHour: number },
): Promise<{ received: number; read: number }> {
  return repo.readCounts(db, userId, period);
}
