import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '#server/env.ts';

/** PGlite's start parameters with PostgreSQL's buffer cache set (PGLITE_SHARED_BUFFERS_MB). */
export function pgliteStartParams(sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}
