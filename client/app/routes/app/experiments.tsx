import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function ExperimentsPage() {
  return (
    <FeaturePending title="Experiments">
      Small experiments you run on your habits, and what they showed, will appear here.
    </FeaturePending>
  );
}
