import { Link } from 'react-router';
import { analyticsPeriods, type AnalyticsPeriod } from '#contracts/analytics.ts';
import { cn } from '#client/lib/cn.ts';
import { searchForPeriod } from '../format.ts';

/** 7, 30 or 90 days, kept in the URL (`?days=`), so a period can be linked and gone back to. */
export function PeriodSelector({ period }: { period: AnalyticsPeriod }) {
  return (
    <nav aria-label="Period">
      <ul className="inline-flex rounded-xl bg-muted p-1">
        {analyticsPeriods.map((days) => (
          <li key={days}>
            <Link
              to={{ search: searchForPeriod(days) }}
              replace
              aria-current={period === days ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-9 items-center rounded-lg px-3.5 text-sm font-medium transition',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                period === days
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {days} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
