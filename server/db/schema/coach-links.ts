import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShareScope } from '../../../contracts/coach-links.ts';
import { users } from './auth.ts';
import { userCoaches } from './coaching.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's share with a human coach (the coach-links module, ADR 035): one row per coach and
 * client, live while `revoked_at` is null. Sharing again after a revocation revives the same row,
 * so the thread (`user_coach_id`, the client's own coach row for this coach) stays one.
 */
export const coachClientLinks = pgTable(
  'coach_client_links',
  {
    id: uuid().primaryKey(),
    coachId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopes: text().array().$type<ShareScope[]>().notNull(),
    userCoachId: uuid()
      .notNull()
      .references(() => userCoaches.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('coach_client_links_pair_idx').on(t.coachId, t.clientId),
    index('coach_client_links_client_idx').on(t.clientId),
    check('coach_client_links_not_self', sql`${t.coachId} <> ${t.clientId}`),
    check(
      'coach_client_links_scopes_check',
      sql`cardinality(${t.scopes}) between 1 and 4 and ${t.scopes} <@ array['goals', 'tasks', 'reflections', 'analytics']::text[]`,
    ),
  ],
);

/** The invite code a coach hands out (one at a time; a new one replaces it). */
export const coachInviteCodes = pgTable('coach_invite_codes', {
  coachId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text().notNull().unique(),
  createdAt: ts('created_at').notNull(),
});

/** A coach's private notes about one client: the client never sees them. */
export const coachClientNotes = pgTable(
  'coach_client_notes',
  {
    coachId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coachId, t.clientId] })],
);
