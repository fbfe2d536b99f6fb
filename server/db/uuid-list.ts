import { sql, type SQL } from 'drizzle-orm';
import { UUID } from '#server/lib/ids.ts';

/**
 * A list of ids as one uuid[] parameter: `column = any(${uuidList(ids)})` lets the planner use
 * the column's index (a subquery over a JSON list is estimated at 100 rows and may be hashed
 * against a whole table instead).
 */
export function uuidList(ids: readonly string[]): SQL {
  for (const id of ids) if (!UUID.test(id)) throw new TypeError(`not a uuid: ${id}`);
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}
