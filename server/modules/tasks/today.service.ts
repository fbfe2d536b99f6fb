import {
  type SwapRequest,
  type SwapResult,
  type Today,
  type TopThreePick,
  TODAY_OTHERS_LIMIT,
} from '#contracts/today.ts';
import { randomUUID } from 'node:crypto';

import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import type { GoalFacts } from '#server/modules/goals/goal-views.ts';
import type { ProfileService, UserDay } from '#server/modules/profile/profile.service.ts';
import type { Occurrences } from './occurrences.service.ts';
import { isWorkable, notFound, toTask } from './task-views.ts';
import * as repo from './tasks.repo.ts';
import * as todayRepo from './today.repo.ts';
import { frozenPick, scoringContext, toScoringTask } from './today-scoring.ts';
import { scoreTask, selectTopThree, type TopThreeContext } from './top-three.ts';

export interface TodayServiceDeps {
  db: Db;
  clock: () => Date;
  /**
   * The tasks table's monotonic clock: a day frozen now is stamped after every task created
   * before it, so "added after the freeze" is exact even within one millisecond.
   */
  stamp: () => Date;
  profile: ProfileService;
  goals: Pick<GoalReads, 'facts'>;
  occurrences: Pick<Occurrences, 'rollMissedWeeks'>;
}

interface ResolvedToday {
  day: UserDay;
  facts: GoalFacts;
  context: TopThreeContext;
  row: todayRepo.TopThreeDayRow | null;
  picks: Array<{ pick: todayRepo.FrozenPick; task: repo.TaskRow }>;
  /** Open tasks for today of active goals (or none), in no particular order. */
  candidates: repo.TaskRow[];
}

function scoringTask(row: repo.TaskRow, facts: GoalFacts) {
  return toScoringTask(
    row,
    row.milestoneId === null ? undefined : facts.milestones.get(row.milestoneId),
  );
}

/** The local dates of `days` whose picks were all done (the rule: `doneDays` below). */
async function fullDays(
  tx: Db,
  userId: string,
  days: readonly todayRepo.PickedDay[],
): Promise<string[]> {
  const statuses = await todayRepo.taskStatuses(tx, userId, [
    ...days.flatMap((d) => d.taskIds),
    ...days.flatMap((d) => (d.taskIds.length < 3 ? d.swappedOut : [])),
  ]);
  const done = (id: string) => statuses.get(id) === 'done';
  return days
    .filter(
      (d) =>
        d.taskIds.length > 0 &&
        d.taskIds.every(done) &&
        (d.taskIds.length >= 3 || d.swappedOut.every((id) => !statuses.has(id) || done(id))),
    )
    .map((d) => d.localDate);
}

/**
 * Today's top three, frozen per local date (the delivery's batch form is day-picks.ts), the swap,
 * and the days whose three were all done (the dashboard's streak).
 */
export function createTodayService(deps: TodayServiceDeps) {
  const { db, clock, stamp, profile, goals, occurrences } = deps;

  /**
   * Today's selection: the frozen one, or a new one frozen now. A frozen pick stays for the whole
   * local day while its task exists and is done, skipped or still on today (one the user moved to
   * another day or whose goal was paused leaves); an empty place is filled with the best task not
   * yet picked or swapped out that was already there when the day was frozen (a task added
   * later does not jump in). The next local day starts afresh.
   */
  async function resolveToday(
    tx: Db,
    userId: string,
    options: { lock?: boolean } = {},
  ): Promise<ResolvedToday> {
    const day = await profile.day(userId, tx);
    const facts = await goals.facts(tx, userId);
    const context = scoringContext(day, facts);
    const rows = await repo.listTasks(tx, userId, { view: 'today', localDate: day.localDate });
    const candidates = rows.filter((row) => isWorkable(row, facts));
    const byId = new Map(candidates.map((row) => [row.id, row]));

    let row = await todayRepo.findTopThreeDay(tx, userId, day.localDate, options);
    let kept: Array<{ pick: todayRepo.FrozenPick; task: repo.TaskRow }> = [];
    if (row) {
      const missing = row.picks.filter((pick) => !byId.has(pick.taskId)).map((pick) => pick.taskId);
      const closed = new Map(
        (await repo.findTasks(tx, userId, missing))
          .filter((task) => task.status !== 'open')
          .map((task) => [task.id, task]),
      );
      kept = row.picks.flatMap((pick) => {
        const task = byId.get(pick.taskId) ?? closed.get(pick.taskId);
        return task ? [{ pick, task }] : [];
      });
    }
    if (kept.length < 3) {
      const excluded = new Set([...kept.map((k) => k.pick.taskId), ...(row?.swappedOut ?? [])]);
      // Once the day is frozen, a task added later waits for tomorrow (or a swap): only the tasks
      // that were there when the three were chosen can fill a place that emptied.
      const frozenAt = row?.frozenAt.getTime() ?? Number.POSITIVE_INFINITY;
      const pool = candidates.filter(
        (task) => !excluded.has(task.id) && task.createdAt.getTime() <= frozenAt,
      );
      const fill = selectTopThree(
        pool.map((task) => scoringTask(task, facts)),
        context,
      ).slice(0, 3 - kept.length);
      const added = fill.flatMap((pick) => {
        const task = byId.get(pick.taskId);
        return task ? [{ pick: frozenPick(pick), task }] : [];
      });
      const picks = [...kept, ...added];
      const changed = !row || added.length > 0 || kept.length !== row.picks.length;
      if (changed && (row || picks.length > 0)) {
        const now = clock();
        if (row) {
          await todayRepo.updateTopThreeDay(tx, row.id, {
            picks: picks.map((p) => p.pick),
            updatedAt: now,
          });
          row = { ...row, picks: picks.map((p) => p.pick), updatedAt: now };
        } else {
          const frozenAt = stamp();
          row = await todayRepo.insertTopThreeDay(tx, {
            id: randomUUID(),
            userId,
            localDate: day.localDate,
            picks: picks.map((p) => p.pick),
            swappedOut: [],
            frozenAt,
            updatedAt: frozenAt,
          });
          // Another request froze the day first: theirs stands.
          if (!row) return resolveToday(tx, userId, options);
        }
      }
      kept = picks;
    }
    return { day, facts, context, row, picks: kept, candidates };
  }

  function todayOf(resolved: ResolvedToday): Today {
    const { facts, context, picks, candidates } = resolved;
    const picked = new Set(picks.map((p) => p.pick.taskId));
    const rest = candidates.filter((task) => !picked.has(task.id));
    const others = rest
      .map((task) => ({ task, score: scoreTask(scoringTask(task, facts), context).score }))
      .sort(
        (a, b) => b.score - a.score || (a.task.id < b.task.id ? -1 : a.task.id > b.task.id ? 1 : 0),
      )
      .slice(0, TODAY_OTHERS_LIMIT)
      .map(({ task }) => toTask(task, facts));
    return {
      localDate: resolved.day.localDate,
      timeZone: resolved.day.timeZone,
      topThree: picks.map(({ pick, task }): TopThreePick => ({
        task: toTask(task, facts),
        reason: pick.reason,
        reasons: pick.reasons,
        score: pick.score,
        breakdown: pick.breakdown,
      })),
      others,
      othersTotal: rest.length,
      frozenAt: resolved.row?.frozenAt.toISOString() ?? null,
    };
  }

  async function today(userId: string): Promise<Today> {
    const day = await profile.day(userId);
    await occurrences.rollMissedWeeks(userId, day);
    return todayOf(await resolveToday(db, userId));
  }

  return {
    today,

    /**
     * Today's selection read (and frozen, when it was not yet) inside the caller's transaction:
     * what a coach sees of the person's day. Unlike `today`, it leaves missed weekly occurrences
     * as they are (the person's next visit closes them).
     */
    async todayWithin(tx: Db, userId: string): Promise<Today> {
      return todayOf(await resolveToday(tx, userId));
    },

    /** Replaces one of today's three with the best task not yet picked or swapped out today. */
    async swap(userId: string, { taskId }: SwapRequest): Promise<SwapResult> {
      const day = await profile.day(userId);
      await occurrences.rollMissedWeeks(userId, day);
      return db.transaction(async (tx) => {
        const resolved = await resolveToday(tx, userId, { lock: true });
        const index = resolved.picks.findIndex((p) => p.pick.taskId === taskId);
        const current = resolved.picks[index];
        if (!current || !resolved.row) {
          if (!(await repo.findTask(tx, userId, taskId))) throw notFound();
          throw new AppError('conflict', "This task is not in today's top three.");
        }
        if (current.task.status === 'done') {
          throw new AppError(
            'conflict',
            "A done task stays in today's three: it counts toward your streak.",
          );
        }
        const swappedOut = [...new Set([...resolved.row.swappedOut, taskId])];
        const excluded = new Set([...resolved.picks.map((p) => p.pick.taskId), ...swappedOut]);
        const pool = resolved.candidates.filter((task) => !excluded.has(task.id));
        const [best] = selectTopThree(
          pool.map((task) => scoringTask(task, resolved.facts)),
          resolved.context,
        );
        const bestTask = best ? pool.find((task) => task.id === best.taskId) : undefined;
        if (!best || !bestTask) {
          // Nothing to trade for: the task keeps its place (a day is never one task short).
          return {
            ...todayOf(resolved),
            swap: {
              removedTaskId: null,
              addedTaskId: null,
              reason: `There is none: no other task is open for today, so “${current.task.title}” stays in your three.`,
            },
          };
        }
        const picks = [...resolved.picks];
        picks.splice(index, 1, { pick: frozenPick(best), task: bestTask });
        const now = clock();
        await todayRepo.updateTopThreeDay(tx, resolved.row.id, {
          picks: picks.map((p) => p.pick),
          swappedOut,
          updatedAt: now,
        });
        const after = { ...resolved, picks, row: { ...resolved.row, swappedOut } };
        return {
          ...todayOf(after),
          swap: {
            removedTaskId: taskId,
            addedTaskId: best.taskId,
            reason: `Next best: ${best.reason}`,
          },
        };
      });
    },

    /**
     * The local dates whose picked tasks were all done, oldest first: a day counts when it held at
     * least one pick and every pick is done (skipped is not done). A day left with fewer than three
     * picks after a swap took one out without a replacement (days frozen before a swap always
     * kept its task) counts only when the task taken out was done too. `tx` reads inside the
     * caller's transaction (the achievements module counts the change it is part of).
     */
    async doneDays(userId: string, tx: Db = db): Promise<string[]> {
      return fullDays(tx, userId, await todayRepo.listPickedDays(tx, userId));
    },

    /**
     * Whether `taskId`, just done, leaves a frozen day that picked it (or swapped it out) with all
     * of its picks done, by `doneDays`' rule: only then can the streak have grown. A few rows,
     * where `doneDays` reads every day the person ever had.
     */
    async completesADay(tx: Db, userId: string, taskId: string): Promise<boolean> {
      const days = await todayRepo.daysWithTask(tx, userId, taskId);
      const picked = days.map((day) => ({
        localDate: day.localDate,
        taskIds: day.picks.map((pick) => pick.taskId),
        swappedOut: day.swappedOut,
      }));
      return (await fullDays(tx, userId, picked)).length > 0;
    },
  };
}

export type TodayService = ReturnType<typeof createTodayService>;
