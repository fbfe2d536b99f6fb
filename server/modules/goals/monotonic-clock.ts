/**
 * A clock whose readings always move forward: rows written in one call (history entries, a plan's
 * tasks) get distinct, ordered instants even when the real clock has not moved, since lists sort
 * by creation time. One instance per table, shared by every service that writes it.
 */
export function monotonicClock(clock: () => Date): () => Date {
  let last = 0;
  return () => {
    last = Math.max(clock().getTime(), last + 1);
    return new Date(last);
  };
}
