import type { Param, PreparedStatement } from './pglite-simple-query.ts';

// The messages between the web process's main thread and the thread that runs PGlite (ADR 031).
// Each request carries an id its answer repeats; `tx` names the open transaction a statement
// belongs to. Values cross by structured clone: the rows, fields and parameters are plain data.

export type ThreadRequest =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; raw: boolean }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'end'; commit: boolean }
  | { op: 'prepared'; statement: PreparedStatement; values: Param[] }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' };

export type ThreadCall = ThreadRequest & { id: number; tx?: number };

export interface SerializedError {
  name: string;
  message: string;
  /** PostgreSQL's fields of a DatabaseError (code, detail, constraint…), as plain values. */
  fields: Record<string, string | number | boolean>;
}

export type ThreadMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'answer'; id: number; ok: true; value: unknown }
  | { kind: 'answer'; id: number; ok: false; error: SerializedError }
  | { kind: 'notify'; channel: string; payload: string };

export interface ThreadStart {
  dataDir?: string;
  /** A data directory tarball to start from (PGlite's dumpDataDir), as bytes. */
  loadDataDir?: ArrayBuffer;
  /** PostgreSQL's buffer cache in MB. */
  sharedBuffersMb: number;
}

/** An error as data: its message and every plain field PostgreSQL's error carries. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}
