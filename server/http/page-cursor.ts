import { UUID } from '#server/lib/ids.ts';
import { AppError } from '#server/errors.ts';

/**
 * Where a page newest-first by (time, id) ended, for every keyset-paged list of the API
 * (notifications, deliveries, the dev outbox, reflections, consultations): opaque to clients,
 * base64url of "<ms>:<id>".
 */
export interface PagePosition {
  at: Date;
  id: string;
}

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.at.getTime()}:${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): PagePosition {
  const [ms, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const at = new Date(Number(ms));
  if (extra !== undefined || !id || !UUID.test(id) || !/^\d{1,15}$/.test(ms ?? '')) {
    const message = 'must be a nextCursor from a previous page';
    throw new AppError('invalid_input', `querystring.cursor: ${message}`, {
      details: [{ path: 'querystring.cursor', message }],
    });
  }
  return { at, id };
}

/** What a repo is asked for one keyset page: how many rows, and older than which one. */
export interface PageWindow {
  limit: number;
  before?: PagePosition;
}

/**
 * One page of a list newest first by (time, id): reads the cursor (a 400 when it is not one of
 * ours), asks `read` for one row more than `limit` (it tells whether an older page exists), and
 * returns `limit` rows with the cursor of the last one, or null on the last page.
 */
export async function keysetPage<Row>(
  query: { limit: number; cursor?: string | undefined },
  read: (window: PageWindow) => Promise<Row[]>,
  positionOf: (row: Row) => PagePosition,
): Promise<{ page: Row[]; nextCursor: string | null }> {
  const { limit, cursor } = query;
  const rows = await read({
    limit: limit + 1,
    ...(cursor ? { before: decodeCursor(cursor) } : {}),
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null,
  };
}
