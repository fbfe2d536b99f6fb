import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';

// The proactive check-ins' statements (issue 16): who the pass looks at next, whether they
// answered the last check-in, and the budget written with a new one.

export interface CheckInCandidate {
  userId: string;
  /** The first coach on their team: the one who writes. */
  coachId: string;
  ignored: number;
  lastCheckInAt: Date | null;
}

/** How long the pass leaves a person before looking at them again. */
const LOOK_AGAIN = '20 hours';

/**
 * Claims up to `limit` people with a team and check-ins on who were not looked at in the last 20
 * hours, marking them looked at now (an upsert on coaching_preferences that only one worker wins).
 */
export async function claimCandidates(
  db: Db,
  now: Date,
  limit: number,
): Promise<CheckInCandidate[]> {
  const at = now.toISOString();
  const rows = await queryRows<{
    userId: string;
    coachId: string;
    ignored: number;
    lastCheckInAt: string | Date | null;
  }>(
    db,
    sql`with due as (
          select distinct on (uc.user_id) uc.user_id, uc.id as coach_id
          from user_coaches uc
          left join coaching_preferences p on p.user_id = uc.user_id
          where uc.team_position is not null
            and coalesce(p.check_ins, true)
            and (p.evaluated_at is null
              or p.evaluated_at < ${at}::timestamptz - ${LOOK_AGAIN}::interval)
          order by uc.user_id, uc.team_position, uc.added_at
          limit ${limit}
        ), claimed as (
          insert into coaching_preferences (user_id, check_ins, check_ins_ignored, evaluated_at, updated_at)
          select user_id, true, 0, ${at}::timestamptz, ${at}::timestamptz from due
          on conflict (user_id) do update set evaluated_at = excluded.evaluated_at
          where coaching_preferences.evaluated_at is null
            or coaching_preferences.evaluated_at < ${at}::timestamptz - ${LOOK_AGAIN}::interval
          returning user_id, check_ins_ignored, last_check_in_at
        )
        select c.user_id as "userId", due.coach_id as "coachId",
               c.check_ins_ignored as ignored, c.last_check_in_at as "lastCheckInAt"
        from claimed c join due on due.user_id = c.user_id`,
  );
  return rows.map((row) => ({
    ...row,
    lastCheckInAt: row.lastCheckInAt === null ? null : new Date(row.lastCheckInAt),
  }));
}

/** True when the person wrote to any of their coaches after `since`. */
export async function repliedSince(db: Db, userId: string, since: Date): Promise<boolean> {
  const [row] = await queryRows<{ replied: boolean }>(
    db,
    sql`select exists (
          select 1 from coach_messages
          where user_id = ${userId}::uuid and author = 'person'
            and created_at > ${since.toISOString()}::timestamptz
        ) as replied`,
  );
  return row?.replied ?? false;
}

/** Records a check-in written now, with the ignored count it leaves. */
export async function recordCheckIn(
  db: Db,
  userId: string,
  values: { at: Date; ignored: number },
): Promise<void> {
  const at = values.at.toISOString();
  await db.execute(
    sql`update coaching_preferences
        set last_check_in_at = ${at}::timestamptz, check_ins_ignored = ${values.ignored},
            updated_at = ${at}::timestamptz
        where user_id = ${userId}::uuid`,
  );
}
