import type { AuditPage } from '#contracts/admin-operations.ts';
import type { Db } from '#server/db/client.ts';
import { insertAudit, pageAudit, type AuditEntry } from './audit.repo.ts';
import { accountEmails, accountIdOf } from './directory.service.ts';

// The audit log's one entry point for product modules (coach sharing, the admin area): they write
// through here, inside their own transaction, so the record and the change it describes land
// together or not at all. The auth service keeps writing through audit.repo.ts directly.

export type AuditRecord = AuditEntry;

/** Writes one audit entry with `db`, which may be the caller's transaction. */
export function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  return insertAudit(db, entry);
}

export interface AuditListQuery {
  action?: string | undefined;
  /** The actor's and the account's addresses. */
  actor?: string | undefined;
  user?: string | undefined;
  /** UTC dates (YYYY-MM-DD), both included. */
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  /** The previous page's nextCursor: the id of its last entry. */
  cursor?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One page of the audit log, newest first, for the admins' viewer: keyset-paged by id, filtered by
 * action, actor and account (by address) and dates. An address no account has matches nothing.
 */
export async function listAudit(db: Db, query: AuditListQuery): Promise<AuditPage> {
  const [actorId, userId] = await Promise.all([
    query.actor ? accountIdOf(db, query.actor) : undefined,
    query.user ? accountIdOf(db, query.user) : undefined,
  ]);
  if (actorId === null || userId === null) return { entries: [], nextCursor: null };
  const rows = await pageAudit(db, {
    ...(query.action ? { action: query.action } : {}),
    ...(actorId ? { actorId } : {}),
    ...(userId ? { userId } : {}),
    ...(query.from ? { since: new Date(`${query.from}T00:00:00Z`) } : {}),
    ...(query.to ? { until: new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) } : {}),
    ...(query.cursor ? { beforeId: Number(query.cursor) } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const emails = await accountEmails(
    db,
    page.flatMap((row) => [row.actorId, row.userId]).filter((id): id is string => id !== null),
  );
  const emailOf = (id: string | null) => (id ? (emails.get(id) ?? null) : null);
  return {
    entries: page.map((row) => ({
      id: row.id,
      action: row.action,
      actorType: row.actorType,
      actorEmail: emailOf(row.actorId),
      userEmail: emailOf(row.userId),
      ip: row.ip,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)?.id ?? '') : null,
  };
}
