// Fails when server/db/schema changed without a committed migration: drizzle-kit generates into a
// scratch copy of the migrations folder, and any new file there means one is missing.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = '.tmp/migration-check';
rmSync(join(root, scratch), { recursive: true, force: true });
mkdirSync(join(root, '.tmp'), { recursive: true });
cpSync(join(root, 'server/db/migrations'), join(root, scratch), { recursive: true });
const before = readdirSync(join(root, scratch)).length;

const result = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/drizzle-kit/bin.cjs'),
    'generate',
    '--dialect=postgresql',
    '--schema=./server/db/schema.ts',
    `--out=./${scratch}`,
    '--casing=snake_case',
  ],
  { cwd: root, encoding: 'utf8' },
);
const after = readdirSync(join(root, scratch)).length;
rmSync(join(root, scratch), { recursive: true, force: true });

if (result.status !== 0) {
  process.stderr.write(result.stdout + result.stderr);
  process.exit(1);
}
if (after !== before) {
  process.stderr.write(
    'The schema in server/db/schema has changes with no migration. Run `npm run db:generate -- --name <what-changed>` and commit the new files in server/db/migrations.\n',
  );
  process.exit(1);
}
process.stdout.write('Migrations match the schema.\n');
