import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function GoalBreakdownPage() {
  return (
    <FeaturePending title="Goal breakdown">
      Your coach will propose milestones and daily tasks for this goal here, for you to edit, reorder, regenerate and accept.
    </FeaturePending>
  );
}
