import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function SchedulePage() {
  return (
    <FeaturePending title="Schedule">
      Your day contract will live here: time zone, day start, delivery times per channel, quiet
      hours and a record of past deliveries.
    </FeaturePending>
  );
}
