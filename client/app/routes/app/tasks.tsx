import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function TasksPage() {
  return (
    <FeaturePending title="Tasks">
      Today's top three, upcoming and overdue tasks will live here, with complete, skip, snooze and reschedule.
    </FeaturePending>
  );
}
