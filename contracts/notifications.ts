import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';

// In-app notifications (spec §2 pop-over, §3 Notification and list response, §4 states, §7 calls).
// Field names are the spec's: snake_case on a notification, `unreadCount` on the list.

export const notificationTypes = [
  'coach_message',
  'goal_progress',
  'achievement',
  'insight',
  'other',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationPriorities = ['high', 'medium', 'low'] as const;
export const notificationPrioritySchema = z.enum(notificationPriorities);
export type NotificationPriority = z.infer<typeof notificationPrioritySchema>;

/** Spec §9: the page size of the list the pop-over reads. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_MAX_PAGE_SIZE = 100;
/** Spec §9: how often the signed-in app reads the list. */
export const NOTIFICATION_POLL_INTERVAL_MS = 30_000;

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 2000;
/** The most a notification's `data` may weigh, serialised as JSON. */
export const NOTIFICATION_DATA_MAX_BYTES = 2048;

/** Ids that end up in an app path (/coaching/chat/{coach_id}, /goals/{goal_id}): no slashes, no spaces. */
const pathIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "-" and "_"');

/** Free-form JSON beside a notification; goal_progress puts its goal's id in `goal_id`. */
export const notificationDataSchema = z
  .looseObject({ goal_id: pathIdSchema.optional() })
  .refine(
    (value) =>
      new TextEncoder().encode(JSON.stringify(value)).length <= NOTIFICATION_DATA_MAX_BYTES,
    `must be at most ${NOTIFICATION_DATA_MAX_BYTES} bytes of JSON`,
  );

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  priority: notificationPrioritySchema,
  /** ISO 8601 timestamp (UTC). */
  created_at: z.iso.datetime({ offset: true }),
  /** The coach a coach_message comes from (absent otherwise). */
  coach_id: z.string().optional(),
  /** Extra facts, such as goal_id on goal_progress (absent when there are none). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** What a module (or an operator) sends to notify one user. */
export const newNotificationSchema = z.object({
  type: notificationTypeSchema,
  title: z.string().trim().min(1).max(NOTIFICATION_TITLE_MAX),
  message: z.string().trim().min(1).max(NOTIFICATION_MESSAGE_MAX),
  priority: notificationPrioritySchema.default('medium'),
  coach_id: pathIdSchema.optional(),
  data: notificationDataSchema.optional(),
});
export type NewNotification = z.input<typeof newNotificationSchema>;

// --- GET /api/notifications -------------------------------------------------------------------

export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: `must be a whole number from 1 to ${NOTIFICATION_MAX_PAGE_SIZE}` })
    .int(`must be a whole number from 1 to ${NOTIFICATION_MAX_PAGE_SIZE}`)
    .min(1, `must be a whole number from 1 to ${NOTIFICATION_MAX_PAGE_SIZE}`)
    .max(
      NOTIFICATION_MAX_PAGE_SIZE,
      `must be a whole number from 1 to ${NOTIFICATION_MAX_PAGE_SIZE}`,
    )
    .default(NOTIFICATION_PAGE_SIZE),
  /** `nextCursor` of the previous page: the next page holds older notifications. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a nextCursor from a previous page')
    .optional(),
  /** Only notifications of this type. */
  type: notificationTypeSchema.optional(),
  /** true: only unread ones; false: only read ones. */
  unread: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  /** Newest first. */
  notifications: z.array(notificationSchema),
  /** Every unread notification of the user, whatever the filters. */
  unreadCount: z.number().int().min(0),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

// --- PUT /api/notifications/{id}/read, /unread; PUT /read-all; DELETE /{id} -------------------

export const notificationIdParamsSchema = z.object({
  id: z.uuid({ message: 'must be a notification id (a UUID)' }),
});

export const notificationUpdateSchema = z.object({
  notification: notificationSchema,
  unreadCount: z.number().int().min(0),
});

export const readAllResultSchema = z.object({
  /** How many notifications this call marked read. */
  updated: z.number().int().min(0),
  unreadCount: z.number().int().min(0),
});

export const deleteResultSchema = z.object({ unreadCount: z.number().int().min(0) });

// --- Preferences: which kinds the user wants in the app -------------------------------------

export const notificationPreferencesSchema = z.object({
  /** One switch per type: false means notifications of that type are not created for this user. */
  inApp: z.object({
    coach_message: z.boolean(),
    goal_progress: z.boolean(),
    achievement: z.boolean(),
    insight: z.boolean(),
    other: z.boolean(),
  }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

// --- POST /api/admin/notifications (admins and operators) -------------------------------------

export const adminNotificationBodySchema = newNotificationSchema.extend({
  user_id: z.uuid({ message: 'must be a user id (a UUID)' }),
});

export const adminNotificationResultSchema = z.object({
  /** Null when the user has turned this type off (nothing was created). */
  notification: notificationSchema.nullable(),
});

/** The paths of the notification API. */
export const notificationPaths = {
  list: apiPath('/api/notifications'),
  read: apiPath('/api/notifications/:id/read'),
  unread: apiPath('/api/notifications/:id/unread'),
  readAll: apiPath('/api/notifications/read-all'),
  remove: apiPath('/api/notifications/:id'),
  preferences: apiPath('/api/notifications/preferences'),
  admin: apiPath('/api/admin/notifications'),
} as const;
