import { ChevronRight, History } from 'lucide-react';
import type { Insight } from '#contracts/insights.ts';
import { formatDate } from '#contracts/local-date.ts';
import { Panel } from '#client/components/ui/panel.tsx';
import { InsightBody } from './insight-card.tsx';

/** Earlier weeks' insights, newest first, each opened in place. */
export function PastInsights({ insights, today }: { insights: readonly Insight[]; today: string }) {
  return (
    <Panel title="Past weeks" icon={<History aria-hidden="true" />}>
      {insights.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Earlier weeks appear here: a new insight is written at the start of each of your weeks.
        </p>
      ) : (
        <ul className="divide-y">
          {insights.map((insight) => (
            <li key={insight.id}>
              <details className="group py-2">
                <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                  <ChevronRight
                    aria-hidden="true"
                    className="size-4 shrink-0 transition-transform group-open:rotate-90"
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium">
                      Week of {formatDate(insight.weekStart, today)}
                    </span>
                    <span className="block text-sm text-muted-foreground">
                      {insight.content.words.headline}
                    </span>
                  </span>
                </summary>
                <div className="mt-3 pl-6">
                  <InsightBody insight={insight} decidable={false} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
