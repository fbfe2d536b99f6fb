import { useSearchParams } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { EngagementOverview } from '#client/features/analytics/components/engagement-overview.tsx';
import { PeriodSelector } from '#client/features/analytics/components/period-selector.tsx';
import { periodFromSearch } from '#client/features/analytics/format.ts';

export function EngagementAnalyticsPage() {
  const [search] = useSearchParams();
  const period = periodFromSearch(search);
  return (
    <PageShell
      title="Engagement analytics"
      description="When and how you use Trellis, from this app’s own session events, counted in your own days."
      actions={<PeriodSelector period={period} />}
      width="wide"
    >
      <EngagementOverview period={period} />
    </PageShell>
  );
}
