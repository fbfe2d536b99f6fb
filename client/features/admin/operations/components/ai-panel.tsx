import { BarChart3, Cpu } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { AiAdmin, DeliveryPeriod } from '#contracts/admin-operations.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { useAiAdmin, useChooseEngine } from '../api.ts';
import { engineLabels, engineTitle, usageRows } from '../operations-state.ts';
import {
  Badge,
  formatDateTime,
  formatNumber,
  PanelLoading,
  percent,
  Stat,
  TableScroll,
  td,
  th,
} from './bits.tsx';
import { StackedBarsChart } from './chart-slot.tsx';
import { PeriodSelect } from './deliveries-panel.tsx';

/** AI: the configured engine, the one in use (an admin's choice) and usage per engine. */
export function AiPanel() {
  const [period, setPeriod] = useState<DeliveryPeriod>('30d');
  const ai = useAiAdmin(period);
  if (ai.isPending) return <PanelLoading label="Loading the AI settings and usage" />;
  if (ai.isError) {
    return (
      <ErrorState
        title="The AI settings could not load"
        message={ai.error.message}
        onRetry={() => void ai.refetch()}
      />
    );
  }
  return (
    <div className="space-y-5">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Stat
          label="In use"
          value={engineTitle(ai.data.active.engine, ai.data.active.model)}
          hint={
            ai.data.choice
              ? `Chosen ${formatDateTime.format(new Date(ai.data.choice.chosenAt))}${ai.data.choice.chosenBy ? ` by ${ai.data.choice.chosenBy}` : ''}`
              : 'The configured engine'
          }
          tone="good"
        />
        <Stat
          label="Configured (AI_ENGINE)"
          value={engineTitle(ai.data.configured.engine, ai.data.configured.model)}
          hint="Used when no engine is chosen here"
        />
      </dl>
      <EngineChooser ai={ai.data} />
      <Usage ai={ai.data} period={period} onPeriod={setPeriod} />
    </div>
  );
}

function EngineChooser({ ai }: { ai: AiAdmin }) {
  const name = useId();
  const [engine, setEngine] = useState<CoachEngine>(ai.active.engine);
  const choose = useChooseEngine();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    choose.mutate(engine, {
      onSuccess: (chosen) =>
        toast.success(`The coaches now use ${engineTitle(chosen.engine, chosen.model)}.`),
    });
  };
  return (
    <Panel
      title="Coach engine"
      headingLevel="h3"
      icon={<Cpu aria-hidden="true" />}
      description="Engines whose settings this server has. The change applies to the next reply, without a restart."
    >
      <form onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="sr-only">Engine the coaches use</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {ai.available.map((option) => (
              <label
                key={option.engine}
                className="flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  name={name}
                  value={option.engine}
                  checked={engine === option.engine}
                  onChange={() => setEngine(option.engine)}
                  className="mt-1 size-4 accent-[var(--primary)]"
                />
                <span className="min-w-0">
                  <span className="block font-medium">{engineLabels[option.engine]}</span>
                  <span className="block text-sm break-all text-muted-foreground">
                    {option.engine === 'offline' ? 'Built in, no network' : option.model}
                  </span>
                  <span className="mt-1 flex flex-wrap gap-1">
                    {option.configured ? <Badge tone="neutral">Configured</Badge> : null}
                    {option.engine === ai.active.engine ? <Badge tone="good">In use</Badge> : null}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {ai.available.length === 1 ? (
          <p className="text-sm text-muted-foreground">
            Only the offline coach is available. Set AI_ENGINE with its key, or AI_BASE_URL and
            AI_MODEL for an OpenAI-compatible server, to offer another.
          </p>
        ) : null}
        {choose.isError ? (
          <p role="alert" className="text-sm text-[var(--error-text)]">
            {choose.error.message}
          </p>
        ) : null}
        <Button type="submit" disabled={choose.isPending || engine === ai.active.engine}>
          {choose.isPending ? 'Switching…' : 'Use this engine'}
        </Button>
      </form>
    </Panel>
  );
}

function Usage({
  ai,
  period,
  onPeriod,
}: {
  ai: AiAdmin;
  period: DeliveryPeriod;
  onPeriod: (period: DeliveryPeriod) => void;
}) {
  const rows = usageRows(ai.usage);
  return (
    <Panel
      title="Usage per engine"
      headingLevel="h3"
      icon={<BarChart3 aria-hidden="true" />}
      description="From the record of every AI call. A fallback is a call the offline coach answered instead."
      action={<PeriodSelect value={period} onChange={onPeriod} />}
    >
      {rows.length === 0 ? (
        <EmptyState icon={<BarChart3 aria-hidden="true" />} title="No AI calls in this period">
          Calls appear here once people chat with a coach or ask it for a goal or plan.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          <StackedBarsChart
            label="Chart: calls per engine by outcome (the table below has the figures)"
            data={rows.map((row) => ({
              label: row.label,
              answered: row.calls - row.fallbacks - row.crisis,
              fallbacks: row.fallbacks,
              crisis: row.crisis,
            }))}
            series={[
              { key: 'answered', name: 'Answered', color: 'var(--primary)' },
              { key: 'fallbacks', name: 'Fallbacks', color: 'var(--warning)' },
              { key: 'crisis', name: 'Crisis responses', color: 'var(--danger)' },
            ]}
          />
          <TableScroll label="AI usage per engine">
            <table className="w-full">
              <thead className="bg-muted/50">
                <tr>
                  {[
                    'Engine',
                    'Calls',
                    'Tokens in',
                    'Tokens out',
                    'Mean latency',
                    'Fallbacks',
                    'Crisis',
                  ].map((name, index) => (
                    <th key={name} scope="col" className={`${th} ${index > 0 ? 'text-right' : ''}`}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {rows.map((row) => (
                  <tr key={row.engine}>
                    <th scope="row" className={`${td} text-left font-medium`}>
                      {row.label}
                    </th>
                    <td className={`${td} text-right tabular-nums`}>
                      {formatNumber.format(row.calls)}
                    </td>
                    <td className={`${td} text-right tabular-nums`}>
                      {formatNumber.format(row.inputTokens)}
                    </td>
                    <td className={`${td} text-right tabular-nums`}>
                      {formatNumber.format(row.outputTokens)}
                    </td>
                    <td className={`${td} text-right tabular-nums`}>
                      {formatNumber.format(row.averageLatencyMs)} ms
                    </td>
                    <td className={`${td} text-right tabular-nums`}>
                      {row.fallbacks} ({percent(row.fallbackRate)})
                    </td>
                    <td className={`${td} text-right tabular-nums`}>{row.crisis}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
    </Panel>
  );
}
