import { randomUUID } from 'node:crypto';
import {
  BADGES,
  badgeDefinition,
  type AchievementList,
  type BadgeId,
} from '#contracts/achievements.ts';
import type { Db } from '#server/db/client.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import {
  notifyMany,
  type BatchNotification,
} from '#server/modules/notifications/notifications.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { TodayService } from '#server/modules/tasks/today.service.ts';
import * as repo from './achievements.repo.ts';
import {
  badgeGroups,
  badgesOf,
  earnedBadges,
  groupOf,
  progressOf,
  type BadgeGroup,
  type Facts,
} from './badge-rules.ts';

export interface AchievementsServiceDeps {
  db: Db;
  clock: () => Date;
  profile: Pick<ProfileService, 'day'>;
  goals: Pick<GoalReads, 'achievementFacts'>;
  today: Pick<TodayService, 'doneDays'>;
  /** The local dates with an opened delivery (the deliveries module's `openedDates`). */
  openedDates: (tx: Db, userId: string) => Promise<string[]>;
}

/** The badges a feature awards directly, once it exists (`award`). */
export type FeatureBadge = 'first_reflection' | 'first_conversation' | 'assessment_done';

function announcement(userId: string, badge: BadgeId): BatchNotification {
  const { title } = badgeDefinition(badge);
  return {
    id: randomUUID(),
    userId,
    type: 'achievement',
    title: `Achievement unlocked: ${title}`,
    message: `You earned “${title}”. See all your badges in Achievements.`,
    priority: 'medium',
    data: { badge },
  };
}

/** One notification for everything the catch-up found, so earlier history is no storm. */
function catchUpAnnouncement(userId: string, badges: readonly BadgeId[]): BatchNotification {
  const titles = badges.map((badge) => badgeDefinition(badge).title);
  const n = badges.length;
  return {
    id: randomUUID(),
    userId,
    type: 'achievement',
    title: n === 1 ? 'You have an achievement' : `You have ${n} achievements`,
    message: `From what you have done so far: ${titles.join(', ')}. See them in Achievements.`,
    priority: 'low',
    data: { badges },
  };
}

/**
 * Achievements: badges awarded once per person, on the server, in the transaction of the change
 * that earned them (a rolled-back change awards nothing), each with an `achievement` notification
 * written in that same transaction (types the person turned off are skipped, as for every
 * notification). Other modules call `check` (goals, plans, milestones, tasks, opened deliveries)
 * or `award` (features that earn a badge by being used); see README.md beside this file.
 */
export function createAchievementsService(deps: AchievementsServiceDeps) {
  const { db, clock } = deps;

  async function readFacts(tx: Db, userId: string, groups: ReadonlySet<BadgeGroup>) {
    const facts: Facts = {};
    const needsDate = groups.has('top_three') || groups.has('deliveries');
    const [goalFacts, day, doneDays, opened] = await Promise.all([
      groups.has('goals') ||
      groups.has('plan') ||
      groups.has('milestones') ||
      groups.has('progress')
        ? deps.goals.achievementFacts(tx, userId)
        : null,
      needsDate ? deps.profile.day(userId, tx) : null,
      groups.has('top_three') ? deps.today.doneDays(userId, tx) : null,
      groups.has('deliveries') ? deps.openedDates(tx, userId) : null,
    ]);
    if (goalFacts) {
      facts.goals = { goals: goalFacts.goals };
      facts.plan = { plansAccepted: goalFacts.plansAccepted };
      facts.milestones = { completedMilestones: goalFacts.completedMilestones };
      facts.progress = {
        bestReached: goalFacts.bestReached,
        bestActiveProgress: goalFacts.bestActiveProgress,
      };
    }
    if (day && doneDays) facts.top_three = { doneDays, localDate: day.localDate };
    if (day && opened) facts.deliveries = { openedDates: opened, localDate: day.localDate };
    return facts;
  }

  /**
   * Awards what `groups`' rules say the person has earned and not been awarded yet. For a person
   * who existed before achievements (the migration's catch-up marker), the first evaluation
   * instead awards everything their history earned, silently, and, when `summary`, sends one
   * notification listing them.
   */
  async function evaluate(
    tx: Db,
    userId: string,
    groups: readonly BadgeGroup[],
    options: { summary: boolean },
  ): Promise<BadgeId[]> {
    const catchUp = await repo.takeBackfillMarker(tx, userId);
    const earned = new Set((await repo.listEarned(tx, userId)).map((row) => row.badge));
    const candidates = badgesOf(catchUp ? badgeGroups : groups).filter((b) => !earned.has(b));
    if (candidates.length === 0) return [];
    const wanted = new Set(
      candidates.map((badge) => groupOf(badge)).filter((g) => g !== undefined),
    );
    const facts = await readFacts(tx, userId, wanted);
    const now = clock();
    const awarded = await repo.insertEarned(
      tx,
      userId,
      earnedBadges(candidates, facts),
      now,
      catchUp,
    );
    if (awarded.length === 0) return [];
    const notifications = catchUp
      ? options.summary
        ? [catchUpAnnouncement(userId, awarded)]
        : []
      : awarded.map((badge) => announcement(userId, badge));
    await notifyMany(notifications, tx, now);
    return awarded;
  }

  return {
    /**
     * After a change, inside its transaction `tx`: awards the badges of `groups` that the
     * person's history now earns (each once, whatever races: only the transaction that inserts a
     * badge announces it). Returns the badges awarded now.
     */
    check(tx: Db, userId: string, groups: readonly BadgeGroup[]): Promise<BadgeId[]> {
      return evaluate(tx, userId, groups, { summary: true });
    },

    /**
     * For the feature that earns `badge` by being used (a first reflection, a first conversation
     * with a coach, an assessment done): one line inside the feature's own transaction,
     * `await achievements.award(tx, userId, 'first_reflection')`. Awards it once, with its
     * notification; true when this call awarded it.
     */
    async award(tx: Db, userId: string, badge: FeatureBadge): Promise<boolean> {
      const now = clock();
      const [awarded] = await repo.insertEarned(tx, userId, [badge], now, false);
      if (!awarded) return false;
      await notifyMany([announcement(userId, awarded)], tx, now);
      return true;
    },

    /**
     * Every badge of the person, earned (with the date) or locked (with progress to it). Opening
     * it first awards what the history earns and was not awarded yet (the catch-up for people
     * from before achievements, silently, since they are looking at it).
     */
    async list(userId: string): Promise<AchievementList> {
      return db.transaction(async (tx) => {
        await evaluate(tx, userId, badgeGroups, { summary: false });
        const [rows, facts] = await Promise.all([
          repo.listEarned(tx, userId),
          readFacts(tx, userId, new Set(badgeGroups)),
        ]);
        const earnedAt = new Map(rows.map((row) => [row.badge, row.earnedAt]));
        const achievements = BADGES.map((definition) => {
          const at = earnedAt.get(definition.id);
          return {
            badge: definition.id,
            title: definition.title,
            howToEarn: definition.howToEarn,
            available: definition.available,
            earnedAt: at ? at.toISOString() : null,
            progress: at || definition.target === 1 ? null : progressOf(definition, facts),
          };
        });
        return {
          achievements,
          earned: achievements.filter((a) => a.earnedAt !== null).length,
          total: achievements.length,
        };
      });
    },
  };
}

export type AchievementsService = ReturnType<typeof createAchievementsService>;
