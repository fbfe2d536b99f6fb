import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { analyticsKeys } from '#client/features/analytics/api.ts';
import { DomainMetricsReport } from '#client/features/analytics/components/domain-metrics.tsx';
import { PeriodSelector } from '#client/features/analytics/components/period-selector.tsx';
import {
  domainFromParam,
  domainName,
  periodFromSearch,
  searchForPeriod,
} from '#client/features/analytics/format.ts';
import { LogMeasurementForm } from '#client/features/goals/components/log-measurement-form.tsx';
import { paths } from '#client/lib/paths.ts';
import { NotFoundPage } from '../not-found.tsx';

/** /analytics/metrics/{domain}: one domain of life; any other {domain} is the not-found page. */
export function DomainMetricsPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const domain = domainFromParam(params.domain);
  if (!domain) return <NotFoundPage />;
  const period = periodFromSearch(search);
  const name = domainName(domain);
  return (
    <PageShell
      title={`${name} metrics`}
      description={`Your ${name.toLowerCase()} goals, milestones, time and measurements, counted in your own days.`}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={{ pathname: paths.analytics, search: searchForPeriod(period) }}
            className={buttonClasses('outline')}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Analytics
          </Link>
          <PeriodSelector period={period} />
        </div>
      }
      width="wide"
    >
      <DomainMetricsReport
        key={domain}
        domain={domain}
        period={period}
        renderLogForm={(goal, today) => (
          <LogMeasurementForm
            goalId={goal.id}
            goalTitle={goal.title}
            metric={goal.metric}
            today={today}
            onLogged={() => queryClient.invalidateQueries({ queryKey: analyticsKeys.all() })}
          />
        )}
      />
    </PageShell>
  );
}
