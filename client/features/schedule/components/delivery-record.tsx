import { ChevronRight, History, LoaderCircle, Undo2 } from 'lucide-react';
import type { Attempt, Delivery, DeliveryStatus } from '#contracts/deliveries.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatDate, formatLocalTime, formatTimestamp, todayIn } from '#contracts/local-date.ts';
import { useDeliveries } from '../api.ts';
import { channelLabels } from '../channel-state.ts';
import { channelIcons } from './fields.tsx';

const statusLabels: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  opened: 'Opened',
  failed: 'Failed',
  skipped: 'Skipped',
};

const statusClasses: Record<DeliveryStatus, string> = {
  queued: 'bg-muted text-muted-foreground',
  sending: 'bg-info/15 text-foreground',
  sent: 'bg-primary-soft text-accent-foreground',
  delivered: 'bg-primary-soft text-accent-foreground',
  opened: 'bg-primary text-primary-foreground',
  failed: 'bg-danger text-danger-foreground',
  skipped: 'bg-warning/15 text-foreground',
};

export function StatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        statusClasses[status],
      )}
    >
      {status === 'sending' && <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />}
      {statusLabels[status]}
    </span>
  );
}

const attemptLabels: Record<Attempt['status'], string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  opened: 'Opened',
  failed: 'Failed',
};

function DeliveryItem({
  delivery,
  timeZone,
  today,
}: {
  delivery: Delivery;
  timeZone: string;
  today: string;
}) {
  const Icon = channelIcons[delivery.channel];
  const when = delivery.slot === 'now' ? 'sent on request' : formatLocalTime(delivery.slot);
  const count = delivery.attempts.length;
  return (
    <li className="py-3">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="text-sm font-medium">
              {channelLabels[delivery.channel]}
              <span className="font-normal text-muted-foreground">
                {' · '}
                {formatDate(delivery.localDate, today)}, {when}
              </span>
            </p>
            <StatusBadge status={delivery.status} />
          </div>
          {delivery.to && (
            <p className="truncate text-xs text-muted-foreground">To {delivery.to}</p>
          )}
          {delivery.fallbackOf && (
            <p className="mt-1 inline-flex items-center gap-1 text-xs text-muted-foreground">
              <Undo2 aria-hidden="true" className="size-3" />
              Sent instead of a delivery that could not go through
            </p>
          )}
          {delivery.tasks.length > 0 && (
            <ol className="mt-2 list-decimal space-y-0.5 pl-5 text-sm marker:text-muted-foreground">
              {delivery.tasks.map((task, index) => (
                <li key={index}>{task}</li>
              ))}
            </ol>
          )}
          {delivery.error && (
            <p
              className={cn(
                'mt-1 text-sm',
                delivery.status === 'failed' ? 'text-danger' : 'text-muted-foreground',
              )}
            >
              {delivery.error}
            </p>
          )}
          {count > 0 && (
            <details className="group mt-2">
              <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded text-xs font-medium text-primary [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  aria-hidden="true"
                  className="size-3.5 transition group-open:rotate-90"
                />
                {count === 1 ? '1 attempt' : `${count} attempts`}
              </summary>
              <ol className="mt-2 space-y-1.5 border-l pl-3">
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.attempt} className="text-xs">
                    <span className="font-medium">
                      #{attempt.attempt} {attemptLabels[attempt.status]}
                    </span>
                    <span className="text-muted-foreground">
                      {' · '}
                      <time dateTime={attempt.at}>{formatTimestamp(attempt.at, timeZone)}</time>
                    </span>
                    {attempt.error && (
                      <span className="block text-danger">
                        {attempt.error}
                        {attempt.permanent ? ' (will not be retried)' : ''}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </details>
          )}
        </div>
      </div>
    </li>
  );
}

/** GET /api/deliveries: each delivery with its status, tasks and attempts, newest first. */
export function DeliveryRecord({ timeZone }: { timeZone: string }) {
  const record = useDeliveries();
  const today = todayIn(timeZone);

  if (record.isPending) {
    return (
      <div role="status" aria-label="Loading the record" className="space-y-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (!record.data) {
    return (
      <ErrorState
        title="The record could not load"
        message={record.error?.message}
        onRetry={() => void record.refetch()}
      />
    );
  }
  const deliveries = record.data.pages.flatMap((page) => page.deliveries);
  if (deliveries.length === 0) {
    return (
      <EmptyState icon={<History aria-hidden="true" />} title="No deliveries yet">
        Each delivery shows here with what it carried and every attempt to send it.
      </EmptyState>
    );
  }
  return (
    <div>
      <ul className="divide-y">
        {deliveries.map((delivery) => (
          <DeliveryItem key={delivery.id} delivery={delivery} timeZone={timeZone} today={today} />
        ))}
      </ul>
      {record.hasNextPage && (
        <Button
          variant="outline"
          className="mt-3 w-full"
          disabled={record.isFetchingNextPage}
          onClick={() => void record.fetchNextPage()}
        >
          {record.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
      {record.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-sm text-danger">
          More could not load. {record.error?.message}
        </p>
      )}
    </div>
  );
}
