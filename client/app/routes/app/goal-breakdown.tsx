import { useParams } from 'react-router';
import { GoalBreakdown } from '#client/features/goals/components/goal-breakdown.tsx';
import { useUserDay } from '#client/features/profile/api.ts';

export function GoalBreakdownPage() {
  const { id = '' } = useParams();
  const { today } = useUserDay();
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-8 sm:px-6 sm:pt-10 sm:pb-16">
      <GoalBreakdown key={id} goalId={id} today={today} />
    </div>
  );
}
