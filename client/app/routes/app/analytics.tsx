import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function AnalyticsPage() {
  return (
    <FeaturePending title="Analytics">
      Charts of your progress across goals and domains will appear here.
    </FeaturePending>
  );
}
