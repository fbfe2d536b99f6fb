const calls = new Map<string, Promise<unknown>>();

/**
 * Runs an email link's one-time step (a code exchange, a token check) once per page load. The
 * code is single-use and React runs mount effects twice in development, so a second caller with
 * the same key shares the first call's result.
 */
export function linkOnce<T>(key: string, run: () => Promise<T>): Promise<T> {
  const pending = calls.get(key);
  if (pending) return pending as Promise<T>;
  const started = run();
  calls.set(key, started);
  return started;
}
