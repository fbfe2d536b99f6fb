import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NewNotification } from '#contracts/notifications.ts';
import type { AiGateway } from '#server/ai/gateway.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { Db } from '#server/db/client.ts';
import { coachingRoutes } from '#server/modules/coaching/coaching.routes.ts';
import { createCoachingService } from '#server/modules/coaching/coaching.service.ts';
import { dashboardRoutes } from '#server/modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from '#server/modules/dashboard/dashboard.service.ts';
import { profileRoutes } from '#server/modules/profile/profile.routes.ts';
import { createProfileService } from '#server/modules/profile/profile.service.ts';
import { resolveDayPicks } from '#server/modules/tasks/day-picks.ts';
import { createOccurrences } from '#server/modules/tasks/occurrences.service.ts';
import { createTaskRecords } from '#server/modules/tasks/task-records.service.ts';
import { tasksRoutes } from '#server/modules/tasks/tasks.routes.ts';
import { createTasksService } from '#server/modules/tasks/tasks.service.ts';
import { createTodayService } from '#server/modules/tasks/today.service.ts';
import { createHistoryEntry } from './goal-history.ts';
import { createGoalReads } from './goal-reads.service.ts';
import { goalsRoutes } from './goals.routes.ts';
import { createGoalsService } from './goals.service.ts';
import { createMilestonesService } from './milestones.service.ts';
import { monotonicClock } from './monotonic-clock.ts';
import { createPlanService } from './plan.service.ts';
import { createProgressService } from './progress.service.ts';

export interface GoalsModuleDeps {
  db: Db;
  clock: () => Date;
  guard: AuthGuard;
  ai: AiGateway;
  /** How a goal_progress notification reaches the user (the notifications service's notify). */
  notify?: (userId: string, notification: NewNotification) => Promise<unknown>;
  log: { error(details: object, message: string): void };
}

/**
 * The planning part of the product API: profile, goals, tasks, today's top three, the dashboard
 * and the coach. Goals, milestones and tasks are one aggregate (a plan writes tasks; a task moves
 * its goal's progress), so the services are built bottom-up, each given what it calls:
 *
 *   taskRecords (the tasks table for goals) ← progress ← goal reads ← goals, milestones, plan
 *   progress, goal reads ← occurrences ← tasks, today ← dashboard;  goal reads ← coaching
 */
export function createGoalsModule(deps: GoalsModuleDeps) {
  const { db, clock, guard } = deps;
  const profile = createProfileService({ db, clock });
  // One monotonic clock per table: rows written in one call keep their order.
  const taskStamp = monotonicClock(clock);
  const history = createHistoryEntry(monotonicClock(clock));

  const taskRecords = createTaskRecords({ stamp: taskStamp });
  const progress = createProgressService({
    history,
    tasks: taskRecords,
    log: deps.log,
    ...(deps.notify ? { notify: deps.notify } : {}),
  });
  const reads = createGoalReads({ db, tasks: taskRecords });
  const planning = { db, clock, profile, history, progress };
  const goals = createGoalsService({ ...planning, reads, tasks: taskRecords });
  const milestones = createMilestonesService(planning);
  const plan = createPlanService({ ...planning, reads, tasks: taskRecords });

  const occurrences = createOccurrences({ db, clock, stamp: taskStamp, progress });
  const tasks = createTasksService({
    db,
    clock,
    stamp: taskStamp,
    profile,
    goals: reads,
    progress,
    occurrences,
  });
  const today = createTodayService({ db, clock, profile, goals: reads, occurrences });
  const dashboard = createDashboardService({ today, goals: reads });
  const coaching = createCoachingService({ profile, ai: deps.ai, goals: reads });

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(profileRoutes({ guard, profile }));
    await app.register(coachingRoutes({ guard, coaching }));
    await app.register(goalsRoutes({ guard, goals, milestones, plan }));
    await app.register(tasksRoutes({ guard, tasks, today }));
    await app.register(dashboardRoutes({ guard, dashboard }));
  };
  // The delivery engine freezes the day's top three with this, inside its own transactions.
  return { profile, goals, tasks, today, routes, dayPicks: resolveDayPicks };
}
