import {
  Check,
  ClipboardCheck,
  Flag,
  Flame,
  Gauge,
  ListChecks,
  Lock,
  Mail,
  MessageCircle,
  NotebookPen,
  Sun,
  Target,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import type { Achievement, BadgeId } from '#contracts/achievements.ts';
import { ProgressBar } from '#client/components/ui/progress.tsx';
import { cn } from '#client/lib/cn.ts';
import { earnedOn, progressPercent, progressText } from '../achievement-state.ts';

const ICONS: Record<BadgeId, LucideIcon> = {
  first_goal: Target,
  first_plan: ListChecks,
  first_full_day: Sun,
  streak_3: Flame,
  streak_7: Flame,
  streak_30: Flame,
  streak_100: Flame,
  first_milestone: Flag,
  goal_25: Gauge,
  goal_50: Gauge,
  goal_75: Gauge,
  goal_100: Trophy,
  first_reflection: NotebookPen,
  first_conversation: MessageCircle,
  assessment_done: ClipboardCheck,
  deliveries_week: Mail,
};

/** One badge: its emblem, its name, and in words whether it is earned (and when) or locked. */
function BadgeItem({ badge, timeZone }: { badge: Achievement; timeZone: string }) {
  const Icon = ICONS[badge.badge];
  const earned = badge.earnedAt !== null;
  const headingId = `badge-${badge.badge}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'flex gap-3 rounded-2xl border bg-card p-4 shadow-sm',
        !earned && 'border-dashed shadow-none',
      )}
    >
      <span
        className={cn(
          'relative flex size-12 shrink-0 items-center justify-center rounded-full',
          earned ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon aria-hidden="true" className="size-6" />
        {/* The state is said in words below; the corner mark repeats it for a glance. */}
        <span
          aria-hidden="true"
          className={cn(
            'absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full border-2 border-card',
            earned ? 'bg-primary text-primary-foreground' : 'bg-muted-foreground text-card',
          )}
        >
          {earned ? <Check className="size-3" /> : <Lock className="size-3" />}
        </span>
      </span>
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="font-semibold">
          {badge.title}
        </h3>
        {earned && badge.earnedAt ? (
          <p className="text-sm text-muted-foreground">
            Earned <time dateTime={badge.earnedAt}>{earnedOn(badge.earnedAt, timeZone)}</time>
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              <span className="font-medium text-foreground">
                {badge.available ? 'Locked' : 'Coming soon'}
              </span>
              {' · '}
              {badge.howToEarn}
            </p>
            {badge.progress && (
              <div className="mt-2 flex items-center gap-3">
                <ProgressBar
                  value={progressPercent(badge.progress)}
                  label={`${badge.title}: ${progressText(badge.progress)}`}
                  className="flex-1"
                />
                <span className="shrink-0 text-xs font-medium tabular-nums text-muted-foreground">
                  {progressText(badge.progress)}
                </span>
              </div>
            )}
          </>
        )}
      </div>
    </li>
  );
}

/** A titled list of badges (earned or locked). */
export function BadgeList({
  id,
  title,
  badges,
  timeZone,
}: {
  id: string;
  title: string;
  badges: readonly Achievement[];
  timeZone: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {badges.map((badge) => (
          <BadgeItem key={badge.badge} badge={badge} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}
