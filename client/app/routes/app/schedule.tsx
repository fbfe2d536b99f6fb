import { ScheduleScreen } from '#client/features/schedule/components/schedule-screen.tsx';

export function SchedulePage() {
  return <ScheduleScreen />;
}
