import { NewGoalFlow } from '#client/features/goals/components/new-goal-flow.tsx';
import { useUserDay } from '#client/features/profile/api.ts';

export function NewGoalPage() {
  const { today } = useUserDay();
  return (
    <div className="mx-auto max-w-2xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <NewGoalFlow today={today} />
    </div>
  );
}
