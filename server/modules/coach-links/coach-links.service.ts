import { randomUUID } from 'node:crypto';
import { COACH_NAME_MAX } from '#contracts/coaching.ts';
import type {
  CreateShare,
  PersonLabel,
  Share,
  ShareActivity,
  ShareList,
  ShareScope,
} from '#contracts/coach-links.ts';
import type { ServerEvent } from '#contracts/events.ts';
import { recordAudit } from '#server/auth/audit.service.ts';
import {
  accountsByIds,
  auditEntriesOf,
  findAccountByEmail,
  type Account,
} from '#server/auth/directory.service.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { eventNotification } from '#server/events/event-bus.ts';
import { attachHumanCoach, endHumanCoach } from '#server/modules/coaching/human-coaches.service.ts';
import * as repo from './coach-links.repo.ts';

// The person's side of sharing with a human coach (ADR 035) and the one gate every coach route
// goes through (`canRead`). Every share, scope change and revocation is an audit entry written in
// the same transaction, and the coach's open pages hear of it when it commits.

export interface CoachLinksDeps {
  db: Db;
  clock: () => Date;
}

const AUDIT_ACTIONS = [
  'coach_share.created',
  'coach_share.scopes_changed',
  'coach_share.revoked',
] as const;

function noSuchCoach(): AppError {
  return new AppError(
    'not_found',
    'No coach account has this email. Check the address with your coach, or ask them for their invite code.',
  );
}

function noSuchShare(): AppError {
  return new AppError('not_found', 'You have no share with this id.');
}

/** The one answer for a client a coach may not read: never says which part is missing. */
export function clientNotFound(): AppError {
  return new AppError('not_found', 'You have no client with this id who shares this with you.');
}

export function labelOf(account: Account | undefined, id: string): PersonLabel {
  return { id, name: account?.name ?? null, email: account?.email ?? null };
}

/** Scopes in their canonical order, each once. */
function ordered(scopes: readonly ShareScope[]): ShareScope[] {
  const order: ShareScope[] = ['goals', 'tasks', 'reflections', 'analytics'];
  return order.filter((scope) => scopes.includes(scope));
}

async function tellCoach(tx: Db, coachId: string, event: ServerEvent): Promise<void> {
  await repo.announce(tx, eventNotification(coachId, event));
}

export function createCoachLinksService(deps: CoachLinksDeps) {
  const { db, clock } = deps;

  async function toShares(rows: repo.LinkRow[]): Promise<Share[]> {
    const accounts = await accountsByIds(
      db,
      rows.map((row) => row.coachId),
    );
    return rows.map((row) => toShare(row, accounts.get(row.coachId)));
  }

  function toShare(row: repo.LinkRow, coach: Account | undefined): Share {
    return {
      id: row.id,
      coach: labelOf(coach, row.coachId),
      scopes: ordered(row.scopes),
      coachId: row.userCoachId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function audit(
    tx: Db,
    clientId: string,
    action: (typeof AUDIT_ACTIONS)[number],
    row: repo.LinkRow,
    coach: string,
  ) {
    await recordAudit(tx, {
      action,
      actorType: 'user',
      actorId: clientId,
      userId: clientId,
      details: { linkId: row.id, coachId: row.coachId, coach, scopes: ordered(row.scopes) },
      createdAt: clock(),
    });
  }

  /** The coach an email or invite code names, or the same 404 whatever was wrong. */
  async function coachOf(body: CreateShare): Promise<Account> {
    let coach: Account | undefined;
    if (body.email !== undefined) {
      const account = await findAccountByEmail(db, body.email);
      if (account && (account.role === 'coach' || account.role === 'admin')) coach = account;
    } else if (body.code !== undefined) {
      const coachId = await repo.coachOfCode(db, body.code);
      const account = coachId ? (await accountsByIds(db, [coachId])).get(coachId) : undefined;
      if (account && (account.role === 'coach' || account.role === 'admin')) coach = account;
      if (!coach) {
        throw new AppError(
          'not_found',
          'No coach has this invite code. Check it with your coach: codes change when they make a new one.',
        );
      }
    }
    if (!coach) throw noSuchCoach();
    return coach;
  }

  return {
    /** The person's live shares and the record of every change, newest first. */
    async list(clientId: string): Promise<ShareList> {
      const [rows, entries] = await Promise.all([
        repo.liveLinksOfClient(db, clientId),
        auditEntriesOf(db, clientId, AUDIT_ACTIONS),
      ]);
      const activity: ShareActivity[] = entries.map((entry) => ({
        action: entry.action as ShareActivity['action'],
        coach: typeof entry.details.coach === 'string' ? entry.details.coach : 'A coach',
        scopes: Array.isArray(entry.details.scopes)
          ? ordered(entry.details.scopes as ShareScope[])
          : [],
        at: entry.createdAt.toISOString(),
      }));
      return { shares: await toShares(rows), activity };
    },

    /**
     * Shares `scopes` with the coach an email (an account with the coach or admin role; any other
     * email gets the same 404, so it tells nothing about who has an account) or invite code names.
     * The coach joins the person's coaches (their thread is the same one again after a revocation).
     */
    async share(clientId: string, body: CreateShare): Promise<Share> {
      const coach = await coachOf(body);
      if (coach.id === clientId) {
        throw new AppError('invalid_input', 'This is your own account: share with your coach’s.', {
          details: [{ path: 'body.email', message: 'must be another person’s account' }],
        });
      }
      const label = (coach.name ?? coach.email ?? 'Your coach').slice(0, COACH_NAME_MAX);
      const scopes = ordered(body.scopes);
      const row = await db.transaction(async (tx) => {
        const now = clock();
        const existing = await repo.lockPair(tx, coach.id, clientId);
        if (existing && existing.revokedAt === null) {
          throw new AppError(
            'conflict',
            'You already share with this coach. Change what you share with them in your list of shares.',
          );
        }
        const userCoachId = await attachHumanCoach(tx, {
          clientId,
          coachUserId: coach.id,
          name: label,
          at: now,
        });
        const saved = existing
          ? await repo.updateLink(tx, existing.id, {
              scopes,
              revokedAt: null,
              userCoachId,
              createdAt: now,
              updatedAt: now,
            })
          : await repo.insertLink(tx, {
              id: randomUUID(),
              coachId: coach.id,
              clientId,
              scopes,
              userCoachId,
              createdAt: now,
              updatedAt: now,
            });
        if (!saved) {
          throw new AppError('conflict', 'You already share with this coach.');
        }
        await audit(tx, clientId, 'coach_share.created', saved, coach.email ?? label);
        await tellCoach(tx, coach.id, {
          type: 'coach-area.client',
          data: { clientId, change: 'shared' },
        });
        return saved;
      });
      return toShare(row, coach);
    },

    /** Changes what a live share covers; the coach's open pages read again. */
    async changeScopes(clientId: string, id: string, scopes: ShareScope[]): Promise<Share> {
      const row = await db.transaction(async (tx) => {
        const existing = await repo.lockClientLink(tx, clientId, id);
        if (!existing) throw noSuchShare();
        const saved = await repo.updateLink(tx, id, {
          scopes: ordered(scopes),
          updatedAt: clock(),
        });
        const coach = (await accountsByIds(tx, [saved.coachId])).get(saved.coachId);
        await audit(tx, clientId, 'coach_share.scopes_changed', saved, coach?.email ?? 'A coach');
        await tellCoach(tx, saved.coachId, {
          type: 'coach-area.client',
          data: { clientId, change: 'scopes' },
        });
        return saved;
      });
      return (await toShares([row]))[0] as Share;
    },

    /**
     * Revokes a share at once: every coach route answers 404 from the commit on, the coach's open
     * pages drop the client, and the thread stays the person's, closed to new messages.
     */
    async revoke(clientId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const existing = await repo.lockClientLink(tx, clientId, id);
        if (!existing) throw noSuchShare();
        const now = clock();
        const saved = await repo.updateLink(tx, id, { revokedAt: now, updatedAt: now });
        await endHumanCoach(tx, clientId, saved.userCoachId, now);
        const coach = (await accountsByIds(tx, [saved.coachId])).get(saved.coachId);
        await audit(tx, clientId, 'coach_share.revoked', saved, coach?.email ?? 'A coach');
        await tellCoach(tx, saved.coachId, {
          type: 'coach-area.client',
          data: { clientId, change: 'revoked' },
        });
      });
    },

    /**
     * The gate: the live share of `coachId` with `clientId` when it covers `scope` (any live share
     * when no scope is named), else null. Every coach route reads through here.
     */
    async canRead(
      coachId: string,
      clientId: string,
      scope?: ShareScope,
    ): Promise<repo.LinkRow | null> {
      const row = await repo.liveLink(db, coachId, clientId);
      if (!row) return null;
      if (scope && !row.scopes.includes(scope)) return null;
      return row;
    },

    /** The coach's live shares, newest first. */
    clientsOf(coachId: string): Promise<repo.LinkRow[]> {
      return repo.liveLinksOfCoach(db, coachId);
    },
  };
}

export type CoachLinksService = ReturnType<typeof createCoachLinksService>;
