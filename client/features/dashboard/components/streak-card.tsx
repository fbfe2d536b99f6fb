import { Flame } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';

/** Days in a row whose top three were all done, and the best run so far. */
export function StreakCard({ current, best }: { current: number; best: number }) {
  return (
    <section
      aria-labelledby="streak-heading"
      className="flex items-center gap-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <span
        className={cn(
          'flex size-12 shrink-0 items-center justify-center rounded-full',
          current > 0 ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <Flame aria-hidden="true" className="size-6" />
      </span>
      <div className="min-w-0">
        <h2 id="streak-heading" className="text-sm font-medium text-muted-foreground">
          Streak
        </h2>
        <p className="text-2xl font-semibold tabular-nums">
          {current} {current === 1 ? 'day' : 'days'}
        </p>
        <p className="text-xs text-muted-foreground">
          {current === 0
            ? 'Finish today’s three to start one.'
            : `Days in a row with all three done · best ${best}`}
        </p>
      </div>
    </section>
  );
}
