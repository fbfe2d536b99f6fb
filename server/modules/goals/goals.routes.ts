import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGoalSchema,
  goalDetailSchema,
  goalListQuerySchema,
  goalListSchema,
  goalPaths,
  goalSchema,
  milestoneParamsSchema,
  milestoneSchema,
  updateGoalSchema,
  updateMilestoneSchema,
} from '#contracts/goals.ts';
import {
  acceptPlanResultSchema,
  acceptPlanSchema,
  milestoneOrderSchema,
  planOrderResultSchema,
  planPaths,
  taskOrderSchema,
} from '#contracts/plan.ts';
import { deletedSchema, idParamsSchema } from '#contracts/shared.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { GoalsService } from './goals.service.ts';
import type { MilestonesService } from './milestones.service.ts';
import type { PlanOrderService } from './plan-order.service.ts';
import type { PlanService } from './plan.service.ts';
import { planningErrors as errors } from './route-errors.ts';
const tags = ['goals'];

export function goalsRoutes(deps: {
  guard: AuthGuard;
  goals: GoalsService;
  milestones: MilestonesService;
  plan: PlanService;
  planOrder: PlanOrderService;
}): FastifyPluginAsyncZod {
  const { guard, goals, milestones, plan, planOrder } = deps;
  return async (app) => {
    app.get(
      goalPaths.goals.pattern,
      {
        schema: {
          summary: "The user's goals with progress and next milestone",
          tags,
          querystring: goalListQuerySchema,
          response: { 200: goalListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return goals.list(userId, request.query);
      },
    );

    app.post(
      goalPaths.goals.pattern,
      {
        schema: {
          summary: 'Save a goal the user reviewed (its deadline after today)',
          tags,
          body: createGoalSchema,
          response: { 201: goalSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        return reply.status(201).send(await goals.create(userId, request.body));
      },
    );

    app.get(
      goalPaths.goal.pattern,
      {
        schema: {
          summary: 'A goal with its milestones, tasks and history',
          tags,
          params: idParamsSchema,
          response: { 200: goalDetailSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return goals.detail(userId, request.params.id);
      },
    );

    app.patch(
      goalPaths.goal.pattern,
      {
        schema: {
          summary: 'Edit, pause, complete, archive, pin or prioritise a goal',
          tags,
          params: idParamsSchema,
          body: updateGoalSchema,
          response: { 200: goalSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return goals.update(userId, request.params.id, request.body);
      },
    );

    app.delete(
      goalPaths.goal.pattern,
      {
        schema: {
          summary: 'Delete a goal with its milestones, tasks and history',
          tags,
          params: idParamsSchema,
          response: { 200: deletedSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        await goals.remove(userId, request.params.id);
        return { deleted: true as const };
      },
    );

    app.post(
      planPaths.plan.pattern,
      {
        schema: {
          summary: 'Accept all or part of a plan: milestones and tasks written in one transaction',
          tags,
          params: idParamsSchema,
          body: acceptPlanSchema,
          response: { 201: acceptPlanResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        return reply
          .status(201)
          .send(await plan.acceptPlan(userId, request.params.id, request.body));
      },
    );

    app.put(
      planPaths.milestoneOrder.pattern,
      {
        schema: {
          summary: "Put the goal's milestones in a new order (each listed once)",
          tags,
          params: idParamsSchema,
          body: milestoneOrderSchema,
          response: { 200: planOrderResultSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return planOrder.orderMilestones(userId, request.params.id, request.body);
      },
    );

    app.put(
      planPaths.taskOrder.pattern,
      {
        schema: {
          summary: "Put one milestone's tasks (or those without one) in a new order",
          tags,
          params: idParamsSchema,
          body: taskOrderSchema,
          response: { 200: planOrderResultSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return planOrder.orderTasks(userId, request.params.id, request.body);
      },
    );

    app.patch(
      goalPaths.milestone.pattern,
      {
        schema: {
          summary: 'Edit a milestone, mark it done or reopen it',
          tags,
          params: milestoneParamsSchema,
          body: updateMilestoneSchema,
          response: { 200: milestoneSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        const { id, milestoneId } = request.params;
        return milestones.updateMilestone(userId, id, milestoneId, request.body);
      },
    );

    app.delete(
      goalPaths.milestone.pattern,
      {
        schema: {
          summary: 'Delete a milestone (its tasks stay with the goal)',
          tags,
          params: milestoneParamsSchema,
          response: { 200: deletedSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        const { id, milestoneId } = request.params;
        await milestones.deleteMilestone(userId, id, milestoneId);
        return { deleted: true as const };
      },
    );
  };
}
