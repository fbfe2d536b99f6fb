import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function NotificationsPage() {
  return (
    <FeaturePending title="Notifications">
      The full history of your notifications will appear here.
    </FeaturePending>
  );
}
