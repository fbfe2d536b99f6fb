import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function OnboardingPage() {
  return (
    <FeaturePending title="Welcome to Trellis">
      Onboarding will set your time zone, the channels and times for your daily top three, the areas
      you want to focus on, your first goal and the tone your coach uses.
    </FeaturePending>
  );
}
