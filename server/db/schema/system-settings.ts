import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Instance-wide values made once and kept (signing keys, API keys, VAPID keys). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
