import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';

// The audit log: who did what to which account.
export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditEntry {
  action: string;
  actorType: 'user' | 'service_role' | 'cli' | 'system' | 'anonymous';
  actorId?: string | null;
  userId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
  createdAt: Date;
}

export async function insertAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorType: entry.actorType,
    actorId: entry.actorId ?? null,
    userId: entry.userId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
    createdAt: entry.createdAt,
  });
}

/** An entry for what a user did to their own account (the actor is the user). */
export function insertUserAudit(
  db: Db,
  entry: Omit<AuditEntry, 'actorType' | 'actorId' | 'userId'> & { userId: string },
): Promise<void> {
  return insertAudit(db, { ...entry, actorType: 'user', actorId: entry.userId });
}

export async function listAudit(
  db: Db,
  options: { userId?: string; limit: number },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(options.userId ? eq(auditLog.userId, options.userId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(options.limit);
}

export interface AuditFilters {
  action?: string;
  actorId?: string;
  userId?: string;
  /** created_at on or after. */
  since?: Date;
  /** created_at before. */
  until?: Date;
  /** Entries with a smaller id (the previous page's last). */
  beforeId?: number;
  limit: number;
}

/** A page of the log, newest first (by id), with every filter given. */
export async function pageAudit(db: Db, filters: AuditFilters): Promise<AuditRow[]> {
  const conditions: Array<SQL | undefined> = [
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.actorId ? eq(auditLog.actorId, filters.actorId) : undefined,
    filters.userId ? eq(auditLog.userId, filters.userId) : undefined,
    filters.since ? gte(auditLog.createdAt, filters.since) : undefined,
    filters.until ? lt(auditLog.createdAt, filters.until) : undefined,
    filters.beforeId !== undefined ? lt(auditLog.id, filters.beforeId) : undefined,
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filters.limit);
}
