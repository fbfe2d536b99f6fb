import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function HistoryPage() {
  return (
    <FeaturePending title="History">
      The history of your coaching conversations, reflections and completed tasks will appear here.
    </FeaturePending>
  );
}
