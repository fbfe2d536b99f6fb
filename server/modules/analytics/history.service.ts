import {
  historyEntryTypes,
  type HistoryEntry,
  type HistoryPage,
  type HistoryQuery,
} from '#contracts/coaching.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import * as repo from './history.repo.ts';

export const HISTORY_PAGE_SIZE = 30;

export interface HistoryServiceDeps {
  db: Db;
  /** The zone the date filters and conversation days follow (the day contract's). */
  profile: Pick<ProfileService, 'day'>;
}

const KEY_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ENTRY_ID =
  /^[a-z_]+:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?::\d{4}-\d{2}-\d{2})?$/;

function invalidCursor(): AppError {
  const message = 'must be a nextCursor from a previous page';
  return new AppError('invalid_input', `querystring.cursor: ${message}`, {
    details: [{ path: 'querystring.cursor', message }],
  });
}

/** Opaque to clients: base64url of "<time to the microsecond> <entry id>". */
export function encodeHistoryCursor(position: repo.HistoryPosition): string {
  return Buffer.from(`${position.at} ${position.id}`).toString('base64url');
}

export function decodeHistoryCursor(cursor: string): repo.HistoryPosition {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split(' ');
  if (extra !== undefined || !at || !id || !KEY_AT.test(at) || !ENTRY_ID.test(id)) {
    throw invalidCursor();
  }
  if (Number.isNaN(Date.parse(at))) throw invalidCursor();
  return { at, id };
}

function toEntry(row: repo.HistoryRow): HistoryEntry {
  return {
    id: row.id,
    type: row.type,
    at: row.at,
    title: row.title,
    detail: row.detail,
    goalId: row.goalId,
    domain: row.domain,
    href: row.href,
  };
}

/**
 * /history: one timeline of what the person did and talked about, newest first (the read model,
 * ADR 016; the statement and its paging are history.repo.ts's). Filters by type, goal, domain
 * and local dates in the person's zone; every entry links to its source.
 */
export function createHistoryService(deps: HistoryServiceDeps) {
  const { db, profile } = deps;
  return {
    async page(userId: string, query: HistoryQuery): Promise<HistoryPage> {
      if (query.from && query.to && query.from > query.to) {
        const message = 'must be on or after from';
        throw new AppError('invalid_input', `querystring.to: ${message}`, {
          details: [{ path: 'querystring.to', message }],
        });
      }
      const after = query.cursor ? decodeHistoryCursor(query.cursor) : undefined;
      const limit = query.limit ?? HISTORY_PAGE_SIZE;
      const { timeZone } = await profile.day(userId);
      const rows = await repo.historyPage(db, {
        userId,
        timeZone,
        types: new Set(query.types ?? historyEntryTypes),
        ...(query.goalId ? { goalId: query.goalId } : {}),
        ...(query.domain ? { domain: query.domain } : {}),
        ...(query.from ? { from: query.from } : {}),
        ...(query.to ? { to: query.to } : {}),
        ...(after ? { after } : {}),
        // One more than asked tells whether an older page exists.
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: page.map(toEntry),
        nextCursor:
          rows.length > limit && last ? encodeHistoryCursor({ at: last.atKey, id: last.id }) : null,
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
