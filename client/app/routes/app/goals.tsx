import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { GoalList } from '#client/features/goals/components/goal-list.tsx';
import { useUserDay } from '#client/features/profile/api.ts';
import { paths } from '#client/lib/paths.ts';

export function GoalsPage() {
  const { today } = useUserDay();
  return (
    <PageShell
      title="Goals"
      description="What you are growing toward, and how far along you are."
      actions={
        <Link to={paths.newGoal} className={buttonClasses('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          New goal
        </Link>
      }
    >
      <GoalList today={today} />
    </PageShell>
  );
}
