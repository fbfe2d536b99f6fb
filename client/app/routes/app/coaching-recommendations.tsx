import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachingRecommendationsPage() {
  return (
    <FeaturePending title="Recommended coaches">
      Coaches recommended from your assessment will appear here.
    </FeaturePending>
  );
}
