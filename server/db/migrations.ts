import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir } from '#server/paths.ts';

let journal: { tag: string }[] | undefined;

/** The committed migrations, in order, as drizzle-kit's journal lists them. */
export function readMigrationJournal(): { tag: string }[] {
  journal ??= (
    JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    }
  ).entries;
  return journal;
}
