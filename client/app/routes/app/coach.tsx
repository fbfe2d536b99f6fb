import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachAreaPage() {
  return (
    <FeaturePending title="Coach dashboard">
      Human coaches will see the clients who shared their progress with them here.
    </FeaturePending>
  );
}
