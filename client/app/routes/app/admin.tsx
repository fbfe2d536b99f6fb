import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function AdminPage() {
  return (
    <FeaturePending title="Admin">
      Users, roles, system health, deliveries, the dev outbox and AI usage will be managed here.
    </FeaturePending>
  );
}
