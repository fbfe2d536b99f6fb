import {
  ArrowRight,
  Check,
  Flame,
  Lightbulb,
  ListChecks,
  Trophy,
  TriangleAlert,
  X,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Insight, InsightSuggestion } from '#contracts/insights.ts';
import { formatDate } from '#contracts/local-date.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { paths } from '#client/lib/paths.ts';
import { useDecideSuggestion } from '../api.ts';
import {
  decisionNote,
  engineLabel,
  experimentLink,
  percent,
  streakChangeLabel,
} from '../insight-state.ts';

/** "3 Mar – 9 Mar": the days an insight reviewed. */
export function periodLabel(insight: Insight): string {
  const { from, to } = insight.content.period;
  return `${formatDate(from, to)} – ${formatDate(to, to)}`;
}

function Figure({
  icon,
  label,
  value,
  detail,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  detail: string;
}) {
  return (
    <div role="group" aria-label={label} className="flex min-w-0 gap-3 rounded-xl border p-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground [&_svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted-foreground">{label}</p>
        <p className="text-lg font-semibold tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
    </div>
  );
}

function Figures({ insight }: { insight: Insight }) {
  const { figures, words } = insight.content;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Figure
        icon={<ListChecks aria-hidden="true" />}
        label="Tasks done"
        value={String(figures.tasksDone)}
        detail={`${figures.skipped} skipped`}
      />
      <Figure
        icon={<Trophy aria-hidden="true" />}
        label="Top-three completion"
        value={percent(figures.topThree.rate)}
        detail={words.topThree}
      />
      <Figure
        icon={<Flame aria-hidden="true" />}
        label="Streak"
        value={`${figures.streak.after} ${figures.streak.after === 1 ? 'day' : 'days'}`}
        detail={`${streakChangeLabel(figures.streak)} · ${words.streak}`}
      />
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="mt-1 text-sm text-muted-foreground">{children}</div>
    </div>
  );
}

function Suggestion({ insight, suggestion }: { insight: Insight; suggestion: InsightSuggestion }) {
  const decide = useDecideSuggestion();
  const note = decisionNote(suggestion);
  const link = experimentLink(suggestion);
  const busy = decide.isPending;
  const send = (decision: 'accept' | 'dismiss') =>
    decide.mutate({ insightId: insight.id, suggestionId: suggestion.id, decision });
  return (
    <li className="flex flex-col gap-2 rounded-xl border p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">{suggestion.text}</p>
      {note ? (
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <p className="text-sm font-medium text-muted-foreground">{note}</p>
          {link && (
            <Link to={link} className={buttonClasses('outline', 'sm')}>
              Open the experiment
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </div>
      ) : (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            disabled={busy}
            onClick={() => send('accept')}
            aria-label={`Accept: ${suggestion.text}`}
          >
            <Check aria-hidden="true" className="size-4" />
            Accept
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => send('dismiss')}
            aria-label={`Dismiss: ${suggestion.text}`}
          >
            <X aria-hidden="true" className="size-4" />
            Dismiss
          </Button>
        </div>
      )}
    </li>
  );
}

/** The parts of an insight: what moved forward, what slipped, the figures and the suggestions. */
export function InsightBody({ insight, decidable }: { insight: Insight; decidable: boolean }) {
  const { words, suggestions } = insight.content;
  return (
    <div className="space-y-4">
      <Part title="What moved your goals forward">{words.movedForward}</Part>
      <Part title="What keeps slipping">{words.slipping}</Part>
      <Figures insight={insight} />
      <div>
        <h3 className="text-sm font-semibold">Suggestions</h3>
        {suggestions.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">
            Nothing to change this week. Add a goal or a few tasks and the next insight will have
            ideas.
          </p>
        ) : decidable ? (
          <ul className="mt-2 space-y-2">
            {suggestions.map((suggestion) => (
              <Suggestion key={suggestion.id} insight={insight} suggestion={suggestion} />
            ))}
          </ul>
        ) : (
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {suggestions.map((suggestion) => (
              <li key={suggestion.id}>
                {suggestion.text} {decisionNote(suggestion) && `(${decisionNote(suggestion)})`}
              </li>
            ))}
          </ul>
        )}
      </div>
      <EngineLine insight={insight} />
    </div>
  );
}

export function EngineLine({ insight }: { insight: Insight }) {
  const written = new Date(insight.generatedAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <p className="text-xs text-muted-foreground">
      {engineLabel(insight.engine)} · {written}
    </p>
  );
}

/** This week's insight on /progress: the headline, every part and the suggestions to decide. */
export function InsightCard({ insight }: { insight: Insight }) {
  return (
    <Panel
      id="this-week"
      title="This week’s insight"
      icon={<Lightbulb aria-hidden="true" />}
      description={`${insight.content.words.headline} (${periodLabel(insight)})`}
    >
      <InsightBody insight={insight} decidable />
    </Panel>
  );
}

/** This week's insight in brief (on /coaching/team), linking to /progress for the rest. */
export function InsightSummaryCard({ insight }: { insight: Insight }) {
  const { words } = insight.content;
  return (
    <Panel
      title="This week’s insight"
      icon={<Lightbulb aria-hidden="true" />}
      description={periodLabel(insight)}
      action={
        <Link to={paths.progress} className={buttonClasses('outline', 'sm')}>
          Open progress insights
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      <div className="space-y-2 text-sm">
        <p className="font-semibold">{words.headline}</p>
        <p className="text-muted-foreground">{words.movedForward}</p>
        <p className="flex gap-2 text-muted-foreground">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {words.slipping}
        </p>
        <EngineLine insight={insight} />
      </div>
    </Panel>
  );
}
