import { addDays } from '#contracts/local-date.ts';
import type { PersonFacts } from '#server/ai/conversation.ts';
import type { Db } from '#server/db/client.ts';
import { streakOf } from '#server/modules/dashboard/dashboard.service.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { TasksService } from '#server/modules/tasks/tasks.service.ts';
import type { TodayService } from '#server/modules/tasks/today.service.ts';
import { listMemoryTexts } from './chat.repo.ts';

/**
 * Reads one person's figures for their coach, in the caller's transaction. With `coachId`, the
 * memory is what that coach keeps plus what every coach may use; without it (the whole team
 * answering), all of the person's memory.
 */
export type PersonFactsReader = (tx: Db, userId: string, coachId?: string) => Promise<PersonFacts>;

export interface PersonFactsDeps {
  /** Today, the zone and the daily capacity (the day contract's). */
  profile: Pick<ProfileService, 'day'>;
  goals: Pick<GoalReads, 'activeGoals'>;
  /** Today's top three and the days whose three were all done (the streak's). */
  today: Pick<TodayService, 'todayWithin' | 'doneDays'>;
  tasks: Pick<TasksService, 'openAround'>;
  /** The analytics read model's week (person-week.service.ts). */
  week: (
    tx: Db,
    userId: string,
    range: { from: string; to: string },
  ) => Promise<{ done: number; skipped: number; topThreeDates: string[] }>;
}

/**
 * The person's own figures as the conversation's AI interface takes them (ADR 034): every read
 * goes through the owning module's service and is scoped to this one person, so a prompt can
 * never hold another person's data. Chat, reflections, consultations and check-ins share it.
 */
export function createPersonFacts(deps: PersonFactsDeps): PersonFactsReader {
  return async (tx, userId, coachId) => {
    const day = await deps.profile.day(userId, tx);
    const today = day.localDate;
    // The last seven days up to yesterday: a day still under way is not yet a missed one.
    const from = addDays(today, -7);
    const to = addDays(today, -1);
    const [goals, picked, doneDays, week, tasks, memory] = await Promise.all([
      deps.goals.activeGoals(userId, tx),
      deps.today.todayWithin(tx, userId),
      deps.today.doneDays(userId, tx),
      deps.week(tx, userId, { from, to }),
      deps.tasks.openAround(tx, userId, today),
      listMemoryTexts(tx, userId, coachId ?? null),
    ]);
    return {
      today,
      timeZone: day.timeZone,
      // No name is asked for anywhere in the product: the coach speaks without one.
      firstName: null,
      goals: goals.map((goal) => ({
        id: goal.id,
        title: goal.title,
        domain: goal.domain,
        deadline: goal.deadline,
        progress: goal.progress,
        weeklyHours: goal.weeklyHours,
        pinned: goal.pinned,
        nextMilestone: goal.nextMilestone
          ? { title: goal.nextMilestone.title, dueDate: goal.nextMilestone.dueDate }
          : null,
      })),
      topThree: picked.topThree.map(({ task }) => ({
        taskId: task.id,
        title: task.title,
        status: task.status,
        goalId: task.goalId,
      })),
      streak: streakOf(doneDays, today),
      week: {
        done: week.done,
        skipped: week.skipped,
        topThreeDays: week.topThreeDates.length,
        topThreeAllDone: doneDays.filter((date) => date >= from && date <= to).length,
      },
      missed: tasks.missed.flatMap((task) =>
        task.scheduledDate === null
          ? []
          : [
              {
                taskId: task.id,
                title: task.title,
                scheduledDate: task.scheduledDate,
                goalId: task.goalId,
              },
            ],
      ),
      upcoming: tasks.upcoming.flatMap((task) =>
        task.scheduledDate === null
          ? []
          : [
              {
                taskId: task.id,
                title: task.title,
                scheduledDate: task.scheduledDate,
                minutes: task.estimatedMinutes,
                goalId: task.goalId,
              },
            ],
      ),
      dailyCapacityMinutes: day.dailyCapacityMinutes,
      memory,
    };
  };
}
