import type { AnalyticsSummary, AnalyticsSummaryQuery } from '#contracts/analytics.ts';
import {
  EVENT_MAX_AGE_HOURS,
  EVENT_MAX_AHEAD_MINUTES,
  FOREGROUND_CAP_SECONDS,
  RAW_EVENT_DAYS,
  type EngagementSummary,
  type SessionEventBatch,
  type SessionEventBatchResult,
} from '#contracts/engagement.ts';
import { addDays } from '#contracts/local-date.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { ratio } from '#server/modules/analytics/figures.ts';
import { streakOf } from '#server/modules/dashboard/dashboard.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import * as repo from './engagement.repo.ts';
import {
  deliveryEngagement,
  localSlotOf,
  sessionHeatmap,
  sessionsPerDay,
  sessionsPerWeek,
  type ChannelCounts,
} from './figures.ts';

interface Period {
  from: string;
  to: string;
}

export interface EngagementServiceDeps {
  db: Db;
  clock: () => Date;
  /** Today and the zone (`day`), the day-start hour (`get`). */
  profile: Pick<ProfileService, 'day' | 'get'>;
  /** /analytics's figures over the same period (its top-three completion is shown as is). */
  analyticsSummary: (
    userId: string,
    query: Required<AnalyticsSummaryQuery>,
  ) => Promise<AnalyticsSummary>;
  /** The deliveries module's per-channel counts. */
  channelCounts: (db: Db, userId: string, from: string, to: string) => Promise<ChannelCounts[]>;
  /** The notifications module's received and read counts. */
  readCounts: (
    db: Db,
    userId: string,
    period: Period & { timeZone: string; dayStartHour: number },
  ) => Promise<{ received: number; read: number }>;
}

const HOUR_MS = 3_600_000;

/** Sessions folded per roll-up statement. */
export const ROLLUP_BATCH = 500;

/** The batch's events moved by how far the device's clock is from the server's (`sentAt`). */
function onServerClock(batch: SessionEventBatch, now: Date): SessionEventBatch {
  if (!batch.sentAt) return batch;
  const skew = now.getTime() - Date.parse(batch.sentAt);
  return {
    events: batch.events.map((event) => ({
      ...event,
      occurredAt: new Date(Date.parse(event.occurredAt) + skew).toISOString(),
    })),
  };
}

/**
 * Engagement analytics: stores the tracker's session events (every call scoped to the caller;
 * a batch is written whole or not at all) and draws /engagement-analytics's figures from them,
 * the deliveries' and notifications' records and /analytics's top three.
 */
export function createEngagementService(deps: EngagementServiceDeps) {
  const { db, clock, profile } = deps;

  /** A 400 naming the first event whose time cannot be right, before anything is written. */
  const checkTimes = (batch: SessionEventBatch, now: Date) => {
    const earliest = now.getTime() - EVENT_MAX_AGE_HOURS * HOUR_MS;
    const latest = now.getTime() + EVENT_MAX_AHEAD_MINUTES * 60_000;
    batch.events.forEach((event, i) => {
      const at = Date.parse(event.occurredAt);
      if (at < earliest || at > latest) {
        throw new AppError(
          'invalid_input',
          `events.${i}.occurredAt: must be within the last ${EVENT_MAX_AGE_HOURS} hours and at most ${EVENT_MAX_AHEAD_MINUTES} minutes ahead of the server's clock (${now.toISOString()}); nothing was stored`,
        );
      }
    });
  };

  return {
    async record(userId: string, batch: SessionEventBatch): Promise<SessionEventBatchResult> {
      const now = clock();
      const skewed = onServerClock(batch, now);
      checkTimes(skewed, now);
      const [day, settings] = await Promise.all([profile.day(userId), profile.get(userId)]);
      const events = skewed.events.map((event) => ({
        ...event,
        ...localSlotOf(new Date(event.occurredAt), day.timeZone, settings.dayStartHour),
      }));
      // One statement: the whole batch is stored, or (on any error) none of it.
      const stored = await repo.insertEvents(db, userId, events, now);
      return { stored, duplicates: batch.events.length - stored };
    },

    async summary(
      userId: string,
      query: Required<AnalyticsSummaryQuery>,
    ): Promise<EngagementSummary> {
      const days = Number(query.days);
      const [{ localDate: today, timeZone }, { dayStartHour }] = await Promise.all([
        profile.day(userId),
        profile.get(userId),
      ]);
      const from = addDays(today, 1 - days);
      const cap = FOREGROUND_CAP_SECONDS;
      const [slots, median, rolled, active, channels, notes, analytics] = await Promise.all([
        repo.sessionSlots(db, userId, from, today, cap),
        repo.medianForeground(db, userId, from, today, cap),
        repo.rolledUpDays(db, userId, from, today),
        repo.activeDates(db, userId),
        deps.channelCounts(db, userId, from, today),
        deps.readCounts(db, userId, { from, to: today, timeZone, dayStartHour }),
        deps.analyticsSummary(userId, query),
      ]);
      const perDay = sessionsPerDay([...slots, ...rolled], from, today);
      const measured = slots.reduce((sum, slot) => sum + slot.measured, 0);
      const streak = streakOf(active, today);
      return {
        localDate: today,
        timeZone,
        days,
        from,
        sessions: {
          total: perDay.reduce((sum, day) => sum + day.sessions, 0),
          perDay,
          perWeek: sessionsPerWeek(perDay),
        },
        foreground: {
          sessions: measured,
          medianSeconds: median,
          totalSeconds: [...slots, ...rolled].reduce((sum, row) => sum + row.seconds, 0),
        },
        activeDays: {
          count: perDay.filter((day) => day.sessions > 0).length,
          current: streak.current,
          best: streak.best,
        },
        heatmap: sessionHeatmap(slots),
        deliveries: deliveryEngagement(channels),
        notifications: { ...notes, rate: ratio(notes.read, notes.received) },
        topThree: analytics.topThree,
      };
    },
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;

/**
 * Folds sessions whose events are all older than RAW_EVENT_DAYS into the daily roll-up and
 * deletes their events, a batch per transaction, until none is left or another worker holds the
 * roll-up (that one carries on). Returns what this call folded. The delivery worker runs it.
 */
export async function rollUpEngagement(
  db: Db,
  now: Date,
): Promise<{ sessions: number; events: number }> {
  const before = new Date(now.getTime() - RAW_EVENT_DAYS * 24 * HOUR_MS);
  const total = { sessions: 0, events: 0 };
  for (;;) {
    const pass = await db.transaction((tx) =>
      repo.rollUpSessions(tx, before, ROLLUP_BATCH, FOREGROUND_CAP_SECONDS),
    );
    if (!pass) return total;
    total.sessions += pass.sessions;
    total.events += pass.events;
    if (pass.sessions < ROLLUP_BATCH) return total;
  }
}
