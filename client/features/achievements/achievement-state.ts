import type { Achievement, AchievementList, BadgeProgress } from '#contracts/achievements.ts';

/** The page's view of the list: what is earned (newest first), what is locked, and what is next. */
export interface AchievementsView {
  earned: Achievement[];
  locked: Achievement[];
  /** The locked badge the person is closest to (by share of its target), if any is under way. */
  next: Achievement | null;
  earnedCount: number;
  total: number;
}

function share(progress: BadgeProgress): number {
  return progress.current / progress.target;
}

export function viewOf(list: AchievementList): AchievementsView {
  const earned = list.achievements
    .filter((a) => a.earnedAt !== null)
    // Newest first; the catalogue's order among badges earned at the same moment.
    .map((a, index) => ({ a, index }))
    .sort((x, y) => (y.a.earnedAt ?? '').localeCompare(x.a.earnedAt ?? '') || x.index - y.index)
    .map(({ a }) => a);
  const locked = list.achievements.filter((a) => a.earnedAt === null);
  let next: Achievement | null = null;
  for (const badge of locked) {
    if (!badge.available || !badge.progress || badge.progress.current === 0) continue;
    if (!next?.progress || share(badge.progress) > share(next.progress)) next = badge;
  }
  return { earned, locked, next, earnedCount: list.earned, total: list.total };
}

/** "5 of 7 days", "60 % of 75 %", "2 of 3". */
export function progressText(progress: BadgeProgress): string {
  switch (progress.unit) {
    case 'days':
      return `${progress.current} of ${progress.target} ${progress.target === 1 ? 'day' : 'days'}`;
    case 'percent':
      return `${progress.current} % of ${progress.target} %`;
    case 'count':
      return `${progress.current} of ${progress.target}`;
  }
}

/** A progress bar's fill, 0–100. */
export function progressPercent(progress: BadgeProgress): number {
  return Math.min(100, Math.round(share(progress) * 100));
}

/** "3 March 2025", in the person's own zone. */
export function earnedOn(iso: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}
