import { deliveryChannels, type DeliveryChannel } from '#contracts/channels.ts';
import {
  scheduleUpdateSchema,
  type LocalTime,
  type Schedule,
  type ScheduleUpdate,
} from '#contracts/schedule.ts';
import { addDays, todayIn } from '#contracts/local-date.ts';
import { sortProblems, type FieldErrors } from './field-errors.ts';

/** The day contract as the form edits it: switched-off parts keep what was typed. */
export interface ScheduleDraft {
  timeZone: string;
  dayStartHour: number;
  times: Record<DeliveryChannel, LocalTime[]>;
  days: number[];
  quietOn: boolean;
  quietStart: string;
  quietEnd: string;
  travelOn: boolean;
  travelZone: string;
  travelFrom: string;
  /** '' when the trip has no end date. */
  travelUntil: string;
  paused: boolean;
}

export function toDraft(schedule: Schedule, now: Date = new Date()): ScheduleDraft {
  // A new trip starts tomorrow by default: a change of zone takes effect from the next local day.
  const tomorrow = addDays(todayIn(schedule.timeZone, now), 1);
  return {
    timeZone: schedule.timeZone,
    dayStartHour: schedule.dayStartHour,
    times: {
      email: [...schedule.times.email],
      sms: [...schedule.times.sms],
      push: [...schedule.times.push],
    },
    days: [...schedule.days],
    quietOn: schedule.quietHours !== null,
    quietStart: schedule.quietHours?.start ?? '22:00',
    quietEnd: schedule.quietHours?.end ?? '07:00',
    travelOn: schedule.travel !== null,
    travelZone: schedule.travel?.timeZone ?? schedule.timeZone,
    travelFrom: schedule.travel?.from ?? tomorrow,
    travelUntil: schedule.travel?.until ?? '',
    paused: schedule.paused,
  };
}

export function fromDraft(draft: ScheduleDraft): ScheduleUpdate {
  return {
    timeZone: draft.timeZone,
    dayStartHour: draft.dayStartHour,
    times: Object.fromEntries(
      deliveryChannels.map((channel) => [channel, draft.times[channel].filter(Boolean)]),
    ) as ScheduleUpdate['times'],
    days: draft.days,
    quietHours: draft.quietOn ? { start: draft.quietStart, end: draft.quietEnd } : null,
    travel: draft.travelOn
      ? { timeZone: draft.travelZone, from: draft.travelFrom, until: draft.travelUntil || null }
      : null,
    paused: draft.paused,
  };
}

/** The contract's own checks, before anything is sent. */
export function checkDraft(
  draft: ScheduleDraft,
): { update: ScheduleUpdate } | { fields: FieldErrors; other: string[] } {
  const update = fromDraft(draft);
  const result = scheduleUpdateSchema.safeParse(update);
  if (result.success) return { update: result.data };
  return sortProblems(
    result.error.issues.map((issue) => ({
      path: issue.path.filter((part) => typeof part !== 'symbol'),
      message: issue.message,
    })),
  );
}
