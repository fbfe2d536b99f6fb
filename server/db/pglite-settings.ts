/**
 * PostgreSQL's buffer cache on PGlite when nothing says otherwise (PGLITE_SHARED_BUFFERS_MB).
 * PGlite's own default, 128 MB, was most of an idle server's memory and about a fifth of its
 * start; the hot paths' working set (a person's tasks, notifications and sessions) fits in far
 * less. A module of its own so the database thread can be started before the settings load.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;
