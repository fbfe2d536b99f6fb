import type { CoachDomain } from '#contracts/coach.ts';
import type { CoachTone, Onboarding, OnboardingUpdate } from '#contracts/onboarding.ts';
import type { Db } from '#server/db/client.ts';
import * as repo from './onboarding.repo.ts';

function toOnboarding(row: repo.OnboardingRow | null): Onboarding {
  return {
    step: row?.step ?? 'welcome',
    focusDomains: row?.focusDomains ?? [],
    coachTone: row?.coachTone ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
    skippedAt: row?.skippedAt?.toISOString() ?? null,
  };
}

export interface OnboardingServiceDeps {
  db: Db;
  clock: () => Date;
  /**
   * Called once, in the transaction that completes onboarding (not a skip), with the choices
   * made: the coaching module creates the focus areas' coaches in the chosen tone.
   */
  onCompleted?: (
    tx: Db,
    userId: string,
    choices: { focusDomains: CoachDomain[]; coachTone: CoachTone | null },
    at: Date,
  ) => Promise<void>;
}

/**
 * Where the user is in onboarding (/onboarding), and the focus domains and coach tone chosen
 * there. It is resumable: each step saves as the user leaves it.
 */
export function createOnboardingService(deps: OnboardingServiceDeps) {
  const { db, clock } = deps;
  return {
    async get(userId: string): Promise<Onboarding> {
      return toOnboarding(await repo.findOnboarding(db, userId));
    },

    async save(userId: string, update: OnboardingUpdate): Promise<Onboarding> {
      return db.transaction(async (tx) => {
        const current = await repo.findOnboarding(tx, userId, { lock: true });
        const now = clock();
        const completedAt = current?.completedAt ?? (update.finish === 'complete' ? now : null);
        // Skipping after finishing changes nothing; finishing after a skip is what counts.
        const skippedAt =
          update.finish === 'skip' && !completedAt ? now : (current?.skippedAt ?? null);
        const row = await repo.upsertOnboarding(tx, {
          userId,
          step: update.step ?? current?.step ?? 'welcome',
          focusDomains: update.focusDomains ?? current?.focusDomains ?? [],
          coachTone: update.coachTone ?? current?.coachTone ?? null,
          completedAt,
          skippedAt,
          updatedAt: now,
        });
        if (completedAt && !current?.completedAt) {
          await deps.onCompleted?.(
            tx,
            userId,
            { focusDomains: row.focusDomains, coachTone: row.coachTone },
            now,
          );
        }
        return toOnboarding(row);
      });
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
