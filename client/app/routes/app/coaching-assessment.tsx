import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachingAssessmentPage() {
  return (
    <FeaturePending title="Assessment">
      A short assessment will help Trellis recommend the coaches that fit you.
    </FeaturePending>
  );
}
