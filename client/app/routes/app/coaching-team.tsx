import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachingTeamPage() {
  return (
    <FeaturePending title="Coach team">
      Your domain coaches will consult together here and surface the trade-offs between your goals.
    </FeaturePending>
  );
}
