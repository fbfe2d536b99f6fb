import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachingCustomizePage() {
  return (
    <FeaturePending title="Customize coach">
      You will be able to rename this coach and choose its tone here.
    </FeaturePending>
  );
}
