import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir } from '#server/paths.ts';

/** `when`: the migration's timestamp, which drizzle records as the applied row's created_at. */
let journal: { tag: string; when: number }[] | undefined;

/** The committed migrations, in order, as drizzle-kit's journal lists them. */
export function readMigrationJournal(): { tag: string; when: number }[] {
  journal ??= (
    JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    }
  ).entries;
  return journal;
}
