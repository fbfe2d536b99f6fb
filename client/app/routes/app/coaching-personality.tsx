import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachingPersonalityPage() {
  return (
    <FeaturePending title="Coach personality">
      You will be able to shape this coach's personality here.
    </FeaturePending>
  );
}
