import { type BreakdownRequest, type BreakdownResponse } from '#contracts/plan.ts';
import type { RefineGoalResponse } from '#contracts/coach.ts';
import { type RefineGoalRequest } from '#contracts/goals.ts';
import type { AiGateway } from '#server/ai/gateway.ts';
import { AppError } from '#server/errors.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import { existingPlanOf, onlyWhatThePlanLacks } from './plan-proposal.ts';
import type { SuggestionsService } from './suggestions.service.ts';

export interface CoachingServiceDeps {
  profile: Pick<ProfileService, 'day'>;
  ai: AiGateway;
  goals: Pick<GoalReads, 'smartGoal' | 'planOutline'>;
  /** Records each proposal made, so its acceptance can be counted (when the app has it). */
  suggestions?: Pick<SuggestionsService, 'record'>;
}

/**
 * The AI coach's calls: proposals the user reviews before anything is saved (accepting a plan is
 * the goals module's). Future chat threads and messages join here.
 */
export function createCoachingService(deps: CoachingServiceDeps) {
  const { profile, ai, goals, suggestions } = deps;
  return {
    /**
     * The coach turns a sentence (and answers) into questions or a SMART goal. Writes only the
     * record of a SMART goal proposed (its coach is the goal's domain), whose id the answer carries.
     */
    async refine(userId: string, request: RefineGoalRequest): Promise<RefineGoalResponse> {
      const day = await profile.day(userId);
      const answer = await ai.refineGoal(
        {
          text: request.text,
          ...(request.answers ? { answers: request.answers } : {}),
          ...(request.weeklyHours !== undefined ? { weeklyHours: request.weeklyHours } : {}),
          ...(request.domainHint ? { domainHint: request.domainHint } : {}),
          today: day.localDate,
          timeZone: day.timeZone,
        },
        { userId },
      );
      if (answer.result.kind !== 'smart' || !suggestions) return answer;
      const suggestionId = await suggestions.record(userId, {
        kind: 'goal',
        coach: answer.result.goal.domain,
        engine: answer.engine,
        localDate: day.localDate,
        goalId: null,
      });
      return { ...answer, suggestionId };
    },

    /**
     * The coach proposes milestones and tasks for a stored goal, from today, given the plan it
     * already has; what the plan has is then left out, whoever wrote the proposal. Writes only the
     * record of a plan proposed (its coach is the goal's domain), whose id the answer carries.
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
      const answer = await ai.breakDownGoal(
        {
          goal,
          startDate: day.localDate,
          weeklyHours: request.weeklyHours ?? goal.weeklyHours,
          timeZone: day.timeZone,
          ...(planned ? { existingPlan: existingPlanOf(outline) } : {}),
        },
        { userId },
      );
      if (answer.result.kind === 'crisis') return { ...answer, result: answer.result };
      const result = onlyWhatThePlanLacks(answer.result, outline);
      if (result.milestones.length + result.tasks.length === 0 || !suggestions) {
        return { ...answer, result };
      }
      const suggestionId = await suggestions.record(userId, {
        kind: 'plan',
        coach: goal.domain,
        engine: answer.engine,
        localDate: day.localDate,
        goalId: id,
      });
      return { ...answer, result, suggestionId };
    },
  };
}

export type CoachingService = ReturnType<typeof createCoachingService>;
