import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { projectRoot } from '#server/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string | null;
  }
}

export const TEMPLATE_DB = 'trellis_test_template';

/**
 * Creates and migrates the database once per run; each test file then restores a copy
 * (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString() });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', url);
    project.provide('pgliteSnapshot', '');
    return;
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dump = await database.dumpDataDir();
  await database.close();
  const dir = join(projectRoot, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-snapshot-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', null);
}
