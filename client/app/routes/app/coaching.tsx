import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachingPage() {
  return (
    <FeaturePending title="AI Coaching">
      Your coaching hub: domain coaches for health, career, relationships and personal development,
      and the coach team.
    </FeaturePending>
  );
}
