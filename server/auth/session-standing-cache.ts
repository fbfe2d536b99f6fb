import type { Database } from '#server/db/client.ts';

/**
 * The channel on which the database announces that a user's session standing changed: a trigger
 * on users, sessions and mfa_factors (migration 0007) sends the user's id when a session ends or
 * changes level, or the user is banned, deleted, renamed, given a role, or gains or loses a
 * factor. Sent when the writing transaction commits, to every process on the database.
 */
export const SESSION_STANDING_CHANNEL = 'trellis_session_standing';

/** How long a process trusts what it read about a session without reading it again (ADR 020). */
export const SESSION_STANDING_TTL_MS = 2000;

const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  userId: string;
  readAt: number;
}

export interface SessionStandingCache<T extends { userId: string }> {
  /**
   * The standing of `sessionId`: from this process's memory when it was read less than the TTL
   * ago and nothing has invalidated it since, otherwise from `load`. Only a found session is kept
   * (an ended one is read again each time, and fails anyway).
   */
  read(sessionId: string, load: () => Promise<T | null>): Promise<T | null>;
  /** Forgets every session of `userId` in this process (call after the change has committed). */
  forgetUser(userId: string): void;
  /** Forgets everything (e.g. when the channel that carries invalidations was lost). */
  forgetAll(): void;
}

/**
 * A short per-process memory of the guard's session check (ADR 020). A read that was under way
 * when an invalidation arrived is not kept: it may have seen the row as it was before the change.
 */
export function createSessionStandingCache<T extends { userId: string }>(options: {
  clock: () => Date;
  ttlMs?: number;
  maxEntries?: number;
}): SessionStandingCache<T> {
  const ttlMs = options.ttlMs ?? SESSION_STANDING_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry<T>>();
  // Bumped by every invalidation; a read that started under an older generation is not stored.
  let generation = 0;

  return {
    async read(sessionId, load) {
      const now = options.clock().getTime();
      const cached = entries.get(sessionId);
      // A clock moved back (tests move it) counts as expired too.
      if (cached && now - cached.readAt < ttlMs && now >= cached.readAt) return cached.value;
      if (cached) entries.delete(sessionId);
      const startedAt = generation;
      const value = await load();
      if (value && startedAt === generation) {
        if (entries.size >= maxEntries) {
          // Oldest first: a Map iterates in insertion order.
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(sessionId, { value, userId: value.userId, readAt: now });
      }
      return value;
    },
    forgetUser(userId) {
      generation += 1;
      for (const [sessionId, entry] of entries) {
        if (entry.userId === userId) entries.delete(sessionId);
      }
    },
    forgetAll() {
      generation += 1;
      entries.clear();
    },
  };
}

/**
 * Forgets a user's sessions whenever the database says their standing changed, in this process
 * and every other one on the same database. Resolves once listening; the result stops it.
 */
export async function forgetOnStandingChanges(
  database: Pick<Database, 'listen'>,
  cache: Pick<SessionStandingCache<{ userId: string }>, 'forgetUser' | 'forgetAll'>,
): Promise<() => Promise<void>> {
  const stop = await database.listen(SESSION_STANDING_CHANNEL, (userId) => {
    if (userId) cache.forgetUser(userId);
    else cache.forgetAll();
  });
  // Anything read before listening began may predate a change this process never heard of.
  cache.forgetAll();
  return stop;
}
