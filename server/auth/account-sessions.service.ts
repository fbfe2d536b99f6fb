import type { AccountSession } from '#contracts/account.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { insertUserAudit } from './audit.repo.ts';
import { deleteOwnSession, listUserSessions } from './sessions.repo.ts';
import type { AuthContext } from './guard.ts';

/**
 * What a signed-in person may see and do about their own sessions. Ending a session deletes it,
 * which revokes its refresh tokens (cascade) and fails its access token at the guard at once.
 */
export function createAccountSessionsService(deps: {
  db: Db;
  clock: () => Date;
  /** Told once a session has ended, so the guard here stops trusting it at once (ADR 020). */
  onSessionsEnded?: (userId: string) => void;
}) {
  return {
    async list(caller: AuthContext): Promise<AccountSession[]> {
      const rows = await listUserSessions(deps.db, caller.userId);
      return rows.map((row) => ({
        id: row.id,
        current: row.id === caller.sessionId,
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastActiveAt: (row.refreshedAt ?? row.createdAt).toISOString(),
        aal: row.aal === 'aal2' ? 'aal2' : 'aal1',
      }));
    },

    async end(caller: AuthContext, sessionId: string, ip: string | null): Promise<void> {
      if (sessionId === caller.sessionId) {
        throw new AppError(
          'invalid_input',
          'This is the device you are using now. Use Sign out to end this session.',
        );
      }
      await deps.db.transaction(async (tx) => {
        // Another user's session answers the same 404 as a session that does not exist.
        if (!(await deleteOwnSession(tx, caller.userId, sessionId))) {
          throw new AppError('not_found', 'That session has already ended.');
        }
        await insertUserAudit(tx, {
          action: 'session_revoked',
          userId: caller.userId,
          ip,
          details: { session_id: sessionId },
          createdAt: deps.clock(),
        });
      });
      deps.onSessionsEnded?.(caller.userId);
    },
  };
}

export type AccountSessionsService = ReturnType<typeof createAccountSessionsService>;
