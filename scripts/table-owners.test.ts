import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';

// server/modules/README.md names one owner for each table. This reads every write in the server
// (Drizzle's insert/update/delete and raw SQL) and checks it comes from the owner, so the README's
// table and the code cannot drift apart.

const serverDir = join(projectRoot, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // Migrations are generated; server/test/ is test support, which seeds any table.
    if (statSync(path).isDirectory()) {
      return name === 'migrations' || path === join(serverDir, 'test') ? [] : sourceFiles(path);
    }
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'test-support.ts'
      ? [path]
      : [];
  });
}

/** `export const deliveries = pgTable('deliveries', …)`: the Drizzle name → the SQL name. */
function tablesInSchema(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFiles(join(serverDir, 'db/schema'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /export const (\w+) = pgTable\(\s*'(\w+)'/g,
    )) {
      tables.set(match[1] ?? '', match[2] ?? '');
    }
  }
  return tables;
}

/** The README's "Who owns which table" rows: | `module` | `table`, `table` | … */
function ownersInReadme(): Map<string, string> {
  const text = readFileSync(join(serverDir, 'modules/README.md'), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Who owns which table'));
  const owners = new Map<string, string>();
  for (const line of (section ?? '').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const owner = /^`([\w/-]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!owner) continue;
    for (const table of (cells[2] ?? '').matchAll(/`(\w+)`/g)) {
      const name = table[1] ?? '';
      expect(owners.has(name), `${name} is listed twice in the README`).toBe(false);
      owners.set(name, owner);
    }
  }
  return owners;
}

/** Which owner a file speaks for: its module, or the server folder it lives in. */
function ownerOf(file: string): string {
  const parts = relative(serverDir, file).split('/');
  if (parts[0] === 'modules') return parts[1] ?? '';
  return parts.length > 1 ? (parts[0] ?? '') : '';
}

function writesIn(text: string, tables: Map<string, string>): string[] {
  const sqlNames = new Set(tables.values());
  const found = new Set<string>();
  for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = tables.get(match[1] ?? '');
    if (table) found.add(table);
  }
  for (const match of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)) {
    const name = match[1] ?? '';
    if (sqlNames.has(name)) found.add(name);
  }
  return [...found];
}

describe('table owners (server/modules/README.md)', () => {
  const tables = tablesInSchema();
  const owners = ownersInReadme();

  it('names exactly one owner for every table in the schema', () => {
    expect([...owners.keys()].sort()).toEqual([...tables.values()].sort());
  });

  it('lets only the owner write a table', () => {
    const strangers: string[] = [];
    for (const file of sourceFiles(serverDir)) {
      for (const table of writesIn(readFileSync(file, 'utf8'), tables)) {
        const owner = owners.get(table);
        if (owner !== ownerOf(file)) {
          strangers.push(`${relative(projectRoot, file)} writes ${table} (owner: ${owner})`);
        }
      }
    }
    expect(strangers).toEqual([]);
  });

  it('sees Drizzle and SQL writes, and not reads', () => {
    const known = new Map([
      ['deliveries', 'deliveries'],
      ['tasks', 'tasks'],
      ['goals', 'goals'],
    ]);
    const text = [
      'await tx.insert(deliveries).values(row);',
      'await db.execute(sql`update tasks set done = true`);',
      'await db.select().from(goals);',
      'sql`select * from tasks join goals on true`',
    ].join('\n');
    expect(writesIn(text, known).sort()).toEqual(['deliveries', 'tasks']);
  });
});
