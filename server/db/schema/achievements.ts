import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BadgeId } from '../../../contracts/achievements.ts';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The badges each person earned (the achievements module). One row per person and badge: the
 * primary key is what makes a badge awarded once, whatever races (insert … on conflict do nothing,
 * and only the inserter notifies).
 */
export const achievements = pgTable(
  'achievements',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badge: text().$type<BadgeId>().notNull(),
    earnedAt: ts('earned_at').notNull(),
    /** Awarded by the one-time catch-up for what was earned before achievements existed (no notification). */
    backfilled: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badge] })],
);

/**
 * People who existed before achievements shipped and whose earlier history has not been caught up
 * yet (the achievements migration writes one row per existing user; the catch-up deletes it). A person without a
 * row is caught up: every badge they earn from then on is announced.
 */
export const achievementBackfills = pgTable('achievement_backfills', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});
