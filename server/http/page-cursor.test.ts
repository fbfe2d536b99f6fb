import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { decodeCursor, encodeCursor, keysetPage, type PageWindow } from './page-cursor.ts';

interface Row {
  id: string;
  at: Date;
}

// five rows newest first, one minute apart
const rows: Row[] = Array.from({ length: 5 }, (_, index) => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  at: new Date(Date.UTC(2026, 2, 10, 9, 5 - index)),
}));

/** A repo over `rows`: newest first, older than `before`, at most `limit`. */
function reader(asked: PageWindow[]) {
  return async (window: PageWindow) => {
    asked.push(window);
    const { before } = window;
    return rows
      .filter((row) => !before || row.at.getTime() < before.at.getTime())
      .slice(0, window.limit);
  };
}

const positionOf = (row: Row) => ({ at: row.at, id: row.id });

describe('keysetPage', () => {
  it('asks for one row more than the page and gives the cursor of its last row', async () => {
    const asked: PageWindow[] = [];
    const first = await keysetPage({ limit: 2 }, reader(asked), positionOf);

    expect(asked).toEqual([{ limit: 3 }]);
    expect(first.page.map((row) => row.id)).toEqual([rows[0]?.id, rows[1]?.id]);
    expect(first.nextCursor).not.toBeNull();
    expect(decodeCursor(first.nextCursor ?? '')).toEqual(positionOf(rows[1] as Row));
  });

  it('follows the cursor to the next page and ends with a null cursor', async () => {
    const asked: PageWindow[] = [];
    const read = reader(asked);
    const first = await keysetPage({ limit: 2 }, read, positionOf);
    const second = await keysetPage(
      { limit: 2, cursor: first.nextCursor ?? undefined },
      read,
      positionOf,
    );
    const third = await keysetPage(
      { limit: 2, cursor: second.nextCursor ?? undefined },
      read,
      positionOf,
    );

    expect(asked[1]).toEqual({ limit: 3, before: positionOf(rows[1] as Row) });
    expect(second.page.map((row) => row.id)).toEqual([rows[2]?.id, rows[3]?.id]);
    expect(third.page.map((row) => row.id)).toEqual([rows[4]?.id]);
    expect(third.nextCursor).toBeNull();
  });

  it('gives no cursor when the page holds exactly what is left', async () => {
    const page = await keysetPage({ limit: 5 }, reader([]), positionOf);
    expect(page.page).toHaveLength(5);
    expect(page.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make before reading anything', async () => {
    const asked: PageWindow[] = [];
    const forged = Buffer.from('123:not-an-id').toString('base64url');
    const error = await keysetPage({ limit: 2, cursor: forged }, reader(asked), positionOf).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'invalid_input' });
    expect(asked).toEqual([]);
  });

  it('reads back the position a cursor was made from', () => {
    const position = positionOf(rows[3] as Row);
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });
});
