import type { Notification } from '#contracts/notifications.ts';
import { paths, pathTo } from '#client/lib/paths.ts';

/**
 * Where clicking a notification goes (spec §2): a coach message to its chat when it names a
 * coach, goal progress to its goal (or to the goals list), an achievement to /achievements, an
 * insight to the coach team. Null: the click only marks it read.
 */
export function destinationOf(
  notification: Pick<Notification, 'type' | 'coach_id' | 'data'>,
): string | null {
  switch (notification.type) {
    case 'coach_message':
      return notification.coach_id ? pathTo.coachingChat(notification.coach_id) : null;
    case 'goal_progress': {
      const goalId = notification.data?.goal_id;
      return typeof goalId === 'string' && goalId ? pathTo.goal(goalId) : paths.goals;
    }
    case 'achievement':
      return paths.achievements;
    case 'insight':
      return paths.coachingTeam;
    case 'other':
      return null;
  }
}
