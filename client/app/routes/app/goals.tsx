import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function GoalsPage() {
  return (
    <FeaturePending title="Goals">
      Your goals will be listed here with their status, domain, progress and deadline, and you will be able to pin up to three as your top three goals.
    </FeaturePending>
  );
}
