import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { refreshTokens } from '#server/db/schema.ts';

// The refresh_tokens table, off the hot path (reuse detection, MFA step-up).
export interface PresentedToken {
  id: string;
  sessionId: string;
  revokedAt: Date | null;
}

/** Locks the presented refresh token's row (slow path: reuse, bans). */
export async function findRefreshTokenForUpdate(
  db: Db,
  tokenHash: string,
): Promise<PresentedToken | null> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

/** A refresh token of `sessionId` by its hash (the reuse window's walk down the chain). */
export async function findSessionRefreshToken(
  db: Db,
  sessionId: string,
  tokenHash: string,
): Promise<PresentedToken | null> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.tokenHash, tokenHash)));
  return row ?? null;
}

export async function insertRefreshToken(
  db: Db,
  row: { id: string; tokenHash: string; sessionId: string; parentId: string | null; now: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({
    id: row.id,
    tokenHash: row.tokenHash,
    sessionId: row.sessionId,
    parentId: row.parentId,
    createdAt: row.now,
  });
}

export async function revokeRefreshToken(db: Db, id: string, now: Date): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.id, id));
}

/** Revokes every live refresh token of a session (an MFA step-up hands out a new one). */
export async function revokeSessionRefreshTokens(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.sessionId, sessionId), sql`${refreshTokens.revokedAt} is null`));
}
