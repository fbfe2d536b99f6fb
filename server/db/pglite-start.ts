import { PGlite } from '@electric-sql/pglite';

/** PGlite's start parameters with PostgreSQL's buffer cache set (PGLITE_SHARED_BUFFERS_MB). */
export function pgliteStartParams(sharedBuffersMb: number): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}
