import { type BreakdownRequest, type BreakdownResponse } from '#contracts/plan.ts';
import type { RefineGoalResponse } from '#contracts/coach.ts';
import { type RefineGoalRequest } from '#contracts/goals.ts';
import type { AiGateway } from '#server/ai/gateway.ts';
import { AppError } from '#server/errors.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import { existingPlanOf, onlyWhatThePlanLacks } from './plan-proposal.ts';

export interface CoachingServiceDeps {
  profile: Pick<ProfileService, 'day'>;
  ai: AiGateway;
  goals: Pick<GoalReads, 'smartGoal' | 'planOutline'>;
}

/**
 * The AI coach's calls: proposals the user reviews before anything is saved (accepting a plan is
 * the goals module's). Future chat threads and messages join here.
 */
export function createCoachingService(deps: CoachingServiceDeps) {
  const { profile, ai, goals } = deps;
  return {
    /** The coach turns a sentence (and answers) into questions or a SMART goal. Writes nothing. */
    async refine(userId: string, request: RefineGoalRequest): Promise<RefineGoalResponse> {
      const day = await profile.day(userId);
      return ai.refineGoal({
        text: request.text,
        ...(request.answers ? { answers: request.answers } : {}),
        ...(request.weeklyHours !== undefined ? { weeklyHours: request.weeklyHours } : {}),
        ...(request.domainHint ? { domainHint: request.domainHint } : {}),
        today: day.localDate,
        timeZone: day.timeZone,
      });
    },

    /**
     * The coach proposes milestones and tasks for a stored goal, from today, given the plan it
     * already has; what the plan has is then left out, whoever wrote the proposal. Writes nothing.
     */
    async breakdown(
      userId: string,
      id: string,
      request: BreakdownRequest,
    ): Promise<BreakdownResponse> {
      const goal = await goals.smartGoal(userId, id);
      const day = await profile.day(userId);
      if (goal.deadline <= day.localDate) {
        throw new AppError(
          'conflict',
          `This goal's deadline (${goal.deadline}) is not after today (${day.localDate}): move it to a later date to plan it.`,
        );
      }
      const outline = await goals.planOutline(userId, id);
      const planned = outline.milestones.length + outline.tasks.length > 0;
      const answer = await ai.breakDownGoal({
        goal,
        startDate: day.localDate,
        weeklyHours: request.weeklyHours ?? goal.weeklyHours,
        timeZone: day.timeZone,
        ...(planned ? { existingPlan: existingPlanOf(outline) } : {}),
      });
      if (answer.result.kind === 'crisis') return { ...answer, result: answer.result };
      return { ...answer, result: onlyWhatThePlanLacks(answer.result, outline) };
    },
  };
}

export type CoachingService = ReturnType<typeof createCoachingService>;
