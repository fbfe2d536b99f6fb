import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function AchievementsPage() {
  return (
    <FeaturePending title="Achievements">
      Milestones reached and streaks kept will be celebrated here.
    </FeaturePending>
  );
}
