import type { Db } from '#server/db/client.ts';
import { insertAudit, type AuditEntry } from './audit.repo.ts';

// The audit log's one entry point for product modules (coach sharing, the admin area): they write
// through here, inside their own transaction, so the record and the change it describes land
// together or not at all. The auth service keeps writing through audit.repo.ts directly.

export type AuditRecord = AuditEntry;

/** Writes one audit entry with `db`, which may be the caller's transaction. */
export function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  return insertAudit(db, entry);
}
