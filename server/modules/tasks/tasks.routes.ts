import { deletedSchema, idParamsSchema } from '#contracts/shared.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTaskSchema,
  deleteTaskQuerySchema,
  taskActionResultSchema,
  taskActionSchema,
  taskListQuerySchema,
  taskListSchema,
  taskPaths,
  taskSchema,
} from '#contracts/tasks.ts';
import { swapRequestSchema, swapResultSchema, todayPaths, todaySchema } from '#contracts/today.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import { planningErrors as errors } from '#server/modules/goals/route-errors.ts';
import type { TasksService } from './tasks.service.ts';
import type { TodayService } from './today.service.ts';
const tags = ['tasks'];

export function tasksRoutes(deps: {
  guard: AuthGuard;
  tasks: TasksService;
  today: TodayService;
}): FastifyPluginAsyncZod {
  const { guard, tasks, today } = deps;
  return async (app) => {
    app.get(
      taskPaths.tasks.pattern,
      {
        schema: {
          summary: "The user's tasks: today, upcoming, overdue or all",
          tags,
          querystring: taskListQuerySchema,
          response: { 200: taskListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return tasks.list(userId, request.query);
      },
    );

    app.get(
      todayPaths.today.pattern,
      {
        schema: {
          summary: "Today's top three (frozen for the local date) with reasons, then the rest",
          tags,
          response: { 200: todaySchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return today.today(userId);
      },
    );

    app.post(
      todayPaths.swap.pattern,
      {
        schema: {
          summary: "Swap one of today's three for the next best task",
          tags,
          body: swapRequestSchema,
          response: { 200: swapResultSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return today.swap(userId, request.body);
      },
    );

    app.post(
      taskPaths.tasks.pattern,
      {
        schema: {
          summary:
            'Add a task of one’s own (optionally to a goal or milestone, optionally repeating)',
          tags,
          body: createTaskSchema,
          response: { 201: taskSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        return reply.status(201).send(await tasks.create(userId, request.body));
      },
    );

    app.patch(
      taskPaths.task.pattern,
      {
        schema: {
          summary: 'Complete, skip, snooze, reschedule, reopen or edit a task',
          tags,
          params: idParamsSchema,
          body: taskActionSchema,
          response: { 200: taskActionResultSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return tasks.act(userId, request.params.id, request.body);
      },
    );

    app.delete(
      taskPaths.task.pattern,
      {
        schema: {
          summary:
            'Delete a task; for a repeating task, scope=occurrence deletes only this occurrence and scope=series (the default) ends the series',
          tags,
          params: idParamsSchema,
          querystring: deleteTaskQuerySchema,
          response: { 200: deletedSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        await tasks.remove(userId, request.params.id, request.query.scope);
        return { deleted: true as const };
      },
    );
  };
}
