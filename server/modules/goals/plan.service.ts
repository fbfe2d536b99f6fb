import {
  type AcceptPlan,
  type AcceptPlanResult,
  acceptPlanSchema,
  planTitleKey,
} from '#contracts/plan.ts';
import { randomUUID } from 'node:crypto';

import type { Db } from '#server/db/client.ts';
import type { AchievementsService } from '#server/modules/achievements/achievements.service.ts';
import type { SuggestionsService } from '#server/modules/coaching/suggestions.service.ts';
import { AppError } from '#server/errors.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { TaskRecords } from '#server/modules/tasks/task-records.service.ts';
import type { HistoryEntry } from './goal-history.ts';
import type { GoalReads } from './goal-reads.service.ts';
import { factsOf, toMilestone } from './goal-views.ts';
import * as repo from './goals.repo.ts';
import { lockedGoal } from './goals.service.ts';
import { type InputProblem, throwIfProblems } from './input-problems.ts';
import type { ProgressCrossing, ProgressService } from './progress.service.ts';

export interface PlanServiceDeps {
  db: Db;
  clock: () => Date;
  profile: ProfileService;
  history: HistoryEntry;
  reads: Pick<GoalReads, 'goalById'>;
  progress: ProgressService;
  /** Awards the badges a change earns, inside the change's transaction (when the app has them). */
  achievements?: Pick<AchievementsService, 'check'>;
  /** The coach's proposals: a plan carrying a `suggestionId` accepts it (when the app has them). */
  suggestions?: Pick<SuggestionsService, 'claim' | 'markAccepted'>;
  tasks: Pick<TaskRecords, 'createPlanned' | 'outline'>;
}

/** Accepting a plan (the coach's or the user's own): a goal's milestones and tasks at once. */
export function createPlanService(deps: PlanServiceDeps) {
  const { db, clock, profile, history, reads, progress, tasks: taskRecords } = deps;
  return {
    /**
     * Writes the accepted part of a plan in one transaction: every date is checked first (nothing
     * before today, milestones on or before the deadline, tasks on or before their milestone), and
     * one bad date writes nothing.
     *
     * Accepting is idempotent against the goal's plan: a milestone whose title the goal already
     * has is that milestone (its tasks join it), and a task whose title its milestone (or the
     * goal, without one) already has is not written again. Accepting the same proposal twice, or
     * a second breakdown that repeats part of the plan, never duplicates a row; the goal's lock
     * makes two racing accepts take turns.
     */
    async acceptPlan(userId: string, id: string, input: AcceptPlan): Promise<AcceptPlanResult> {
      const plan = acceptPlanSchema.parse(input);
      let crossings: ProgressCrossing[] = [];
      const result = await db.transaction(async (tx) => {
        const goal = await lockedGoal(tx, userId, id);
        if (goal.status === 'completed' || goal.status === 'archived') {
          throw new AppError(
            'conflict',
            `This goal is ${goal.status}: make it active again to plan it.`,
          );
        }
        // Who proposed what is written: the breakdown's suggestion, else the engine the body names.
        const claimed =
          plan.suggestionId !== undefined && deps.suggestions
            ? await deps.suggestions.claim(tx, userId, plan.suggestionId, {
                kind: 'plan',
                goalId: id,
              })
            : null;
        const engine = claimed?.engine ?? plan.proposedBy;
        const by = {
          proposedBy: engine,
          proposedByCoach: claimed?.coach ?? (engine ? goal.domain : null),
        };
        const day = await profile.day(userId, tx);
        const today = day.localDate;
        const existing = await repo.listMilestones(tx, userId, [id]);
        const existingById = new Map(existing.map((m) => [m.id, m]));
        const problems: InputProblem[] = [];
        const checkDate = (
          path: string,
          date: string,
          limits: Array<{ date: string; what: string }>,
        ) => {
          if (date < today) {
            problems.push({ path, message: `must be today (${today}) or later` });
            return;
          }
          for (const limit of limits) {
            if (date > limit.date) {
              problems.push({
                path,
                message: `must be on or before ${limit.what} (${limit.date})`,
              });
              return;
            }
          }
        };
        const deadlineLimit = { date: goal.deadline, what: "the goal's deadline" };
        plan.milestones.forEach((milestone, index) => {
          checkDate(`body.milestones.${index}.dueDate`, milestone.dueDate, [deadlineLimit]);
        });
        plan.tasks.forEach((task, index) => {
          const path = `body.tasks.${index}`;
          if (task.milestoneIndex !== undefined && task.milestoneId !== undefined) {
            problems.push({ path, message: 'give milestoneIndex or milestoneId, not both' });
            return;
          }
          let milestone: { dueDate: string; title: string } | null = null;
          if (task.milestoneIndex !== undefined) {
            const planned = plan.milestones[task.milestoneIndex];
            if (!planned) {
              problems.push({
                path: `${path}.milestoneIndex`,
                message: `there is no milestone ${task.milestoneIndex} in this plan (it has ${plan.milestones.length})`,
              });
              return;
            }
            // A milestone the goal has already is the one the task joins (see below).
            milestone =
              existing.find((m) => planTitleKey(m.title) === planTitleKey(planned.title)) ??
              planned;
          } else if (task.milestoneId !== undefined) {
            const found = existingById.get(task.milestoneId);
            if (!found) {
              problems.push({
                path: `${path}.milestoneId`,
                message: 'is not a milestone of this goal',
              });
              return;
            }
            milestone = { dueDate: found.dueDate, title: found.title };
          }
          checkDate(`${path}.scheduledDate`, task.scheduledDate, [
            ...(milestone
              ? [{ date: milestone.dueDate, what: `its milestone "${milestone.title}"` }]
              : []),
            deadlineLimit,
          ]);
        });
        throwIfProblems(problems);

        const now = clock();
        // The request's milestones: an existing one of the same title, or one to write.
        const byTitle = new Map(existing.map((m) => [planTitleKey(m.title), m]));
        const fresh: repo.NewMilestoneRow[] = [];
        const planned = plan.milestones.map((milestone) => {
          const key = planTitleKey(milestone.title);
          const known = byTitle.get(key);
          if (known) return known;
          const row = {
            id: randomUUID(),
            goalId: id,
            userId,
            title: milestone.title,
            description: milestone.description,
            dueDate: milestone.dueDate,
            position: 0,
            progress: 0,
            ...by,
            createdAt: now,
            updatedAt: now,
          };
          fresh.push(row);
          byTitle.set(key, row as repo.MilestoneRow);
          return row;
        });
        const ordered = await repo.listMilestonesInOrder(tx, userId, id);
        const placed = placeByDueDate(ordered, fresh);
        const createdMilestones = await repo.insertMilestones(
          tx,
          fresh.map((row) => ({ ...row, position: placed.get(row.id) ?? 0 })),
        );
        for (const milestone of ordered) {
          const position = placed.get(milestone.id);
          if (position !== undefined && position !== milestone.position) {
            await repo.updateMilestone(tx, userId, milestone.id, { position });
          }
        }
        const allMilestones = [...existing, ...createdMilestones];

        // The request's tasks, less those the plan already has (by title within their milestone).
        const taskKey = (milestoneId: string | null, title: string) =>
          `${milestoneId ?? '-'}\u0000${planTitleKey(title)}`;
        const known = new Set(
          (await taskRecords.outline(tx, userId, id)).map((t) => taskKey(t.milestoneId, t.title)),
        );
        const newTasks = plan.tasks.flatMap((task) => {
          const target =
            task.milestoneIndex !== undefined
              ? planned[task.milestoneIndex]
              : task.milestoneId !== undefined
                ? existingById.get(task.milestoneId)
                : undefined;
          const key = taskKey(target?.id ?? null, task.title);
          if (known.has(key)) return [];
          known.add(key);
          return [
            {
              title: task.title,
              milestone: target ? { id: target.id, dueDate: target.dueDate } : null,
              scheduledDate: task.scheduledDate,
              estimatedMinutes: task.estimatedMinutes,
              recurrence: task.recurrence ?? null,
            },
          ];
        });
        const tasks = await taskRecords.createPlanned(
          tx,
          userId,
          { goal: { id, deadline: goal.deadline }, today, tasks: newTasks, by },
          factsOf([goal], allMilestones),
        );
        if (createdMilestones.length + tasks.length > 0) {
          const m = createdMilestones.length;
          await repo.insertHistory(tx, [
            history(
              goal,
              'plan_accepted',
              `Plan accepted: ${m} milestone${m === 1 ? '' : 's'}, ${tasks.length} task${tasks.length === 1 ? '' : 's'}`,
              {
                milestones: m,
                tasks: tasks.length,
                alreadyInPlan: plan.milestones.length - m + (plan.tasks.length - tasks.length),
                proposedBy: engine,
              },
            ),
          ]);
          await repo.updateGoal(tx, userId, id, { updatedAt: now });
        }
        if (plan.suggestionId !== undefined && claimed) {
          await deps.suggestions?.markAccepted(tx, plan.suggestionId, id);
        }
        crossings = await progress.refreshProgress(tx, userId, [id]);
        const earning = [
          ...(createdMilestones.length + tasks.length > 0 ? (['plan'] as const) : []),
          ...(crossings.length > 0 ? (['progress'] as const) : []),
        ];
        if (earning.length > 0) await deps.achievements?.check(tx, userId, earning);
        const sorted = await repo.listMilestonesInOrder(tx, userId, id);
        const positions = new Map(sorted.map((m, index) => [m.id, index]));
        return {
          goal: await reads.goalById(tx, userId, id),
          milestones: createdMilestones.map((m) =>
            toMilestone(m, positions.get(m.id) ?? m.position),
          ),
          tasks,
        };
      });
      await progress.announce(userId, crossings);
      return result;
    },
  };
}

/**
 * Positions for a goal's milestones once `fresh` ones join `ordered` (the person's order): each
 * new milestone goes before the first one due after it, so a plan keeps reading in date order
 * while the person's own moves stay.
 */
export function placeByDueDate(
  ordered: ReadonlyArray<{ id: string; dueDate: string }>,
  fresh: ReadonlyArray<{ id: string; dueDate: string }>,
): Map<string, number> {
  const list = [...ordered];
  const sortedFresh = [...fresh].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  for (const milestone of sortedFresh) {
    const at = list.findIndex((other) => other.dueDate > milestone.dueDate);
    list.splice(at === -1 ? list.length : at, 0, milestone);
  }
  return new Map(list.map((m, index) => [m.id, index]));
}

export type PlanService = ReturnType<typeof createPlanService>;
