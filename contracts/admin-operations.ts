import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { appRoleSchema } from '#contracts/auth.ts';
import { deliveryChannelSchema } from '#contracts/channels.ts';
import { coachEngineSchema } from '#contracts/coach.ts';
import { deliveryStatusSchema } from '#contracts/deliveries.ts';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '#contracts/notifications.ts';
import { localDateSchema, timestampSchema } from '#contracts/shared.ts';

// The admin area's operations (issue 18): System, Deliveries, AI, Audit log and Broadcast, all
// under /api/admin/* for admins only; and the one read every signed-in person may make, which
// engine their coach uses now (/api/coaching/engine).

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .pipe(z.email({ message: 'must be an email address such as ada@example.com' }));

// --- System ---------------------------------------------------------------------------------

export const transportSchema = z.object({
  channel: deliveryChannelSchema,
  /** smtp, http, web-push; dev-outbox when the provider is not configured. */
  transport: z.string(),
  configured: z.boolean(),
});

export const systemStatusSchema = z.object({
  version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), label: z.string() }),
  readiness: z.object({ reachable: z.boolean(), migrated: z.boolean() }),
  migrations: z.object({
    committed: z.number().int(),
    /** Applied migrations, oldest first, with the time each was written. */
    applied: z.array(z.object({ tag: z.string(), createdAt: timestampSchema })),
    pending: z.array(z.string()),
  }),
  worker: z.object({
    mode: z.enum(['in-process', 'off']),
    tickMs: z.number().int(),
    /** The last scheduler pass any worker process reported; null before the first. */
    lastTickAt: timestampSchema.nullable(),
  }),
  queue: z.array(
    z.object({ channel: deliveryChannelSchema, status: deliveryStatusSchema, count: z.number() }),
  ),
  transports: z.array(transportSchema),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

// --- Deliveries -----------------------------------------------------------------------------

export const deliveryPeriods = ['24h', '7d', '30d'] as const;
export const deliveryPeriodSchema = z.enum(deliveryPeriods);
export type DeliveryPeriod = z.infer<typeof deliveryPeriodSchema>;

export const deliveryReportQuerySchema = z.object({
  period: deliveryPeriodSchema.default('7d'),
});

export const deliveryFailureSchema = z.object({
  id: z.uuid(),
  channel: deliveryChannelSchema,
  email: z.string().nullable(),
  scheduledFor: timestampSchema,
  attempts: z.number().int(),
  reason: z.string().nullable(),
  /** The delivery fallback queued on another channel, or null when none was. */
  fallback: z.object({ channel: deliveryChannelSchema, status: deliveryStatusSchema }).nullable(),
});

export const deliveryReportSchema = z.object({
  period: deliveryPeriodSchema,
  from: timestampSchema,
  counts: z.array(
    z.object({ channel: deliveryChannelSchema, status: deliveryStatusSchema, count: z.number() }),
  ),
  failures: z.array(deliveryFailureSchema),
});
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;

export const deliveryLookupQuerySchema = z.object({ email });

// --- AI -------------------------------------------------------------------------------------

export const engineOptionSchema = z.object({
  engine: coachEngineSchema,
  model: z.string(),
  /** True for the engine AI_ENGINE names. */
  configured: z.boolean(),
});
export type EngineOption = z.infer<typeof engineOptionSchema>;

export const engineUsageSchema = z.object({
  engine: coachEngineSchema,
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  averageLatencyMs: z.number().int(),
  fallbacks: z.number().int(),
  crisis: z.number().int(),
});
export type EngineUsage = z.infer<typeof engineUsageSchema>;

export const aiAdminSchema = z.object({
  configured: engineOptionSchema,
  active: engineOptionSchema,
  /** Every engine whose settings are present: the offline one always. */
  available: z.array(engineOptionSchema),
  choice: z
    .object({
      engine: coachEngineSchema,
      chosenAt: timestampSchema,
      chosenBy: z.string().nullable(),
    })
    .nullable(),
  period: deliveryPeriodSchema,
  usage: z.array(engineUsageSchema),
});
export type AiAdmin = z.infer<typeof aiAdminSchema>;

export const aiAdminQuerySchema = z.object({ period: deliveryPeriodSchema.default('30d') });

export const aiEngineChoiceSchema = z.object({ engine: coachEngineSchema });

/** What a signed-in person may know: the engine their coach uses now. */
export const engineInUseSchema = z.object({ engine: coachEngineSchema, model: z.string() });
export type EngineInUse = z.infer<typeof engineInUseSchema>;

// --- Audit log ------------------------------------------------------------------------------

const optionalEmail = z.preprocess((value) => (value === '' ? undefined : value), email.optional());
const optionalDate = z.preprocess(
  (value) => (value === '' ? undefined : value),
  localDateSchema.optional(),
);

export const auditQuerySchema = z
  .object({
    action: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .trim()
        .max(100)
        .regex(/^[a-z0-9_.:-]+$/, 'must be an action name such as user_signedup')
        .optional(),
    ),
    actor: optionalEmail,
    user: optionalEmail,
    /** Dates in UTC, both included. */
    from: optionalDate,
    to: optionalDate,
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z
      .string()
      .regex(/^\d{1,18}$/, 'must be the nextCursor of the previous page')
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'must not be after the end date',
    path: ['from'],
  });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorType: z.string(),
  actorEmail: z.string().nullable(),
  userEmail: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: timestampSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

// --- Broadcast ------------------------------------------------------------------------------

export const broadcastAudiences = ['all', ...appRoleSchema.options] as const;
export const broadcastAudienceSchema = z.enum(broadcastAudiences);
export type BroadcastAudience = z.infer<typeof broadcastAudienceSchema>;

export const broadcastSchema = z.object({
  audience: broadcastAudienceSchema,
  title: z.string().trim().min(1, 'is required').max(NOTIFICATION_TITLE_MAX),
  message: z.string().trim().min(1, 'is required').max(NOTIFICATION_MESSAGE_MAX),
});
export type BroadcastInput = z.infer<typeof broadcastSchema>;

export const broadcastResultSchema = z.object({
  audience: broadcastAudienceSchema,
  /** People it was written for (those who turned "other" notifications off are skipped). */
  recipients: z.number().int(),
  notified: z.number().int(),
});
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;

export const adminOperationsPaths = {
  system: apiPath('/api/admin/system'),
  deliveries: apiPath('/api/admin/deliveries'),
  deliveryLookup: apiPath('/api/admin/deliveries/lookup'),
  ai: apiPath('/api/admin/ai'),
  aiEngine: apiPath('/api/admin/ai/engine'),
  audit: apiPath('/api/admin/audit'),
  broadcasts: apiPath('/api/admin/broadcasts'),
  engineInUse: apiPath('/api/coaching/engine'),
} as const;
