import { Activity, Database, Mail, Server } from 'lucide-react';
import { deliveryStatuses } from '#contracts/deliveries.ts';
import type { SystemStatus } from '#contracts/admin-operations.ts';
import { Panel } from '#client/components/ui/panel.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { useSystemStatus } from '../api.ts';
import { ago, workerHealth } from '../operations-state.ts';
import { Badge, formatDateTime, PanelLoading, Stat, TableScroll, td, th } from './bits.tsx';

const channelNames = { email: 'Email', sms: 'SMS', push: 'Push' } as const;

/** System: what the server runs, whether it is ready, and how the delivery worker is doing. */
export function SystemPanel() {
  const system = useSystemStatus();
  if (system.isPending) return <PanelLoading label="Loading the system status" />;
  if (system.isError) {
    return (
      <ErrorState
        title="The system status could not load"
        message={system.error.message}
        onRetry={() => void system.refetch()}
      />
    );
  }
  return <SystemView status={system.data} />;
}

function SystemView({ status }: { status: SystemStatus }) {
  const now = new Date();
  const health = workerHealth(status.worker.lastTickAt, status.worker.tickMs, now);
  const ready = status.readiness.reachable && status.readiness.migrated;
  const waiting = status.queue.filter((row) => row.count > 0);
  return (
    <div className="space-y-5">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Version" value={status.version} />
        <Stat
          label="Database"
          value={status.database.label}
          hint={
            <Badge tone={ready ? 'good' : 'bad'}>
              {ready ? 'Ready' : status.readiness.reachable ? 'Migrations pending' : 'Unreachable'}
            </Badge>
          }
        />
        <Stat
          label="Migrations"
          value={`${status.migrations.applied.length} of ${status.migrations.committed} applied`}
          hint={
            status.migrations.pending.length > 0
              ? `Pending: ${status.migrations.pending.join(', ')}`
              : 'None pending'
          }
          tone={status.migrations.pending.length > 0 ? 'bad' : 'plain'}
        />
        <Stat
          label="Delivery worker"
          value={status.worker.mode === 'in-process' ? 'In this process' : 'Separate process'}
          hint={
            health === 'never' ? (
              <Badge tone="warn">No pass reported yet</Badge>
            ) : (
              <>
                <Badge tone={health === 'ok' ? 'good' : 'bad'}>
                  {health === 'ok' ? 'Running' : 'Late'}
                </Badge>{' '}
                last pass {ago(status.worker.lastTickAt ?? '', now)}
              </>
            )
          }
        />
      </dl>

      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <Panel
          title="Queue"
          headingLevel="h3"
          icon={<Activity aria-hidden="true" />}
          description={`Deliveries waiting or being sent. The worker looks every ${Math.round(status.worker.tickMs / 1000)} seconds when idle.`}
        >
          {waiting.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing is waiting to be sent.</p>
          ) : (
            <TableScroll label="Queue by channel and status">
              <table className="w-full">
                <thead className="bg-muted/50">
                  <tr>
                    <th scope="col" className={th}>
                      Channel
                    </th>
                    <th scope="col" className={th}>
                      Status
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Deliveries
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {[...waiting]
                    .sort(
                      (a, b) =>
                        a.channel.localeCompare(b.channel) ||
                        deliveryStatuses.indexOf(a.status) - deliveryStatuses.indexOf(b.status),
                    )
                    .map((row) => (
                      <tr key={`${row.channel}-${row.status}`}>
                        <td className={td}>{channelNames[row.channel]}</td>
                        <td className={td}>{row.status}</td>
                        <td className={`${td} text-right tabular-nums`}>{row.count}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </Panel>

        <Panel
          title="Transports"
          headingLevel="h3"
          icon={<Mail aria-hidden="true" />}
          description="An unconfigured channel keeps its messages in the dev outbox instead of sending them."
        >
          <ul className="divide-y rounded-xl border">
            {status.transports.map((transport) => (
              <li
                key={transport.channel}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5"
              >
                <span className="font-medium">{channelNames[transport.channel]}</span>
                <span className="flex items-center gap-2 text-sm text-muted-foreground">
                  {transport.transport}
                  <Badge tone={transport.configured ? 'good' : 'warn'}>
                    {transport.configured ? 'Configured' : 'Not configured'}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
        </Panel>
      </div>

      <Panel
        title="Applied migrations"
        headingLevel="h3"
        icon={<Database aria-hidden="true" />}
        description="Newest first, with the time each was written."
      >
        <details className="group">
          <summary className="cursor-pointer rounded-md text-sm font-medium text-primary focus-visible:outline-2 focus-visible:outline-ring">
            Show all {status.migrations.applied.length}
          </summary>
          <ol className="mt-3 space-y-1 text-sm">
            {[...status.migrations.applied].reverse().map((migration) => (
              <li key={migration.tag} className="flex flex-wrap justify-between gap-x-4">
                <code className="break-all">{migration.tag}</code>
                <span className="text-muted-foreground">
                  {formatDateTime.format(new Date(migration.createdAt))}
                </span>
              </li>
            ))}
          </ol>
        </details>
      </Panel>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Server aria-hidden="true" className="size-4" />
        Refreshed every 30 seconds. Secrets are never shown here.
      </p>
    </div>
  );
}
