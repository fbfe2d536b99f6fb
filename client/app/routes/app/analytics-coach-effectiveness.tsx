import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachEffectivenessPage() {
  return (
    <FeaturePending title="Coach effectiveness">
      How each coach's suggestions turned into completed work will appear here.
    </FeaturePending>
  );
}
