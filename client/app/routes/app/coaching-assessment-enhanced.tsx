import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function EnhancedAssessmentPage() {
  return (
    <FeaturePending title="In-depth assessment">
      A longer assessment across every domain of your life will live here.
    </FeaturePending>
  );
}
