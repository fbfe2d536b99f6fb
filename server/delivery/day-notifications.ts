import { createHash } from 'node:crypto';
import { NOTIFICATION_MESSAGE_MAX } from '#contracts/notifications.ts';
import type { Db } from '#server/db/client.ts';
import type {
  DeliveryPayload,
  InsertedDelivery,
  NewDelivery,
} from '#server/modules/deliveries/deliveries.service.ts';
import { notifyMany } from '#server/modules/notifications/notifications.service.ts';

// The in-app notification that goes with each delivered slot: "Today's top three" on the bell,
// written in the scheduler's transaction through the notifications module.

const DAY_NOTIFICATION_TITLE = "Today's top three";

export interface DayNotification {
  userId: string;
  localDate: string;
  slot: string;
  tasks: DeliveryPayload['tasks'];
}

/**
 * The notification of one (user, local date, slot) has an id derived from those three, so
 * writing it twice leaves one (a UUID of version 8: a hash, not random).
 */
function dayNotificationId(userId: string, localDate: string, slot: string): string {
  const hex = createHash('sha256')
    .update(`delivery-notification:${userId}:${localDate}:${slot}`)
    .digest('hex')
    .slice(0, 32)
    .split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** "1. Title · 2. Title · 3. Title", within the notification's limit. */
function dayNotificationMessage(tasks: DeliveryPayload['tasks']): string {
  const text = tasks.map((task, index) => `${index + 1}. ${task.title}`).join(' · ');
  return text.length > NOTIFICATION_MESSAGE_MAX
    ? `${text.slice(0, NOTIFICATION_MESSAGE_MAX - 1)}…`
    : text;
}

/** One in-app notification per (user, local date, slot) that got a queued row now. */
export function dayNotifications(
  rows: readonly NewDelivery[],
  inserted: readonly InsertedDelivery[],
): DayNotification[] {
  const fresh = new Set(inserted.filter((r) => r.status === 'queued').map((r) => r.id));
  const seen = new Set<string>();
  const notes: DayNotification[] = [];
  for (const row of rows) {
    if (!fresh.has(row.id) || !row.payload) continue;
    const key = `${row.userId}|${row.localDate}|${row.slot}`;
    if (seen.has(key)) continue;
    seen.add(key);
    notes.push({
      userId: row.userId,
      localDate: row.localDate,
      slot: row.slot,
      tasks: row.payload.tasks,
    });
  }
  return notes;
}

/**
 * The notifications of `notes` in the caller's transaction, unless the user muted the type
 * 'other'; the users' open pages hear of them when it commits.
 */
export function insertDayNotifications(
  tx: Db,
  notes: readonly DayNotification[],
  now: Date,
): Promise<number> {
  return notifyMany(
    notes.map((note) => ({
      id: dayNotificationId(note.userId, note.localDate, note.slot),
      userId: note.userId,
      type: 'other',
      title: DAY_NOTIFICATION_TITLE,
      message: dayNotificationMessage(note.tasks),
      priority: 'medium',
      // The tasks it lists: completing one of them marks this notification read.
      data: {
        delivery_date: note.localDate,
        slot: note.slot,
        url: '/dashboard',
        task_ids: note.tasks.map((task) => task.taskId),
      },
    })),
    tx,
    now,
  );
}
