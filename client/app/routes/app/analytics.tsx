import { useSearchParams } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { AnalyticsOverview } from '#client/features/analytics/components/analytics-overview.tsx';
import { PeriodSelector } from '#client/features/analytics/components/period-selector.tsx';
import { periodFromSearch } from '#client/features/analytics/format.ts';

export function AnalyticsPage() {
  const [search] = useSearchParams();
  const period = periodFromSearch(search);
  return (
    <PageShell
      title="Analytics"
      description="How your tasks and goals are going, counted in your own days."
      actions={<PeriodSelector period={period} />}
      width="wide"
    >
      <AnalyticsOverview period={period} />
    </PageShell>
  );
}
