import {
  DEFAULT_DAILY_CAPACITY_MINUTES,
  DEFAULT_TIME_ZONE,
  type Profile,
  type ProfileUpdate,
} from '#contracts/profile.ts';
import type { Db } from '#server/db/client.ts';
import { localDayOf } from '#server/modules/schedule/day-contract.ts';
import * as repo from './profile.repo.ts';

export interface ProfileServiceDeps {
  db: Db;
  clock: () => Date;
}

/** A user's day as the planning modules see it: their zone, today there, their capacity. */
export interface UserDay {
  /** The zone today follows: the home zone, or the travel zone during a trip. */
  timeZone: string;
  localDate: string;
  dailyCapacityMinutes: number;
}

/**
 * The planning profile: the time zone every local date of the user is computed in, and the
 * minutes a day they have for tasks. Until the client saves one (from the browser's zone on
 * first use) the defaults apply and `saved` is false.
 */
export function createProfileService(deps: ProfileServiceDeps) {
  const { db, clock } = deps;

  const toProfile = (
    row: Pick<repo.ProfileRow, 'timeZone' | 'dailyCapacityMinutes'> | null,
    dayStartHour: number,
  ): Profile =>
    row
      ? {
          timeZone: row.timeZone,
          dailyCapacityMinutes: row.dailyCapacityMinutes,
          saved: true,
          dayStartHour,
        }
      : {
          timeZone: DEFAULT_TIME_ZONE,
          dailyCapacityMinutes: DEFAULT_DAILY_CAPACITY_MINUTES,
          saved: false,
          dayStartHour,
        };

  return {
    async get(userId: string): Promise<Profile> {
      const { profile, schedule } = await repo.findDaySettings(db, userId);
      return toProfile(profile, schedule?.dayStartHour ?? 0);
    },

    async save(userId: string, update: ProfileUpdate): Promise<Profile> {
      const current = await repo.findProfile(db, userId);
      const now = clock();
      const row = await repo.upsertProfile(db, {
        userId,
        timeZone: update.timeZone,
        dailyCapacityMinutes:
          update.dailyCapacityMinutes ??
          current?.dailyCapacityMinutes ??
          DEFAULT_DAILY_CAPACITY_MINUTES,
        createdAt: current?.createdAt ?? now,
        updatedAt: now,
      });
      const { schedule } = await repo.findDaySettings(db, userId);
      return toProfile(row, schedule?.dayStartHour ?? 0);
    },

    /**
     * Today for the user, read from the injected clock at the time of the call: by their day
     * contract when they saved one (before the day-start hour the clock still belongs to the day
     * before; a trip's days follow its zone), else the calendar date in their zone.
     */
    async day(userId: string, tx: Db = db): Promise<UserDay> {
      const { profile: row, schedule } = await repo.findDaySettings(tx, userId);
      const profile = toProfile(row, schedule?.dayStartHour ?? 0);
      const today = localDayOf(clock(), {
        timeZone: profile.timeZone,
        dayStartHour: schedule?.dayStartHour ?? 0,
        travel: schedule?.travel ?? null,
      });
      return {
        timeZone: today.timeZone,
        dailyCapacityMinutes: profile.dailyCapacityMinutes,
        localDate: today.localDate,
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

// Other modules' door (the day contract saves the home zone with itself): plain functions in the
// caller's connection or transaction.

/** The user's home zone: the saved profile's, or the default until one is saved. */
export async function homeTimeZone(db: Db, userId: string): Promise<string> {
  return (await repo.findProfile(db, userId))?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** Sets the home zone inside the caller's transaction; the capacity stays (the default if none). */
export async function saveHomeTimeZone(
  tx: Db,
  userId: string,
  timeZone: string,
  now: Date,
): Promise<void> {
  const profile = await repo.findProfile(tx, userId);
  await repo.upsertProfile(tx, {
    userId,
    timeZone,
    dailyCapacityMinutes: profile?.dailyCapacityMinutes ?? DEFAULT_DAILY_CAPACITY_MINUTES,
    createdAt: profile?.createdAt ?? now,
    updatedAt: now,
  });
}
