import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function NewGoalPage() {
  return (
    <FeaturePending title="New goal">
      Declare a goal in one sentence and your coach will refine it into a SMART goal with you.
    </FeaturePending>
  );
}
