import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { flowState, oneTimeTokens } from '#server/db/schema.ts';

// One-time tokens (emailed links and codes) and the PKCE flow state a link redeems.
export type FlowStateRow = typeof flowState.$inferSelect;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

export async function upsertOneTimeToken(
  db: Db,
  row: {
    id: string;
    userId: string;
    tokenType: string;
    tokenHash: string;
    relatesTo: string;
    flowStateId: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insert(oneTimeTokens)
    .values(row)
    .onConflictDoUpdate({
      target: [oneTimeTokens.userId, oneTimeTokens.tokenType],
      set: {
        id: row.id,
        tokenHash: row.tokenHash,
        relatesTo: row.relatesTo,
        flowStateId: row.flowStateId,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
      },
    });
}

/** Live tokens whose hash is one of `hashes` and whose kind is one of `types`. */
export async function findOneTimeTokens(
  db: Db,
  hashes: string[],
  types: string[],
  now: Date,
): Promise<OneTimeTokenRow[]> {
  return db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        inArray(oneTimeTokens.tokenHash, hashes),
        inArray(oneTimeTokens.tokenType, types),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
}

export async function findUserOneTimeToken(
  db: Db,
  userId: string,
  tokenType: string,
): Promise<OneTimeTokenRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tokenType, tokenType)));
  return row ?? null;
}

/** Deletes one token; false when someone else consumed it first. */
export async function consumeOneTimeToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(oneTimeTokens)
    .where(eq(oneTimeTokens.id, id))
    .returning({ id: oneTimeTokens.id });
  return rows.length > 0;
}

export async function deleteUserOneTimeTokens(
  db: Db,
  userId: string,
  types?: string[],
): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(
      types
        ? and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.tokenType, types))
        : eq(oneTimeTokens.userId, userId),
    );
}

export async function insertFlowState(db: Db, row: typeof flowState.$inferInsert): Promise<void> {
  await db.insert(flowState).values(row);
}

export async function findFlowState(db: Db, id: string): Promise<FlowStateRow | null> {
  const [row] = await db.select().from(flowState).where(eq(flowState.id, id));
  return row ?? null;
}

export async function stampAuthCode(db: Db, id: string, now: Date): Promise<void> {
  await db.update(flowState).set({ authCodeIssuedAt: now }).where(eq(flowState.id, id));
}

/** Takes the flow state of an auth code out of the table (single use): the row, or null. */
export async function takeFlowStateByAuthCode(
  db: Db,
  authCode: string,
): Promise<FlowStateRow | null> {
  const [row] = await db.delete(flowState).where(eq(flowState.authCode, authCode)).returning();
  return row ?? null;
}

export async function deleteStaleFlowStates(db: Db, before: Date): Promise<void> {
  await db.delete(flowState).where(lt(flowState.createdAt, before));
}
