import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { AnalyticsTrendsReport } from '#client/features/analytics/components/analytics-trends.tsx';
import { paths } from '#client/lib/paths.ts';

export function AdvancedAnalyticsPage() {
  return (
    <PageShell
      title="Advanced analytics"
      description="Twelve weeks of trends: completion, time, punctuality and your streak."
      actions={
        <Link to={paths.analytics} className={buttonClasses('outline')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Analytics
        </Link>
      }
      width="wide"
    >
      <AnalyticsTrendsReport />
    </PageShell>
  );
}
