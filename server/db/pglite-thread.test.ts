import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isUniqueViolation } from '#server/auth/users.ts';
import { openDatabase, queryRows, type Database } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';
import { runPrepared } from './prepared-statements.ts';

// The web process runs PGlite on its own thread (ADR 031). These tests hold the thread to what the
// in-process PGlite does for Drizzle and for the server's own calls: the same values, the same
// transactions, the same errors, LISTEN/NOTIFY, the prepared hot paths, dump and close.

/** The migrated test database's tarball, as the thread takes it (its own copy of the bytes). */
const snapshot = () => new Uint8Array(readFileSync(inject('pgliteSnapshot'))).buffer;

describe.runIf(!inject('postgresTemplate'))('PGlite on its own thread', () => {
  let threaded: Database;
  let inProcess: Database;

  beforeAll(async () => {
    [threaded, inProcess] = await Promise.all([
      openDatabase({ kind: 'pglite', thread: PgliteThread.open({ loadDataDir: snapshot() }) }),
      openDatabase({ kind: 'pglite', loadDataDir: new Blob([snapshot()]) }),
    ]);
    for (const { db } of [threaded, inProcess]) {
      await db.execute(sql`create table thread_probe (id int primary key, note text)`);
    }
  });
  afterAll(async () => {
    await Promise.all([threaded.close(), inProcess.close()]);
  });

  it('answers Drizzle with the values the in-process PGlite gives', async () => {
    const probe = sql`select 1::int as n, 'it''s'::text as note, null::text as nothing,
      '2026-11-24 08:30:00.25+00'::timestamptz as at, date '2026-11-24' as day,
      interval '90 minutes' as span, '{"a": [1, "b"]}'::jsonb as doc, 12.50::numeric as amount,
      array['2026-01-01'::date] as days, true as yes`;
    const [fromThread] = await queryRows(threaded.db, probe);
    const [local] = await queryRows(inProcess.db, probe);
    expect(fromThread).toEqual(local);
    expect(fromThread).toMatchObject({ at: '2026-11-24 08:30:00.25+00', doc: { a: [1, 'b'] } });
  });

  it('commits a transaction, and rolls back one that throws, savepoints included', async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe values (2, 'undone by its savepoint')`);
          throw new Error('inner step fails');
        })
        .catch(() => undefined);
    });
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (3, 'never kept')`);
        throw new Error('the change fails half-way');
      }),
    ).rejects.toThrow('the change fails half-way');
    const rows = await queryRows<{ id: number }>(
      threaded.db,
      sql`select id from thread_probe order by id`,
    );
    expect(rows.map((row) => row.id)).toEqual([1]);
  });

  it('makes a statement from outside wait until an open transaction ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (10, 'written')`);
      await held;
    });
    // Sent while the transaction is open: it must not run inside it, nor before it commits.
    const reading = queryRows<{ count: number }>(
      threaded.db,
      sql`select count(*)::int as count from thread_probe where id = 10`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await writing;
    expect((await reading)[0]?.count).toBe(1);
  });

  it('brings PostgreSQL’s error back with its code, as a unique violation', async () => {
    const error: unknown = await threaded.db
      .execute(sql`insert into thread_probe values (1, 'again')`)
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    const cause = (error as { cause?: { constraint?: string } }).cause;
    expect(cause?.constraint).toBe('thread_probe_pkey');
  });

  it('runs the prepared hot-path statements on the thread', async () => {
    const statement = {
      name: 'thread_probe_note',
      types: ['int'],
      text: 'select note from thread_probe where id = $1::int',
    };
    const rows = await runPrepared<{ note: string }>(threaded.db, statement, ['1']);
    expect(rows).toEqual([{ note: 'kept' }]);
    // The second call reuses the PREPARE made by the first.
    expect(await runPrepared(threaded.db, statement, ['404'])).toEqual([]);
  });

  it('delivers NOTIFY to the listeners of the main thread, until they stop', async () => {
    const received: string[] = [];
    const stop = await threaded.listen('thread_probe_events', (payload) => received.push(payload));
    await threaded.notify('thread_probe_events', 'first');
    await expect.poll(() => received).toEqual(['first']);
    await stop();
    await threaded.notify('thread_probe_events', 'after stopping');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual(['first']);
  });

  it('dumps a data directory another PGlite opens with the same rows', async () => {
    const copy = await openDatabase({ kind: 'pglite', loadDataDir: await threaded.dumpDataDir() });
    try {
      const rows = await queryRows<{ id: number }>(copy.db, sql`select id from thread_probe`);
      expect(rows.map((row) => row.id).sort()).toEqual([1, 10]);
    } finally {
      await copy.close();
    }
  }, 60_000);
});

describe.runIf(!inject('postgresTemplate'))('the database thread’s start and stop', () => {
  it('keeps a data directory across a close and a new start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'trellis-thread-'));
    try {
      // Started from the migrated snapshot, as initdb would take seconds more.
      const first = await PgliteThread.open({ dataDir, loadDataDir: snapshot() });
      await first.exec('create table kept (id int); insert into kept values (7)');
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow(/database thread/);

      const again = await PgliteThread.open({ dataDir, sharedBuffersMb: 16 });
      try {
        expect((await again.query<{ id: number }>('select id from kept')).rows).toEqual([
          { id: 7 },
        ]);
        const setting = await again.query<{ shared_buffers: string }>('show shared_buffers');
        expect(setting.rows[0]?.shared_buffers).toBe('16MB');
      } finally {
        await again.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('boots before it knows where the database is, and can be ended unused', async () => {
    const booted = PgliteThread.boot();
    await booted.cancel();
    await expect(booted.open({ loadDataDir: snapshot() })).rejects.toThrow(/database thread/);
  });

  it('refuses to start where the data directory is a file, saying why', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trellis-thread-bad-'));
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, 'plain text');
    try {
      await expect(PgliteThread.open({ dataDir: file })).rejects.toThrow(/EEXIST|not a directory/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
