import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationPriority, NotificationType } from '../../../contracts/notifications.ts';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** In-app notifications (spec §3): the columns carry the spec's field names. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().$type<NotificationType>().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    read: boolean().notNull().default(false),
    priority: text().$type<NotificationPriority>().notNull().default('medium'),
    /** Written by the service from its clock (millisecond precision, which the list cursor relies on). */
    createdAt: ts('created_at').notNull().defaultNow(),
    coachId: text(),
    data: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    // The newest-first list and its cursor: (created_at, id) < (…) within one user.
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The unread filter and mark-all-read touch only unread rows.
    index('notifications_user_unread_created_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`not ${t.read}`),
    index('notifications_user_type_created_idx').on(
      t.userId,
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check(
      'notifications_type_check',
      sql`${t.type} in ('coach_message', 'goal_progress', 'achievement', 'insight', 'other')`,
    ),
    check('notifications_priority_check', sql`${t.priority} in ('high', 'medium', 'low')`),
  ],
);

/**
 * Each user's unread count, kept by the database's triggers on notifications in the same
 * transaction as every change, whoever writes it (migration 0007), so the list answers it without
 * counting rows (a user may hold tens of thousands). Nothing in the app writes it.
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer().notNull().default(0),
  },
  (t) => [check('notification_counts_unread_check', sql`${t.unread} >= 0`)],
);

/** Which kinds of in-app notification a user has turned off; no row means all are on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mutedTypes: text()
    .array()
    .$type<NotificationType[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: ts('updated_at').notNull(),
});
