import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '#server/test/database.ts';
import { queryRows, type Database } from './client.ts';
import { simpleQuery } from './pglite-simple-query.ts';

describe.runIf(!inject('postgresTemplate'))('simpleQuery on PGlite', () => {
  let database: Database;
  let client: PGlite;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec('create table simple_query_probe (id int primary key, note text)');
  });
  afterAll(async () => {
    await database.close();
  });
  // Each test starts from an empty table and writes the rows it relies on.
  beforeEach(async () => {
    await client.exec('delete from simple_query_probe');
  });

  it('returns rows with the same values exec gives: nulls, timestamps, json, text and numbers', async () => {
    const statement = `select 1::int as n, 'it''s'::text as note, null::text as nothing,
      '2026-11-24 08:30:00.25+00'::timestamptz as at, '{"a": [1, "b"]}'::jsonb as doc,
      true as yes, 'ünïcødé ✓'::text as wide
      union all select 2, '', 'x', null, '[]'::jsonb, false, ''`;
    const [expected] = await client.exec(statement);
    const rows = await simpleQuery<Record<string, unknown>>(client, statement);
    expect(rows).toEqual(expected!.rows);
    expect(rows[0]).toMatchObject({
      n: 1,
      note: "it's",
      nothing: null,
      doc: { a: [1, 'b'] },
      yes: true,
      wide: 'ünïcødé ✓',
    });
    expect(rows[0]!.at).toEqual(new Date('2026-11-24T08:30:00.250Z'));
  });

  it('returns no rows for a statement that matches none, and the rows a write returns', async () => {
    expect(await simpleQuery(client, 'select * from simple_query_probe where id = -1')).toEqual([]);
    expect(
      await simpleQuery(client, `insert into simple_query_probe values (1, 'one') returning id`),
    ).toEqual([{ id: 1 }]);
  });

  it('throws PostgreSQL’s error, leaves nothing written and the connection usable', async () => {
    await client.exec(`insert into simple_query_probe values (1, 'one')`);
    await expect(
      simpleQuery(client, `insert into simple_query_probe values (1, 'again') returning id`),
    ).rejects.toMatchObject({ code: '23505', constraint: 'simple_query_probe_pkey' });
    await expect(simpleQuery(client, 'select * from no_such_table')).rejects.toMatchObject({
      code: '42P01',
    });
    expect(await simpleQuery(client, 'select note from simple_query_probe')).toEqual([
      { note: 'one' },
    ]);
  });

  it('keeps nothing of an answer once it has been read', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const statement = `select repeat('x', 20000) as big`;
    await simpleQuery(client, statement);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 500; i += 1) await simpleQuery(client, statement);
    gc();
    // 500 answers of 20 kB: 10 MB if any of them were kept.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(3_000_000);
  });

  it('waits for another caller’s open transaction instead of joining it', async () => {
    await client.exec(`insert into simple_query_probe values (1, 'one')`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into simple_query_probe values (2, 'rolled back')`);
        inside();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await begun;
    // Runs while the transaction is open; it must neither see its row nor be undone with it.
    const write = simpleQuery(
      client,
      `insert into simple_query_probe values (3, 'kept') returning id`,
    );
    release();
    expect(await transaction).toBe('rolled back');
    expect(await write).toEqual([{ id: 3 }]);
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`select id from simple_query_probe order by id`,
    );
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
  });
});
