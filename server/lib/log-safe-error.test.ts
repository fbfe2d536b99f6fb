import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { errorForLog, logSerializers } from './log-safe-error.ts';

// A failed query's error holds its parameters (drizzle puts them in `params` and in the message;
// PostgreSQL quotes a value in its own message): none of them may reach the log.

const EMAIL = 'leak-me@example.com';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';

describe('errors in the log', () => {
  let database: Database;
  let failure: unknown;

  beforeAll(async () => {
    database = await createTestDatabase();
    failure = await database.db
      .execute(sql`select ${HASH}::text as hash, ${EMAIL}::uuid as id`)
      .catch((error: unknown) => error);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('the query failed with its parameters on the error (what used to be logged)', () => {
    expect(failure).toBeInstanceOf(Error);
    expect(JSON.stringify(pino.stdSerializers.err(failure as Error))).toContain(EMAIL);
  });

  it('errorForLog keeps the statement and the reason but no parameter value', () => {
    const logged = JSON.stringify(errorForLog(failure));
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain(HASH);
    expect(logged).not.toContain('argon2');
    expect(logged).toContain('Failed query');
    expect(logged).toContain('params: [redacted]');
  });

  it("a 500's log line from the app holds no parameter value", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'error', serializers: logSerializers },
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString());
          callback();
        },
      }),
    );
    const app = await createTestApp(database, { logger });
    app.get('/api/test/failing-query', async () => {
      await database.db.execute(sql`select ${HASH}::text as hash, ${EMAIL}::uuid as id`);
      return {};
    });
    await app.ready();
    const response = await app.inject({ url: '/api/test/failing-query' });
    await app.close();
    expect(response.statusCode).toBe(500);
    const line = lines.find((entry) => entry.includes('Failed query'));
    expect(line).toBeDefined();
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain(HASH);
  });
});
