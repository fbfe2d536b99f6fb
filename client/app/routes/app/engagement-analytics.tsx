import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function EngagementAnalyticsPage() {
  return (
    <FeaturePending title="Engagement analytics">
      When and how you use Trellis, from your own session events, will appear here.
    </FeaturePending>
  );
}
