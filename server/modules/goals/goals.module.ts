import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NewNotification } from '#contracts/notifications.ts';
import type { AiGateway } from '#server/ai/gateway.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { Db } from '#server/db/client.ts';
import { profileRoutes } from '#server/modules/profile/profile.routes.ts';
import { createProfileService } from '#server/modules/profile/profile.service.ts';
import { tasksRoutes } from '#server/modules/tasks/tasks.routes.ts';
import { createTasksService, type TasksService } from '#server/modules/tasks/tasks.service.ts';
import { goalsRoutes } from './goals.routes.ts';
import { createGoalsService } from './goals.service.ts';

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
 * Profile, goals and tasks: the planning part of the product API. Goals and tasks need each
 * other (a plan writes tasks; a completed task moves its goal's progress), so the goals service
 * reaches the tasks service through a function bound once both exist.
 */
export function createGoalsModule(deps: GoalsModuleDeps) {
  const { db, clock, guard } = deps;
  const profile = createProfileService({ db, clock });
  let tasks: TasksService | null = null;
  const goals = createGoalsService({
    db,
    clock,
    profile,
    ai: deps.ai,
    log: deps.log,
    ...(deps.notify ? { notify: deps.notify } : {}),
    tasks: () => {
      if (!tasks) throw new Error('the tasks service is not ready');
      return tasks;
    },
  });
  tasks = createTasksService({ db, clock, profile, goals });
  const ready = tasks;

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(profileRoutes({ guard, profile }));
    await app.register(goalsRoutes({ guard, goals }));
    await app.register(tasksRoutes({ guard, tasks: ready }));
  };
  return { profile, goals, tasks: ready, routes };
}
