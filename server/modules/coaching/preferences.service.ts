import type { Db } from '#server/db/client.ts';
import * as repo from './preferences.repo.ts';

export interface CoachingPreferences {
  checkIns: boolean;
}

/** The person's coaching settings: proactive check-ins on (the default) or off. */
export function createPreferencesService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;
  return {
    async get(userId: string): Promise<CoachingPreferences> {
      return { checkIns: (await repo.findPreferences(db, userId))?.checkIns ?? true };
    },

    async save(userId: string, input: CoachingPreferences): Promise<CoachingPreferences> {
      const row = await db.transaction((tx) =>
        repo.saveCheckIns(tx, userId, input.checkIns, clock()),
      );
      return { checkIns: row.checkIns };
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
