import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function AdvancedAnalyticsPage() {
  return (
    <FeaturePending title="Advanced analytics">
      Deeper trends, completion rates and streaks over time will appear here.
    </FeaturePending>
  );
}
