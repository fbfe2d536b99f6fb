import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function GoalDetailPage() {
  return (
    <FeaturePending title="Goal">
      This goal's progress, milestones, tasks and history of changes will appear here.
    </FeaturePending>
  );
}
