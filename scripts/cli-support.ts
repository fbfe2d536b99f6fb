import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '#server/db/client.ts';
import { EnvError, loadEnv, type Env } from '#server/env.ts';
import { projectRoot } from '#server/paths.ts';

/** What a command needs: the migrated database the server uses, settings, and output. */
export interface CliContext {
  database: Database;
  env: Env;
  out(line: string): void;
  err(line: string): void;
}

/**
 * When `moduleUrl` is the script node was asked to run: loads settings (and .env, as `npm start`
 * does), opens and migrates the server's database, runs the command, closes, exits with its code.
 * Imported by a test, it does nothing.
 */
export async function runCli(
  moduleUrl: string,
  command: (ctx: CliContext) => Promise<number>,
): Promise<void> {
  const entry = process.argv[1];
  if (!entry || pathToFileURL(resolve(entry)).href !== moduleUrl) return;

  if (existsSync(join(projectRoot, '.env'))) process.loadEnvFile(join(projectRoot, '.env'));
  let env: Env;
  try {
    env = loadEnv();
  } catch (error: unknown) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
      : {
          kind: 'pglite',
          dataDir: resolve(env.DATA_DIR),
          sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
        },
  );
  let code: number;
  try {
    await database.migrate();
    code = await command({
      database,
      env,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await database.close();
  }
  process.exit(code);
}
