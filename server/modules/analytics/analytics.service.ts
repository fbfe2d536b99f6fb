import {
  TREND_WEEKS,
  type AnalyticsSummary,
  type AnalyticsSummaryQuery,
  type AnalyticsTrends,
} from '#contracts/analytics.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import type { DomainMetrics } from '#contracts/domain-metrics.ts';
import { addDays } from '#contracts/local-date.ts';
import type { Db } from '#server/db/client.ts';
import { streakOf } from '#server/modules/dashboard/dashboard.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import * as repo from './analytics.repo.ts';
import { domainGoalFigures, domainTotals, milestoneTimeline } from './domain-figures.ts';
import {
  completionByDomain,
  donePerDay,
  openToDone,
  ratio,
  streakCalendar,
  topThreeFigure,
  totalCompletion,
  weekdayPattern,
  weeklyTrends,
  weekStarts,
} from './figures.ts';

/** A domain page charts at most this many values over its period (the newest). */
const DOMAIN_MEASUREMENT_LIMIT = 2000;

export interface AnalyticsServiceDeps {
  db: Db;
  /** Today and the zone every figure follows (the day contract's, as the tasks' dates are). */
  profile: Pick<ProfileService, 'day'>;
  /** The streak's days: the local dates whose top three were all done (the tasks' today flow). */
  doneDays: (userId: string) => Promise<string[]>;
}

/**
 * The analytics read model (ADR 016): /analytics's summary over 7, 30 or 90 days and
 * /analytics/advanced's twelve weeks. It reads across goals, milestones, tasks and the top three
 * through its own repo and writes nothing; every statement is scoped to the caller, so another
 * person's rows cannot reach a figure.
 */
export function createAnalyticsService(deps: AnalyticsServiceDeps) {
  const { db, profile } = deps;

  return {
    async summary(
      userId: string,
      query: Required<AnalyticsSummaryQuery>,
    ): Promise<AnalyticsSummary> {
      const days = Number(query.days);
      const { localDate: today, timeZone } = await profile.day(userId);
      const from = addDays(today, 1 - days);
      const [closed, overdue, goals, frozen, doneDays] = await Promise.all([
        repo.closedByDay(db, userId, from, today),
        repo.overdueOpen(db, userId, from, today),
        repo.activeGoals(db, userId),
        repo.topThreeDates(db, userId, from, today),
        deps.doneDays(userId),
      ]);
      const completion = totalCompletion(closed, overdue);
      return {
        localDate: today,
        timeZone,
        days,
        from,
        tasksDone: completion.done,
        completion,
        topThree: topThreeFigure(frozen, new Set(doneDays), today),
        streak: streakOf(doneDays, today),
        goals,
        byDomain: completionByDomain(closed, overdue),
        perDay: donePerDay(closed, from, today),
      };
    },

    /** /analytics/metrics/{domain}: one domain over the summary's period (ADR 026). */
    async domain(
      userId: string,
      domain: CoachDomain,
      query: Required<AnalyticsSummaryQuery>,
    ): Promise<DomainMetrics> {
      const days = Number(query.days);
      const { localDate: today, timeZone } = await profile.day(userId);
      const from = addDays(today, 1 - days);
      const period = { domain, from, to: today };
      const [closed, overdue, goals, measurements, latest, milestones, picks] = await Promise.all([
        repo.closedByDay(db, userId, from, today),
        repo.overdueOpen(db, userId, from, today),
        repo.domainGoals(db, userId, domain),
        repo.domainMeasurements(db, userId, { ...period, limit: DOMAIN_MEASUREMENT_LIMIT }),
        repo.latestMeasurements(db, userId, domain),
        repo.domainMilestones(db, userId, { domain, timeZone }),
        repo.topThreePicks(db, userId, period),
      ]);
      return {
        domain,
        localDate: today,
        timeZone,
        days,
        from,
        ...domainTotals(closed, overdue, domain),
        topThree: { ...picks, share: ratio(picks.domainPicks, picks.picks) },
        goals: domainGoalFigures(goals, measurements, latest),
        milestones: milestoneTimeline(milestones, today),
      };
    },

    async trends(userId: string): Promise<AnalyticsTrends> {
      const { localDate: today, timeZone } = await profile.day(userId);
      const weeks = weekStarts(today, TREND_WEEKS);
      const from = weeks[0] ?? today;
      const [closed, overdue, planned, waits, snoozed, milestones, frozen, doneDays] =
        await Promise.all([
          repo.closedByDay(db, userId, from, today),
          repo.overdueOpen(db, userId, from, today),
          // Planned minutes cover the whole of this week, the days still ahead included.
          repo.plannedMinutes(db, userId, from, addDays(weeks.at(-1) ?? today, 6)),
          repo.openToDoneDays(db, userId, from, today),
          repo.snoozedOpen(db, userId),
          repo.milestoneHits(db, userId, { from, today, timeZone }),
          repo.topThreeDates(db, userId, from, today),
          deps.doneDays(userId),
        ]);
      const trend = weeklyTrends(weeks, closed, overdue, planned);
      const dated = trend.reduce((sum, w) => sum + w.dated, 0);
      const onTime = trend.reduce((sum, w) => sum + w.onTime, 0);
      return {
        localDate: today,
        timeZone,
        from,
        weeks: trend,
        onTime: { dated, onTime, rate: ratio(onTime, dated) },
        weekdays: weekdayPattern(closed),
        openToDone: openToDone(waits),
        skipped: trend.reduce((sum, w) => sum + w.skipped, 0),
        snoozed,
        milestones: { ...milestones, rate: ratio(milestones.hit, milestones.due) },
        calendar: streakCalendar({
          from,
          today,
          perDay: donePerDay(closed, from, today),
          frozenDates: frozen,
          doneDates: new Set(doneDays.filter((date) => date >= from)),
        }),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
