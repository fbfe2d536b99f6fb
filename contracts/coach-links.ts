import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { analyticsSummarySchema } from '#contracts/analytics.ts';
import { goalDetailSchema } from '#contracts/goals.ts';
import { messageTextSchema, reflectionSchema } from '#contracts/coaching.ts';
import { timestampSchema } from '#contracts/shared.ts';
import { taskSchema } from '#contracts/tasks.ts';

// Sharing with a human coach (ADR 035): a person shares chosen scopes with a coach account (by its
// email or an invite code the coach hands out), changes them or revokes the share at any time.
// The coach reads only within the scopes of a live share, under /api/coach-area/*; anything else
// is a 404, never a partial answer. The person's side lives under /api/coach-links.

export const shareScopes = ['goals', 'tasks', 'reflections', 'analytics'] as const;
export type ShareScope = (typeof shareScopes)[number];
export const shareScopeSchema = z.enum(shareScopes, {
  message: `must be one of ${shareScopes.join(', ')}`,
});

/** What each scope lets the coach see, as the person reads it when choosing. */
export const shareScopeLabels: Record<ShareScope, { label: string; description: string }> = {
  goals: { label: 'Goals and progress', description: 'Your goals, milestones and their progress.' },
  tasks: { label: 'Tasks', description: 'Your tasks, open and done.' },
  reflections: { label: 'Reflections', description: 'What you wrote in your reflections.' },
  analytics: {
    label: 'Analytics',
    description: 'Completion rates, your top-three completion and your streak.',
  },
};

export const shareScopesSchema = z
  .array(shareScopeSchema)
  .min(1, 'choose at least one thing to share')
  .max(shareScopes.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope');

export const INVITE_CODE_LENGTH = 8;
/** Invite codes: 8 letters and digits without look-alikes, case and spaces ignored. */
export const inviteCodeSchema = z
  .string()
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^[A-HJ-NP-Z2-9]{${INVITE_CODE_LENGTH}}$`),
        `must be the ${INVITE_CODE_LENGTH}-character code your coach gave you`,
      ),
  );

export const createShareSchema = z
  .strictObject({
    email: z.email({ message: 'must be an email address' }).max(320).optional(),
    code: inviteCodeSchema.optional(),
    scopes: shareScopesSchema,
  })
  .refine((body) => (body.email === undefined) !== (body.code === undefined), {
    message: 'send either the coach’s email or their invite code',
    path: ['email'],
  });
export type CreateShare = z.infer<typeof createShareSchema>;

export const updateShareSchema = z.strictObject({ scopes: shareScopesSchema });

export const shareParamsSchema = z.object({ id: z.uuid({ message: 'must be a share id' }) });

/** A person (or coach) as the other side sees them: a name when they gave one, else the email. */
export const personLabelSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type PersonLabel = z.infer<typeof personLabelSchema>;

export const shareSchema = z.object({
  id: z.uuid(),
  coach: personLabelSchema,
  scopes: z.array(shareScopeSchema),
  /** The person's own coach row for this coach: its chat is /coaching/chat/{coachId}. */
  coachId: z.uuid(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Share = z.infer<typeof shareSchema>;

export const shareActivitySchema = z.object({
  action: z.enum(['coach_share.created', 'coach_share.scopes_changed', 'coach_share.revoked']),
  coach: z.string(),
  scopes: z.array(shareScopeSchema),
  at: timestampSchema,
});
export type ShareActivity = z.infer<typeof shareActivitySchema>;

export const shareListSchema = z.object({
  shares: z.array(shareSchema),
  /** Every share, scope change and revocation, newest first (from the audit log). */
  activity: z.array(shareActivitySchema),
});
export type ShareList = z.infer<typeof shareListSchema>;

export const shareResultSchema = z.object({ share: shareSchema });

// --- the coach's side -------------------------------------------------------------------------------

export const clientParamsSchema = z.object({
  clientId: z.uuid({ message: 'must be a client id' }),
});

export const clientSummarySchema = z.object({
  client: personLabelSchema,
  scopes: z.array(shareScopeSchema),
  sharedSince: timestampSchema,
  /** The later of their last sign-in and their last message to the coach. */
  lastActivityAt: timestampSchema.nullable(),
  /** Shared with analytics: the last 30 days' top-three completion (0–1) and the streak. */
  topThreeRate: z.number().min(0).max(1).nullable(),
  streak: z.int().min(0).nullable(),
  /** Shared with goals: active goals whose progress is behind the time gone to their deadline. */
  goalsAtRisk: z.int().min(0).nullable(),
  /** The client's messages the coach has not answered yet. */
  unanswered: z.boolean(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

export const clientListSchema = z.object({ clients: z.array(clientSummarySchema) });
export type ClientList = z.infer<typeof clientListSchema>;

export const clientGoalsSchema = z.object({
  goals: z.array(
    goalDetailSchema.pick({ goal: true, milestones: true }).extend({
      /** Progress behind the share of time gone between creation and deadline. */
      atRisk: z.boolean(),
    }),
  ),
});
export type ClientGoals = z.infer<typeof clientGoalsSchema>;
export const clientTasksSchema = z.object({ localDate: z.string(), tasks: z.array(taskSchema) });
export type ClientTasks = z.infer<typeof clientTasksSchema>;
export const clientReflectionsSchema = z.object({ reflections: z.array(reflectionSchema) });
export type ClientReflections = z.infer<typeof clientReflectionsSchema>;
export const clientAnalyticsSchema = analyticsSummarySchema;
export type ClientAnalytics = z.infer<typeof clientAnalyticsSchema>;

export const coachNoteSchema = z.object({
  text: z.string(),
  updatedAt: timestampSchema.nullable(),
});
export type CoachNote = z.infer<typeof coachNoteSchema>;
export const NOTE_MAX = 5000;
export const saveNoteSchema = z.strictObject({
  text: z.string().max(NOTE_MAX, `must be at most ${NOTE_MAX} characters`),
});

export const coachMessageRequestSchema = z.strictObject({ text: messageTextSchema });

export const inviteSchema = z.object({ code: z.string(), createdAt: timestampSchema });
export type Invite = z.infer<typeof inviteSchema>;

/** An admin's overview: every coach–client share, live or revoked. */
export const linkOverviewSchema = z.object({
  links: z.array(
    z.object({
      id: z.uuid(),
      coach: personLabelSchema,
      client: personLabelSchema,
      scopes: z.array(shareScopeSchema),
      createdAt: timestampSchema,
      revokedAt: timestampSchema.nullable(),
    }),
  ),
});
export type LinkOverview = z.infer<typeof linkOverviewSchema>;

export const coachLinksPaths = {
  shares: apiPath('/api/coach-links'),
  share: apiPath('/api/coach-links/:id'),
} as const;

export const coachAreaPaths = {
  clients: apiPath('/api/coach-area/clients'),
  client: apiPath('/api/coach-area/clients/:clientId'),
  goals: apiPath('/api/coach-area/clients/:clientId/goals'),
  tasks: apiPath('/api/coach-area/clients/:clientId/tasks'),
  reflections: apiPath('/api/coach-area/clients/:clientId/reflections'),
  analytics: apiPath('/api/coach-area/clients/:clientId/analytics'),
  messages: apiPath('/api/coach-area/clients/:clientId/messages'),
  note: apiPath('/api/coach-area/clients/:clientId/note'),
  invite: apiPath('/api/coach-area/invite'),
  links: apiPath('/api/coach-area/links'),
} as const;
