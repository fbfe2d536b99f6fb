import { sql, type SQL } from 'drizzle-orm';
import type { CoachDomain } from '#contracts/coach.ts';
import type { HistoryEntryType } from '#contracts/coaching.ts';
import { queryRows, type Db } from '#server/db/client.ts';

// The /history timeline's one statement (the analytics read model, ADR 016: it reads tasks,
// milestones, goal_history, top_three_days and the coaching tables, and writes nothing). Each kind
// of entry is a branch of a UNION ALL that is already filtered, keyset-bounded, ordered and cut to
// the page's size plus one, so a page reads at most (size + 1) rows per branch whatever the
// length of the person's history; the outer query merges them.
//
// The page order is (at desc, id desc) with ids compared byte-wise (collate "C"), the same in
// every branch and outside, so the cursor (at, id) of the last entry splits the timeline exactly:
// no entry is on two pages and none falls between them.

export interface HistoryPosition {
  /** The entry's time, to the microsecond, as the database wrote it ("…T…:….123456Z"). */
  at: string;
  id: string;
}

export interface HistoryFilter {
  userId: string;
  /** Local dates and conversation days follow this zone. */
  timeZone: string;
  types: ReadonlySet<HistoryEntryType>;
  goalId?: string;
  domain?: CoachDomain;
  /** Local dates, inclusive. */
  from?: string;
  to?: string;
  after?: HistoryPosition;
  /** Rows to read (the page's size plus one). */
  limit: number;
}

export interface HistoryRow {
  type: HistoryEntryType;
  id: string;
  /** ISO 8601, UTC, milliseconds (the API's timestamps). */
  at: string;
  /** The cursor's time, to the microsecond. */
  atKey: string;
  title: string;
  detail: string | null;
  goalId: string | null;
  domain: CoachDomain | null;
  href: string;
}

/** One branch: its columns as SQL expressions over its FROM clause. */
interface Branch {
  type: HistoryEntryType;
  /** The entry's id (text), time (timestamptz) and the rest of its columns. */
  id: SQL;
  at: SQL;
  title: SQL;
  detail: SQL;
  goalId: SQL;
  domain: SQL;
  href: SQL;
  from: SQL;
  /** Conditions of its own (the person, the status). */
  where: SQL[];
  /** Its local date for the date filter, when it has one; else its time is bounded by the zone's days. */
  localDate?: SQL;
  /** A bound on an indexed column implied by the cursor (the planner cannot derive it). */
  cursorHint?: (after: HistoryPosition) => SQL;
}

/** The columns of entries that have no goal or no domain; compared by identity below. */
const NO_GOAL = sql`null::uuid`;
const NO_DOMAIN = sql`null::text`;

/** The local date's first instant in the zone. */
const dayStart = (date: SQL, zone: string) => sql`((${date})::timestamp at time zone ${zone})`;

function branchSql(branch: Branch, filter: HistoryFilter): SQL | null {
  const conditions = [...branch.where];
  if (filter.goalId !== undefined) {
    // Only entries of a goal can match a goal; the others are left out of the statement.
    if (branch.goalId === NO_GOAL) return null;
    conditions.push(sql`${branch.goalId} = ${filter.goalId}::uuid`);
  }
  if (filter.domain !== undefined) conditions.push(sql`${branch.domain} = ${filter.domain}`);
  if (branch.localDate) {
    if (filter.from) conditions.push(sql`${branch.localDate} >= ${filter.from}::date`);
    if (filter.to) conditions.push(sql`${branch.localDate} <= ${filter.to}::date`);
  } else {
    if (filter.from) {
      conditions.push(sql`${branch.at} >= ${dayStart(sql`${filter.from}::date`, filter.timeZone)}`);
    }
    if (filter.to) {
      conditions.push(
        sql`${branch.at} < ${dayStart(sql`${filter.to}::date + 1`, filter.timeZone)}`,
      );
    }
  }
  if (filter.after) {
    const { at, id } = filter.after;
    // `at <= …` alone is what an index on the time can start from; the OR settles equal times.
    conditions.push(
      sql`${branch.at} <= ${at}::timestamptz`,
      sql`(${branch.at} < ${at}::timestamptz or ${branch.id} collate "C" < ${id} collate "C")`,
    );
    if (branch.cursorHint) conditions.push(branch.cursorHint(filter.after));
  }
  return sql`(select ${branch.type}::text as type, ${branch.id} as id, ${branch.at} as at,
      ${branch.title} as title, ${branch.detail} as detail, ${branch.goalId} as goal_id,
      ${branch.domain} as domain, ${branch.href} as href
    from ${branch.from}
    where ${sql.join(conditions, sql` and `)}
    order by ${branch.at} desc, (${branch.id}) collate "C" desc
    limit ${filter.limit})`;
}

/**
 * A lower bound on the closing date of the done tasks a page can hold, so the index on
 * (user_id, closed_on) reads a few days' tasks rather than a person's every done task to find the
 * newest by time. Take D, the closing date of the page-size-th newest done task that closed three
 * days or more before the page's upper end (the cursor, the `to` date): those tasks are all below
 * it and done at the start of D minus a day at the earliest (a trip's zone, a late day-start hour),
 * so every task on the page was done no earlier, and closed no earlier than D - 4. Fewer such
 * tasks: no bound. Only when no goal or domain filter narrows the page (the bound would have to).
 */
function newestDoneFloor(
  filter: HistoryFilter,
  user: SQL,
  cursorDate: (after: HistoryPosition) => SQL,
): SQL | null {
  if (filter.goalId !== undefined || filter.domain !== undefined) return null;
  const ends = [
    ...(filter.after ? [cursorDate(filter.after)] : []),
    ...(filter.to ? [sql`${filter.to}::date`] : []),
  ];
  const below =
    ends.length === 0 ? sql`` : sql`and c.closed_on <= least(${sql.join(ends, sql`, `)}) - 3`;
  return sql`t.closed_on >= coalesce((
      select c.closed_on from tasks c
      where c.user_id = ${user} and c.closed_on is not null and c.status = 'done' ${below}
      order by c.closed_on desc offset ${filter.limit - 1} limit 1) - 4, '-infinity'::date)`;
}

/** A one-line excerpt of a person's text. */
const excerpt = (column: SQL) =>
  sql`case when char_length(${column}) > 160 then left(${column}, 159) || '…' else ${column} end`;

function branches(filter: HistoryFilter): Branch[] {
  const user = sql`${filter.userId}::uuid`;
  const zone = filter.timeZone;
  // Tasks close on a local date (the day contract's, a trip's zone included): a cursor's time
  // bounds that date within a day either side, which lets tasks_user_closed_idx skip the rest.
  const cursorDate = (after: HistoryPosition) =>
    sql`(${after.at}::timestamptz at time zone ${zone})::date`;
  const closedHint = (after: HistoryPosition) => sql`t.closed_on <= ${cursorDate(after)} + 2`;
  const doneFloor = newestDoneFloor(filter, user, cursorDate);
  const task = (type: 'task_done' | 'task_skipped'): Branch => ({
    type,
    id: sql`${`${type}:`} || t.id::text`,
    at: type === 'task_done' ? sql`t.completed_at` : sql`t.updated_at`,
    title: sql`t.title`,
    detail: sql`g.title`,
    goalId: sql`t.goal_id`,
    domain: sql`g.domain`,
    href: sql`'/tasks'`,
    from: sql`tasks t left join goals g on g.id = t.goal_id and g.user_id = t.user_id`,
    where: [
      sql`t.user_id = ${user}`,
      sql`t.closed_on is not null`,
      type === 'task_done'
        ? sql`t.status = 'done' and t.completed_at is not null`
        : sql`t.status = 'skipped'`,
      ...(type === 'task_done' && doneFloor ? [doneFloor] : []),
    ],
    cursorHint: closedHint,
  });
  return [
    task('task_done'),
    task('task_skipped'),
    {
      type: 'milestone_reached',
      id: sql`'milestone_reached:' || m.id::text`,
      at: sql`m.completed_at`,
      title: sql`m.title`,
      detail: sql`g.title`,
      goalId: sql`m.goal_id`,
      domain: sql`g.domain`,
      href: sql`'/goals/' || m.goal_id::text`,
      from: sql`milestones m join goals g on g.id = m.goal_id`,
      where: [sql`m.user_id = ${user}`, sql`m.completed_at is not null`],
    },
    {
      // Milestones reached are entries of their own (above): their history lines are not repeated.
      type: 'goal_event',
      id: sql`'goal_event:' || h.id::text`,
      at: sql`h.created_at`,
      title: sql`h.summary`,
      detail: sql`g.title`,
      goalId: sql`h.goal_id`,
      domain: sql`g.domain`,
      href: sql`'/goals/' || h.goal_id::text`,
      // goal_history is indexed by goal: reached through the person's goals.
      from: sql`goals g join goal_history h on h.goal_id = g.id`,
      where: [sql`g.user_id = ${user}`, sql`h.user_id = ${user}`, sql`h.kind <> 'milestone_done'`],
    },
    {
      // A day whose top three were all done (the streak's rule, today.service.ts's doneDays), at
      // the moment its last pick was done.
      type: 'top_three_day',
      id: sql`'top_three_day:' || d.id::text`,
      at: sql`x.at`,
      title: sql`'Top three done'`,
      detail: sql`x.titles`,
      goalId: NO_GOAL,
      domain: NO_DOMAIN,
      href: sql`'/tasks'`,
      from: sql`top_three_days d cross join lateral (
          select max(t.completed_at) as at,
                 string_agg(t.title, ' · ' order by p.n) as titles,
                 count(t.id) filter (where t.status = 'done') as done,
                 count(*) as picks
          from jsonb_array_elements(d.picks) with ordinality as p(pick, n)
          left join tasks t on t.id = (p.pick->>'taskId')::uuid and t.user_id = d.user_id
        ) x`,
      where: [
        sql`d.user_id = ${user}`,
        sql`jsonb_array_length(d.picks) > 0`,
        sql`x.done = x.picks`,
        // a day left with fewer than three picks counts only when what was swapped out was done
        sql`(jsonb_array_length(d.picks) >= 3 or not exists (
          select 1 from unnest(d.swapped_out) as s(id)
          join tasks t on t.id = s.id and t.user_id = d.user_id
          where t.status <> 'done'))`,
      ],
      localDate: sql`d.local_date`,
    },
    {
      type: 'reflection',
      id: sql`'reflection:' || r.id::text`,
      at: sql`r.created_at`,
      title: sql`case r.period when 'weekly' then 'Weekly reflection' else 'Daily reflection' end`,
      detail: excerpt(sql`r.body`),
      goalId: NO_GOAL,
      domain: NO_DOMAIN,
      href: sql`'/history'`,
      from: sql`reflections r`,
      where: [sql`r.user_id = ${user}`],
    },
    {
      // One entry per thread and local day with messages, at its last message.
      type: 'conversation',
      id: sql`'conversation:' || th.user_coach_id::text || ':' || c.day::text`,
      at: sql`c.at`,
      title: sql`'Conversation with ' || uc.name`,
      detail: sql`c.count::text || case when c.count = 1 then ' message' else ' messages' end`,
      goalId: NO_GOAL,
      domain: sql`uc.domain`,
      href: sql`'/coaching/chat/' || th.user_coach_id::text`,
      from: sql`coach_threads th
        join user_coaches uc on uc.id = th.user_coach_id and uc.user_id = th.user_id
        cross join lateral (
          select (m.created_at at time zone ${zone})::date as day, max(m.created_at) as at,
                 count(*)::int as count
          from coach_messages m
          where m.thread_id = th.id
            ${
              filter.after
                ? // days after the cursor's day cannot be on this page: their messages are not read
                  sql`and m.created_at < ${dayStart(sql`(${filter.after.at}::timestamptz at time zone ${zone})::date + 1`, zone)}`
                : sql``
            }
          group by 1
        ) c`,
      where: [sql`th.user_id = ${user}`],
      localDate: sql`c.day`,
    },
    {
      type: 'consultation',
      id: sql`'consultation:' || q.id::text`,
      at: sql`q.created_at`,
      title: sql`'Asked the team'`,
      detail: excerpt(sql`q.question`),
      goalId: NO_GOAL,
      domain: NO_DOMAIN,
      href: sql`'/coaching/team'`,
      from: sql`team_consultations q`,
      where: [sql`q.user_id = ${user}`],
    },
  ];
}

/** A page of the person's timeline, newest first: `filter.limit` rows at most. */
export async function historyPage(db: Db, filter: HistoryFilter): Promise<HistoryRow[]> {
  const parts = branches(filter)
    .filter((branch) => filter.types.has(branch.type))
    .filter((branch) => filter.domain === undefined || branch.domain !== NO_DOMAIN)
    .map((branch) => branchSql(branch, filter))
    .filter((part): part is SQL => part !== null);
  if (parts.length === 0) return [];
  return queryRows<HistoryRow>(
    db,
    sql`select e.type, e.id,
        to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
        to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "atKey",
        e.title, e.detail, e.goal_id as "goalId", e.domain, e.href
      from (${sql.join(parts, sql` union all `)}) e
      order by e.at desc, e.id collate "C" desc
      limit ${filter.limit}`,
  );
}
