import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { CoachEffectivenessReport } from '#client/features/analytics/components/coach-effectiveness-report.tsx';
import { PeriodSelector } from '#client/features/analytics/components/period-selector.tsx';
import { periodFromSearch } from '#client/features/analytics/format.ts';
import { paths } from '#client/lib/paths.ts';

export function CoachEffectivenessPage() {
  const [search] = useSearchParams();
  const period = periodFromSearch(search);
  return (
    <PageShell
      title="Coach effectiveness"
      description="What each coach suggested, what you took up, and how it went."
      actions={
        <>
          <Link to={paths.analytics} className={buttonClasses('outline')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {/* On a phone the arrow alone, beside the period. */}
            <span className="sr-only sm:not-sr-only">Analytics</span>
          </Link>
          <PeriodSelector period={period} />
        </>
      }
      width="wide"
    >
      <CoachEffectivenessReport period={period} />
    </PageShell>
  );
}
