import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function CoachingDomainPage() {
  return (
    <FeaturePending title="Domain coach">
      The coaches for this domain, and what they can help with, will appear here.
    </FeaturePending>
  );
}
