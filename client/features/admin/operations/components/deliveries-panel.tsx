import { AlertTriangle, Search, Send, UserSearch } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  deliveryPeriods,
  type DeliveryPeriod,
  type DeliveryReport,
} from '#contracts/admin-operations.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useDeliveryLookup, useDeliveryReport } from '../api.ts';
import { channelRows, failureRate } from '../operations-state.ts';
import {
  Badge,
  formatDateTime,
  PanelLoading,
  percent,
  Stat,
  TableScroll,
  td,
  th,
} from './bits.tsx';
import { StackedBarsChart } from './chart-slot.tsx';

export const periodLabels: Record<DeliveryPeriod, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
const channelNames = { email: 'Email', sms: 'SMS', push: 'Push' } as const;

/** A period picker, labelled. */
export function PeriodSelect({
  value,
  onChange,
}: {
  value: DeliveryPeriod;
  onChange: (period: DeliveryPeriod) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id}>Period</Label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as DeliveryPeriod)}
        className="w-auto"
      >
        {deliveryPeriods.map((period) => (
          <option key={period} value={period}>
            {periodLabels[period]}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Deliveries: counts by channel and status, recent failures and what fell back, one person's record. */
export function DeliveriesPanel() {
  const [period, setPeriod] = useState<DeliveryPeriod>('7d');
  const report = useDeliveryReport(period);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Deliveries scheduled in the period.</p>
        <PeriodSelect value={period} onChange={setPeriod} />
      </div>
      {report.isPending ? (
        <PanelLoading label="Loading the delivery report" />
      ) : report.isError ? (
        <ErrorState
          title="The delivery report could not load"
          message={report.error.message}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <ReportView report={report.data} />
      )}
      <PersonLookup />
    </div>
  );
}

function ReportView({ report }: { report: DeliveryReport }) {
  const rows = channelRows(report.counts);
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  const rate = failureRate(rows);
  if (total === 0) {
    return (
      <EmptyState icon={<Send aria-hidden="true" />} title="No deliveries in this period">
        Deliveries appear here once people turn on a channel and their first daily message is due.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-5">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat label="Deliveries" value={total} />
        <Stat label="Delivered" value={rows.reduce((sum, row) => sum + row.delivered, 0)} />
        <Stat
          label="Failed"
          value={rows.reduce((sum, row) => sum + row.failed, 0)}
          hint={rate === null ? 'None finished yet' : `${percent(rate)} of those finished`}
          tone={rate !== null && rate > 0.05 ? 'bad' : 'plain'}
        />
      </dl>
      <Panel title="By channel" headingLevel="h3" icon={<Send aria-hidden="true" />}>
        <StackedBarsChart
          label="Chart: deliveries per channel by outcome (the table below has the figures)"
          data={rows.map((row) => ({ ...row, label: channelNames[row.channel] }))}
          series={[
            { key: 'delivered', name: 'Delivered', color: 'var(--primary)' },
            { key: 'waiting', name: 'Waiting', color: 'var(--info)' },
            { key: 'failed', name: 'Failed', color: 'var(--danger)' },
            { key: 'skipped', name: 'Skipped', color: 'var(--neutral)' },
          ]}
        />
        <div className="mt-4">
          <TableScroll label="Deliveries by channel and status">
            <table className="w-full">
              <thead className="bg-muted/50">
                <tr>
                  {['Channel', 'Delivered', 'Waiting', 'Failed', 'Skipped'].map((name, index) => (
                    <th key={name} scope="col" className={`${th} ${index > 0 ? 'text-right' : ''}`}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {rows.map((row) => (
                  <tr key={row.channel}>
                    <th scope="row" className={`${td} text-left font-medium`}>
                      {channelNames[row.channel]}
                    </th>
                    {[row.delivered, row.waiting, row.failed, row.skipped].map((value, index) => (
                      <td key={index} className={`${td} text-right tabular-nums`}>
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      </Panel>
      <Panel
        title="Recent failures"
        headingLevel="h3"
        icon={<AlertTriangle aria-hidden="true" />}
        description="The latest 25, with the provider's reason and the fallback queued on another channel."
      >
        {report.failures.length === 0 ? (
          <p className="text-sm text-muted-foreground">No delivery failed in this period.</p>
        ) : (
          <ul className="divide-y rounded-xl border" aria-label="Recent failed deliveries">
            {report.failures.map((failure) => (
              <li key={failure.id} className="space-y-1 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium break-all">
                    {channelNames[failure.channel]} to {failure.email ?? 'an account without email'}
                  </span>
                  <time className="text-sm text-muted-foreground" dateTime={failure.scheduledFor}>
                    {formatDateTime.format(new Date(failure.scheduledFor))}
                  </time>
                </div>
                <p className="text-sm break-words">
                  {failure.reason ?? 'No reason recorded'} ·{' '}
                  {failure.attempts === 1 ? '1 attempt' : `${failure.attempts} attempts`}
                </p>
                <p className="text-sm text-muted-foreground">
                  {failure.fallback ? (
                    <>
                      Fell back to {channelNames[failure.fallback.channel]}:{' '}
                      <Badge tone={failure.fallback.status === 'failed' ? 'bad' : 'neutral'}>
                        {failure.fallback.status}
                      </Badge>
                    </>
                  ) : (
                    'No fallback: no other channel was on.'
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

function PersonLookup() {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const lookup = useDeliveryLookup(email);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setEmail(draft.trim().toLowerCase());
  };
  return (
    <Panel
      title="One person's deliveries"
      headingLevel="h3"
      icon={<UserSearch aria-hidden="true" />}
      description="What they see on their schedule, by their email address."
    >
      <form
        role="search"
        aria-label="Look up a person's deliveries"
        onSubmit={submit}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1 space-y-1.5">
          <Label htmlFor={id}>Email</Label>
          <Input
            id={id}
            type="email"
            required
            autoComplete="off"
            placeholder="ada@example.com"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" className="size-4" />
          Look up
        </Button>
      </form>
      <div className="mt-4" aria-live="polite">
        {email === '' ? null : lookup.isPending ? (
          <div role="status" aria-label="Looking up">
            <Skeleton className="h-16 rounded-xl" />
          </div>
        ) : lookup.isError ? (
          lookup.error instanceof ApiError && lookup.error.status === 404 ? (
            <p className="text-sm">{lookup.error.message}</p>
          ) : (
            <ErrorState
              title="The lookup failed"
              message={lookup.error.message}
              onRetry={() => void lookup.refetch()}
            />
          )
        ) : lookup.data.deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{email} has no deliveries yet.</p>
        ) : (
          <ul className="divide-y rounded-xl border" aria-label={`Deliveries of ${email}`}>
            {lookup.data.deliveries.map((delivery) => (
              <li
                key={delivery.id}
                className="flex flex-wrap items-center justify-between gap-2 p-3"
              >
                <span className="text-sm">
                  <span className="font-medium">{channelNames[delivery.channel]}</span> ·{' '}
                  {delivery.localDate} {delivery.slot}
                  {delivery.error ? (
                    <span className="block text-muted-foreground break-words">
                      {delivery.error}
                    </span>
                  ) : null}
                </span>
                <Badge
                  tone={
                    delivery.status === 'failed'
                      ? 'bad'
                      : delivery.status === 'queued' || delivery.status === 'sending'
                        ? 'neutral'
                        : 'good'
                  }
                >
                  {delivery.status}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
