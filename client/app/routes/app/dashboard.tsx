import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function DashboardPage() {
  return (
    <FeaturePending title="Dashboard">
      Your dashboard will show today's top three tasks with the reason for each, your goals and their progress, the next milestones and your streak.
    </FeaturePending>
  );
}
