import { protocol, types, type PGlite } from '@electric-sql/pglite';

// One statement over PostgreSQL's simple query protocol through PGlite's wire-level API, for the
// auth hot paths (ADR 013). `PGlite.exec` makes the same exchange plus a Sync message, takes two
// locks and builds an object per protocol message; for a short statement that costs about as much
// CPU as PostgreSQL's own work. Only for a single statement that returns rows and sends no
// NOTIFY; everything else goes through Drizzle (`query`) or `exec`.

const decoder = new TextDecoder();

const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

interface Column {
  name: string;
  typeId: number;
}

/** The fields of a RowDescription message that name and type each column. */
function readColumns(bytes: Uint8Array, view: DataView, offset: number): Column[] {
  const count = view.getInt16(offset + 5);
  const columns: Column[] = [];
  let at = offset + 7;
  for (let i = 0; i < count; i += 1) {
    const end = bytes.indexOf(0, at);
    const name = decoder.decode(bytes.subarray(at, end));
    // After the name: table oid (4), column number (2), type oid (4), size (2), modifier (4), format (2).
    const typeId = view.getInt32(end + 7);
    columns.push({ name, typeId });
    at = end + 19;
  }
  return columns;
}

/**
 * The rows of one simple-query answer, each value converted by the client's own type parsers
 * (the conversions `exec` applies: timestamptz to Date, jsonb to objects). An ErrorResponse is
 * read by PGlite's protocol parser and thrown as its DatabaseError, as `exec` would throw it.
 */
function readRows<T>(bytes: Uint8Array, parsers: PGlite['parsers']): T[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let columns: Column[] = [];
  const rows: T[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const type = bytes[offset];
    const end = offset + 1 + view.getInt32(offset + 1);
    if (type === ROW_DESCRIPTION) {
      columns = readColumns(bytes, view, offset);
    } else if (type === DATA_ROW) {
      const row: Record<string, unknown> = {};
      let at = offset + 7;
      for (const column of columns) {
        const size = view.getInt32(at);
        at += 4;
        if (size < 0) {
          row[column.name] = null;
          continue;
        }
        const text = decoder.decode(bytes.subarray(at, at + size));
        row[column.name] = types.parseType(text, column.typeId, parsers);
        at += size;
      }
      rows.push(row as T);
    } else if (type === ERROR_RESPONSE) {
      let error: unknown = new Error('PostgreSQL answered with an error');
      new protocol.Parser().parse(bytes.subarray(offset, end), (message) => {
        if (message.name === 'error') error = message;
      });
      throw error;
    }
    offset = end;
  }
  return rows;
}

/**
 * Runs one statement on PGlite's single connection and returns its rows. It holds PGlite's query
 * lock while it runs. When another caller's transaction is open on the connection (between two
 * of its statements), the statement instead goes through `exec`, which waits for that
 * transaction to end, so it never becomes part of it.
 */
export async function simpleQuery<T>(client: PGlite, text: string): Promise<T[]> {
  const rows = await client.runExclusive(async () => {
    if (client.isInTransaction()) return null;
    // The raw stream hands over PostgreSQL's bytes as they are; the other raw calls also run
    // PGlite's message parser and keep what it parsed until the next exec.
    const chunks: Uint8Array[] = [];
    await client.execProtocolRawStream(protocol.serialize.query(text), {
      onRawData: (bytes) => {
        chunks.push(bytes.slice());
      },
    });
    return readRows<T>(Buffer.concat(chunks), client.parsers);
  });
  if (rows) return rows;
  const [result] = await client.exec(text);
  return (result?.rows ?? []) as T[];
}

// ---------------------------------------------------------------------------------------------
// Prepared statements on PGlite (ADR 013), shared by the in-process client and the database thread.

export interface PreparedStatement {
  name: string;
  types: string[];
  /** SQL with $1…$n placeholders, each cast to its type (and no other `$`). */
  text: string;
}

export type Param = string | null;

/** A SQL literal for a parameter (node-postgres's escapeLiteral): safe whatever the text holds. */
export function literal(value: Param): string {
  if (value === null) return 'NULL';
  if (value.includes('\0')) throw new Error('text parameters cannot hold NUL characters');
  let hasBackslash = false;
  let escaped = "'";
  for (const c of value) {
    if (c === "'") escaped += "''";
    else if (c === '\\') {
      escaped += '\\\\';
      hasBackslash = true;
    } else escaped += c;
  }
  escaped += "'";
  return hasBackslash ? ` E${escaped}` : escaped;
}

/** Per PGlite instance, the PREPAREs made or under way (concurrent first calls share one). */
const preparedOn = new WeakMap<object, Map<string, Promise<unknown>>>();

/** PREPARE `statement` once on this PGlite, then EXECUTE it with `values` as literals. */
export async function runPreparedOnPglite<T>(
  client: PGlite,
  statement: PreparedStatement,
  values: Param[],
): Promise<T[]> {
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Map();
    preparedOn.set(client, prepared);
  }
  let preparing = prepared.get(statement.name);
  if (!preparing) {
    preparing = client
      .exec(`prepare ${statement.name} (${statement.types.join(', ')}) as ${statement.text}`)
      .catch((error: unknown) => {
        prepared.delete(statement.name);
        throw error;
      });
    prepared.set(statement.name, preparing);
  }
  await preparing;
  const args = values.map(literal).join(', ');
  // The simple protocol: one exchange with PostgreSQL, where query() makes three (parse and
  // describe, bind and describe, execute) and exec() two (the query, then a sync).
  return simpleQuery<T>(client, `execute ${statement.name}(${args})`);
}
