import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function DomainMetricsPage() {
  return (
    <FeaturePending title="Domain metrics">
      Metrics for this domain of your life will appear here.
    </FeaturePending>
  );
}
