import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function ProgressInsightsPage() {
  return (
    <FeaturePending title="Progress insights">
      Weekly insights on what moved your goals forward will appear here.
    </FeaturePending>
  );
}
