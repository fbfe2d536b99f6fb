import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { useUserDay } from '#client/features/profile/api.ts';
import { TaskBoard } from '#client/features/tasks/components/task-board.tsx';
import { formatDate } from '#contracts/local-date.ts';
import { paths } from '#client/lib/paths.ts';

export function TasksPage() {
  const { today } = useUserDay();
  return (
    <PageShell title="Tasks" description={formatDate(today, today)} width="narrow">
      <TaskBoard
        emptyAction={
          <Link to={paths.newGoal} className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            Declare a goal
          </Link>
        }
      />
    </PageShell>
  );
}
