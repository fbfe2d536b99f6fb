import { CalendarClock, History } from 'lucide-react';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { useChannelStates, useSchedule } from '../api.ts';
import { DeliveryPreview } from './delivery-preview.tsx';
import { DeliveryRecord } from './delivery-record.tsx';
import { ScheduleForm } from './schedule-form.tsx';
import { SendNowButton } from './send-now-button.tsx';

/** /schedule: the day contract, the next deliveries it makes, and the record of past ones. */
export function ScheduleScreen() {
  const schedule = useSchedule();
  const channels = useChannelStates();

  return (
    <PageShell
      title="Schedule"
      description="When and where your daily top three arrives."
      width="wide"
    >
      {schedule.isPending ? (
        <div role="status" aria-label="Loading your schedule" className="space-y-4">
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      ) : schedule.isError ? (
        <ErrorState
          title="Your schedule could not load"
          message={schedule.error.message}
          onRetry={() => void schedule.refetch()}
        />
      ) : (
        // A phone shows the coming deliveries first, then the form, then the record; a wide
        // screen puts the form on the left and the two lists on the right.
        <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start">
          <div className="order-2 lg:order-none">
            <ScheduleForm schedule={schedule.data.schedule} channels={channels.data} />
          </div>
          <div className="contents lg:block lg:space-y-6">
            <Panel
              id="schedule-preview"
              className="order-1"
              title="Next deliveries"
              description="The next seven, in local time."
              icon={<CalendarClock aria-hidden="true" />}
            >
              <DeliveryPreview
                schedule={schedule.data.schedule}
                preview={schedule.data.preview}
                channels={channels.data}
              />
            </Panel>
            <Panel
              id="schedule-record"
              className="order-3"
              title="Record"
              description="Every delivery and each attempt to send it."
              icon={<History aria-hidden="true" />}
            >
              <div className="mb-3">
                <SendNowButton />
              </div>
              <DeliveryRecord timeZone={schedule.data.schedule.timeZone} />
            </Panel>
          </div>
        </div>
      )}
    </PageShell>
  );
}
