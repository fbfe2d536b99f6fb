import { UUID } from '#server/lib/ids.ts';
import { AppError } from '#server/errors.ts';

/**
 * Where a page newest-first by (time, id) ended, for every keyset-paged list of the API
 * (notifications, deliveries, the dev outbox): opaque to clients, base64url of "<ms>:<id>".
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
