import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';
import { readMigrationJournal } from './migrations.ts';

export interface MigrationStatus {
  committed: number;
  applied: Array<{ tag: string; createdAt: Date }>;
  pending: string[];
}

/**
 * The committed migrations (drizzle-kit's journal) against the rows drizzle wrote when it applied
 * them: a journal entry is applied when a row carries its timestamp (drizzle records `when` as the
 * row's created_at). The admins' System panel.
 */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const journal = readMigrationJournal();
  const rows = await queryRows<{ created_at: string | number | null }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations`,
  ).catch(() => []);
  const appliedWhens = new Set(rows.map((row) => Number(row.created_at)));
  const applied = journal
    .filter((entry) => appliedWhens.has(entry.when))
    .map((entry) => ({ tag: entry.tag, createdAt: new Date(entry.when) }));
  const pending = journal.filter((entry) => !appliedWhens.has(entry.when)).map((e) => e.tag);
  return { committed: journal.length, applied, pending };
}
