import { desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { devOutbox } from '#server/db/schema.ts';

// The dev outbox: emails kept in the database when no SMTP server is configured.
export type OutboxRow = typeof devOutbox.$inferSelect;

export async function insertOutbox(db: Db, row: typeof devOutbox.$inferInsert): Promise<void> {
  await db.insert(devOutbox).values(row);
}

export async function listOutbox(
  db: Db,
  options: { to?: string; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(devOutbox)
    .where(options.to ? eq(devOutbox.to, options.to) : undefined)
    .orderBy(desc(devOutbox.createdAt))
    .limit(options.limit);
}
