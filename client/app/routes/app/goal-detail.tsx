import { useParams } from 'react-router';
import { GoalDetailView } from '#client/features/goals/components/goal-detail.tsx';
import { useUserDay } from '#client/features/profile/api.ts';
import { GoalTaskList } from '#client/features/tasks/components/goal-task-list.tsx';

export function GoalDetailPage() {
  const { id = '' } = useParams();
  const { today, timeZone } = useUserDay();
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <GoalDetailView
        key={id}
        goalId={id}
        today={today}
        timeZone={timeZone}
        renderTasks={(tasks, group) => (
          <GoalTaskList
            tasks={tasks}
            localDate={today}
            onMove={group.onMove}
            emptyText={group.milestoneId ? 'No tasks for this milestone yet.' : 'No tasks yet.'}
          />
        )}
      />
    </div>
  );
}
