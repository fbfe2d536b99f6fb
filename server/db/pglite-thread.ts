import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { Param, PreparedStatement } from './pglite-simple-query.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './pglite-settings.ts';
import type {
  SerializedError,
  ThreadCall,
  ThreadMessage,
  ThreadRequest,
  ThreadStart,
} from './pglite-thread-protocol.ts';

// PGlite on its own thread (ADR 031). The web process starts it first, so PostgreSQL opens its
// data directory on the second core while this thread loads and builds the app; afterwards every
// statement runs there and the event loop stays free. This class is the part of PGlite's API that
// Drizzle's PGlite driver and `server/db/client.ts` use: query, exec, transaction, listen, dump,
// close; plus the prepared statements of the auth hot paths (ADR 013).

/**
 * The thread's code: the built file beside this chunk, or under Vitest and tsx the TypeScript
 * source, loaded through tsx's loader registered in the new thread.
 */
function workerScript(): { script: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    // A variable, not a literal: the server build must not treat the path as an asset to bundle.
    return { script: new URL(builtWorker, import.meta.url), eval: false };
  // The package's ES module entry, found from its CommonJS one (require resolves only that).
  const tsxCjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const tsx = pathToFileURL(tsxCjs.replace(/index\.cjs$/, 'index.mjs')).href;
  const source = new URL('./pglite-thread.worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}
const builtWorker = './pglite-thread-worker.js';

/**
 * PostgreSQL's error again, with its code and fields, so callers can tell a unique violation.
 * (Not PGlite's DatabaseError class: loading PGlite here would delay the thread's start.)
 */
function revive(serialized: SerializedError): Error {
  return Object.assign(new Error(serialized.message), serialized.fields);
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export interface ThreadOpenOptions {
  dataDir?: string;
  /** A data directory tarball to start from (PGlite's dumpDataDir). */
  loadDataDir?: ArrayBuffer;
  sharedBuffersMb?: number;
}

/** A started thread that has not opened a database yet. */
export interface ThreadBoot {
  open(options: ThreadOpenOptions): Promise<PgliteThread>;
  /** Ends the thread unused (the process runs on PostgreSQL after all). */
  cancel(): Promise<void>;
}

/** The statements of one open transaction, as Drizzle's PGlite session calls them. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export class PgliteThread {
  #worker: Worker;
  #nextId = 1;
  #pending = new Map<number, Pending>();
  #listeners = new Map<string, Set<(payload: string) => void>>();
  #stopped: Error | null = null;
  closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: ThreadMessage) => this.#receive(message));
    worker.on('error', (error) => this.#stop(error));
    worker.on('exit', (code) => this.#stop(new Error(`the database thread exited (${code})`)));
  }

  /**
   * Starts the thread: Node and PGlite's code load there at once, and the database opens when
   * `open` names it. The web process boots it before it has read its settings.
   */
  static boot(): ThreadBoot {
    const { script, eval: isSource } = workerScript();
    const worker = new Worker(script, { eval: isSource });
    // A thread that dies before it has opened the database fails `open`.
    const died = new Promise<never>((_, reject) => {
      worker.once('exit', (code) =>
        reject(new Error(`the database thread exited (${code}) before it opened the database`)),
      );
      worker.once('error', reject);
    });
    died.catch(() => undefined);
    return {
      async open(options) {
        try {
          if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
          const start: ThreadStart = {
            ...options,
            sharedBuffersMb: options.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB,
          };
          const answered = new Promise<ThreadMessage>((resolve) => worker.once('message', resolve));
          worker.postMessage(start, start.loadDataDir ? [start.loadDataDir] : []);
          const message = await Promise.race([answered, died]);
          if (message.kind === 'ready') return new PgliteThread(worker);
          throw message.kind === 'failed'
            ? revive(message.error)
            : new Error('the database thread answered before it opened the database');
        } catch (error: unknown) {
          await worker.terminate();
          throw error;
        }
      },
      async cancel() {
        await worker.terminate();
      },
    };
  }

  /** Starts the thread and resolves once PGlite has opened the database there. */
  static open(options: ThreadOpenOptions): Promise<PgliteThread> {
    return PgliteThread.boot().open(options);
  }

  #receive(message: ThreadMessage): void {
    if (message.kind === 'notify') {
      for (const handler of this.#listeners.get(message.channel) ?? []) handler(message.payload);
      return;
    }
    if (message.kind !== 'answer') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.ok) pending.resolve(message.value);
    else pending.reject(revive(message.error));
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    this.closed = true;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  #call<T>(request: ThreadRequest, tx?: number): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const call: ThreadCall = tx === undefined ? { ...request, id } : { ...request, id, tx };
      this.#worker.postMessage(call);
    });
  }

  #query<T>(
    sql: string,
    params: unknown[] = [],
    options?: QueryOptions,
    tx?: number,
  ): Promise<Results<T>> {
    return this.#call(
      { op: 'query', sql, params, rowMode: options?.rowMode ?? 'object', raw: !!options?.parsers },
      tx,
    );
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', sql });
  }

  /**
   * Runs `callback` in one transaction on the thread: committed when it resolves, rolled back
   * when it throws. Other statements wait on the thread until it ends, as they do in PGlite.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.#query(sql, params, options, id),
      exec: (sql) => this.#call({ op: 'exec', sql }, id),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error: unknown) {
      await this.#call({ op: 'end', commit: false }, id).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: 'end', commit: true }, id);
    return result;
  }

  runPrepared<T>(statement: PreparedStatement, values: Param[]): Promise<T[]> {
    return this.#call({ op: 'prepared', statement, values });
  }

  /** LISTEN on the thread; one LISTEN per channel however many handlers. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.#listeners.get(channel);
    const first = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.#listeners.set(channel, handlers);
    }
    handlers.add(handler);
    if (first) {
      try {
        await this.#call({ op: 'listen', channel });
      } catch (error: unknown) {
        handlers.delete(handler);
        if (handlers.size === 0) this.#listeners.delete(channel);
        throw error;
      }
    }
    return async () => {
      const current = this.#listeners.get(channel);
      if (!current?.delete(handler) || current.size > 0) return;
      this.#listeners.delete(channel);
      if (!this.closed) await this.#call({ op: 'unlisten', channel });
    };
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump' })]);
  }

  /** Closes PGlite (a clean shutdown of its data directory), then ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.#call({ op: 'close' });
    this.closed = true;
    await this.#worker.terminate();
  }
}
