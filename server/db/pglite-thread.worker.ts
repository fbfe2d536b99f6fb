import { setFlagsFromString } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { runPreparedOnPglite } from './pglite-simple-query.ts';
import { pgliteStartParams } from './pglite-start.ts';
import {
  serializeError,
  type ThreadCall,
  type ThreadMessage,
  type ThreadStart,
} from './pglite-thread-protocol.ts';

// The database thread (ADR 031): PGlite opens here while the main thread loads and builds the
// app, and runs every statement here afterwards, so PostgreSQL's work never blocks the event
// loop that serves HTTP. It imports nothing but PGlite and the prepared-statement helper.

const port = parentPort;
if (!port) throw new Error('pglite-thread.worker runs as a worker thread');

const send = (message: ThreadMessage) => port.postMessage(message);

/** Drizzle's parsers: dates, timestamps and intervals stay the text PostgreSQL sent. */
const keepText = (value: string) => value;
const rawParsers = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, keepText]),
);

/** Thrown inside an open transaction's callback when the main thread asks for a rollback. */
const ROLLBACK = new Error('rolled back at the main thread’s request');

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  settled: Promise<void>;
}

let nextTransaction = 1;
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<string, () => Promise<void>>();

// PostgreSQL's WebAssembly compiled in one step on this thread. Compiled asynchronously (V8's
// default), the thread stalled about 300 ms after PGlite opened, its event loop blocked while
// V8's background compilation finished: a third of the start. Queries run as fast either way.
setFlagsFromString('--no-wasm-async-compilation');

// The first message says where the database is (PgliteThread.boot().open()).
const start = await new Promise<ThreadStart>((resolve) => port.once('message', resolve));

let db: PGlite;
try {
  db = await PGlite.create({
    ...(start.dataDir ? { dataDir: start.dataDir } : {}),
    ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
    startParams: pgliteStartParams(start.sharedBuffersMb),
  });
  send({ kind: 'ready' });
} catch (error: unknown) {
  send({ kind: 'failed', error: serializeError(error) });
  port.close();
  throw error;
}

/** Opens a transaction and answers with its number once BEGIN has run. */
function begin(): Promise<number> {
  return new Promise<number>((opened, failed) => {
    const id = nextTransaction;
    nextTransaction += 1;
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (end = resolve));
    const settled = db
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, settled });
        opened(id);
        if (!(await decided)) throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => transactions.delete(id));
    // BEGIN itself failed: the callback never ran.
    settled.catch(failed);
  });
}

async function end(id: number | undefined, commit: boolean): Promise<void> {
  const open = id === undefined ? undefined : transactions.get(id);
  if (!open) throw new Error('no such transaction is open');
  open.end(commit);
  await open.settled;
}

function target(id: number | undefined): PGlite | Transaction {
  if (id === undefined) return db;
  const open = transactions.get(id);
  if (!open) throw new Error('the transaction has already ended');
  return open.tx;
}

async function run(call: ThreadCall): Promise<unknown> {
  switch (call.op) {
    case 'query': {
      const result = await target(call.tx).query(call.sql, call.params, {
        rowMode: call.rowMode,
        ...(call.raw ? { parsers: rawParsers } : {}),
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec':
      return (await target(call.tx).exec(call.sql)).map((result) => ({
        rows: result.rows,
        fields: result.fields,
        affectedRows: result.affectedRows,
      }));
    case 'begin':
      return begin();
    case 'end':
      return end(call.tx, call.commit);
    case 'prepared':
      return runPreparedOnPglite(db, call.statement, call.values);
    case 'listen': {
      if (!unlisteners.has(call.channel)) {
        const unlisten = await db.listen(call.channel, (payload) =>
          send({ kind: 'notify', channel: call.channel, payload }),
        );
        unlisteners.set(call.channel, unlisten);
      }
      return null;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(call.channel);
      unlisteners.delete(call.channel);
      if (unlisten && !db.closed) await unlisten();
      return null;
    }
    case 'dump': {
      const dump = await db.dumpDataDir('gzip');
      return dump.arrayBuffer();
    }
    case 'close':
      if (!db.closed) await db.close();
      return null;
  }
}

port.on('message', (call: ThreadCall) => {
  run(call).then(
    (value) => {
      send({ kind: 'answer', id: call.id, ok: true, value });
      if (call.op === 'close') port.close();
    },
    (error: unknown) =>
      send({ kind: 'answer', id: call.id, ok: false, error: serializeError(error) }),
  );
});
