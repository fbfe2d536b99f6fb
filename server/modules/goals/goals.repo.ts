import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { CoachDomain } from '#contracts/coach.ts';
import type { GoalStatus } from '#contracts/goals.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { goalHistory, goals, milestones } from '#server/db/schema.ts';

// The only module that touches goals, milestones and goal_history. Every function takes `db`,
// which may be a transaction, and every read of a user's rows is scoped by user id, so another
// user's id finds nothing (the service turns that into a 404).

export type GoalRow = typeof goals.$inferSelect;
export type NewGoalRow = typeof goals.$inferInsert;
export type MilestoneRow = typeof milestones.$inferSelect;
export type NewMilestoneRow = typeof milestones.$inferInsert;
export type HistoryRow = typeof goalHistory.$inferSelect;
export type NewHistoryRow = typeof goalHistory.$inferInsert;

export async function insertGoal(db: Db, values: NewGoalRow): Promise<GoalRow> {
  const [row] = await db.insert(goals).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The user's goal; with `lock`, the row stays locked until the transaction ends. */
export async function findGoal(
  db: Db,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<GoalRow | null> {
  const query = db
    .select()
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface GoalFilter {
  status?: GoalStatus;
  domain?: CoachDomain;
  pinned?: boolean;
  ids?: readonly string[];
}

/** Pinned first, then by deadline, then by title. */
export async function listGoals(
  db: Db,
  userId: string,
  filter: GoalFilter = {},
): Promise<GoalRow[]> {
  const conditions: SQL[] = [eq(goals.userId, userId)];
  if (filter.status) conditions.push(eq(goals.status, filter.status));
  if (filter.domain) conditions.push(eq(goals.domain, filter.domain));
  if (filter.pinned !== undefined) conditions.push(eq(goals.pinned, filter.pinned));
  if (filter.ids) conditions.push(inArray(goals.id, [...filter.ids]));
  return db
    .select()
    .from(goals)
    .where(and(...conditions))
    .orderBy(desc(goals.pinned), asc(goals.deadline), asc(goals.title), asc(goals.id));
}

export async function countPinned(db: Db, userId: string, exceptId?: string): Promise<number> {
  const conditions: SQL[] = [eq(goals.userId, userId), eq(goals.pinned, true)];
  if (exceptId) conditions.push(ne(goals.id, exceptId));
  const [row] = await db
    .select({ pinned: count() })
    .from(goals)
    .where(and(...conditions));
  return row?.pinned ?? 0;
}

export async function updateGoal(
  db: Db,
  userId: string,
  id: string,
  set: Partial<NewGoalRow>,
): Promise<GoalRow | null> {
  const [row] = await db
    .update(goals)
    .set(set)
    .where(and(eq(goals.userId, userId), eq(goals.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the goal with its milestones, tasks and history (the foreign keys cascade). */
export async function deleteGoal(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(goals)
    .where(and(eq(goals.userId, userId), eq(goals.id, id)))
    .returning({ id: goals.id });
  return deleted.length > 0;
}

// --- Milestones ---------------------------------------------------------------------------------

export async function insertMilestones(
  db: Db,
  rows: readonly NewMilestoneRow[],
): Promise<MilestoneRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(milestones)
    .values([...rows])
    .returning();
}

/** Milestones of the user's goals (all of them without `goalIds`), by due date then position. */
export async function listMilestones(
  db: Db,
  userId: string,
  goalIds?: readonly string[],
): Promise<MilestoneRow[]> {
  const conditions: SQL[] = [eq(milestones.userId, userId)];
  if (goalIds) {
    if (goalIds.length === 0) return [];
    conditions.push(inArray(milestones.goalId, [...goalIds]));
  }
  return db
    .select()
    .from(milestones)
    .where(and(...conditions))
    .orderBy(asc(milestones.dueDate), asc(milestones.position), asc(milestones.id));
}

/** One goal's milestones in the person's order (position), then by due date. */
export async function listMilestonesInOrder(
  db: Db,
  userId: string,
  goalId: string,
): Promise<MilestoneRow[]> {
  return db
    .select()
    .from(milestones)
    .where(and(eq(milestones.userId, userId), eq(milestones.goalId, goalId)))
    .orderBy(asc(milestones.position), asc(milestones.dueDate), asc(milestones.id));
}

export async function findMilestone(
  db: Db,
  userId: string,
  id: string,
): Promise<MilestoneRow | null> {
  const [row] = await db
    .select()
    .from(milestones)
    .where(and(eq(milestones.userId, userId), eq(milestones.id, id)));
  return row ?? null;
}

export async function updateMilestone(
  db: Db,
  userId: string,
  id: string,
  set: Partial<NewMilestoneRow>,
): Promise<MilestoneRow | null> {
  const [row] = await db
    .update(milestones)
    .set(set)
    .where(and(eq(milestones.userId, userId), eq(milestones.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteMilestone(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(milestones)
    .where(and(eq(milestones.userId, userId), eq(milestones.id, id)))
    .returning({ id: milestones.id });
  return deleted.length > 0;
}

export async function setMilestoneProgress(db: Db, id: string, progress: number): Promise<void> {
  await db.update(milestones).set({ progress }).where(eq(milestones.id, id));
}

// --- History ------------------------------------------------------------------------------------

export async function insertHistory(db: Db, rows: readonly NewHistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(goalHistory).values([...rows]);
}

/** Newest first. */
export async function listHistory(db: Db, goalId: string, limit: number): Promise<HistoryRow[]> {
  return db
    .select()
    .from(goalHistory)
    .where(eq(goalHistory.goalId, goalId))
    .orderBy(desc(goalHistory.createdAt), desc(goalHistory.id))
    .limit(limit);
}

/** What the achievements module counts about a user's goals (goal-reads' `achievementFacts`). */
export interface GoalAchievementFacts {
  goals: number;
  plansAccepted: number;
  completedMilestones: number;
  /** The highest progress threshold (0, 25, 50, 75, 100) any goal of the user ever reached. */
  bestReached: number;
  /** The highest progress of an active goal now, 0–100. */
  bestActiveProgress: number;
}

/** The user's goal counts for achievements, in one statement. */
export async function achievementFacts(db: Db, userId: string): Promise<GoalAchievementFacts> {
  const [row] = await queryRows<GoalAchievementFacts>(
    db,
    sql`select
          (select count(*)::int from ${goals} where ${goals.userId} = ${userId}::uuid) as goals,
          (select count(*)::int from ${goalHistory} where ${goalHistory.userId} = ${userId}::uuid
            and ${goalHistory.kind} = 'plan_accepted') as "plansAccepted",
          (select count(*)::int from ${milestones} where ${milestones.userId} = ${userId}::uuid
            and ${milestones.completedAt} is not null) as "completedMilestones",
          (select coalesce(max(${goals.progressReached}), 0)::int from ${goals}
            where ${goals.userId} = ${userId}::uuid) as "bestReached",
          (select coalesce(max(${goals.progress}), 0)::int from ${goals}
            where ${goals.userId} = ${userId}::uuid and ${goals.status} = 'active') as "bestActiveProgress"`,
  );
  return (
    row ?? {
      goals: 0,
      plansAccepted: 0,
      completedMilestones: 0,
      bestReached: 0,
      bestActiveProgress: 0,
    }
  );
}
