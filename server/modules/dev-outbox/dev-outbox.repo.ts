import { and, desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { Db } from '#server/db/client.ts';
import { devOutbox } from '#server/db/schema.ts';
import type { PagePosition } from '#server/http/page-cursor.ts';

// The only module that reads and writes dev_outbox. Every function takes `db`, which may be a
// transaction.

export type OutboxRow = typeof devOutbox.$inferSelect;
export type NewOutboxRow = typeof devOutbox.$inferInsert;
export type ListedOutboxRow = Omit<OutboxRow, 'html'>;

export async function insertOutboxMessage(db: Db, row: NewOutboxRow): Promise<void> {
  await db.insert(devOutbox).values(row);
}

/** `%` and `_` typed by a person are letters, not patterns. */
function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of the dev outbox, newest first, without the HTML bodies. */
export async function listOutbox(
  db: Db,
  filter: { channel?: DeliveryChannel; to?: string; limit: number; before?: PagePosition },
): Promise<ListedOutboxRow[]> {
  const { html: _html, ...columns } = getTableColumns(devOutbox);
  return db
    .select(columns)
    .from(devOutbox)
    .where(
      and(
        filter.channel ? eq(devOutbox.channel, filter.channel) : undefined,
        filter.to ? ilike(devOutbox.to, containing(filter.to)) : undefined,
        filter.before
          ? sql`(${devOutbox.createdAt}, ${devOutbox.id}) < (${filter.before.at.toISOString()}::timestamptz, ${filter.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(filter.limit);
}

export async function findOutboxMessage(db: Db, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(devOutbox).where(eq(devOutbox.id, id));
  return row ?? null;
}
