import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import {
  coachDomainSchema,
  coachDomains,
  type CoachDomain,
  coachEngineSchema,
  crisisResultSchema,
} from '#contracts/coach.ts';
import { coachToneSchema } from '#contracts/onboarding.ts';
import { localDateSchema, timestampSchema } from '#contracts/shared.ts';
import { estimatedMinutesSchema, taskTitleSchema } from '#contracts/tasks.ts';

// Conversational coaching (ADR 034): the coach catalogue, each person's own coaches (name, tone,
// personality), one thread per own coach with its messages and proposals, coach memory,
// reflections, team consultations and the history timeline. Every id a person sends is checked
// against their own rows: another person's coach, thread, message or proposal is a 404.

// --- the catalogue --------------------------------------------------------------------------------

/** A catalogue coach's id: the AI coaches are `ai-<domain>`; human coaches join with their own. */
export const catalogueIdSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'must be a coach id from the catalogue');

export const catalogueCoachSchema = z.object({
  id: catalogueIdSchema,
  kind: z.enum(['ai', 'human']),
  domain: coachDomainSchema,
  /** The name a person's copy starts with. */
  name: z.string().min(1).max(40),
  /** One line: who this coach is. */
  tagline: z.string().min(1),
  /** What this coach helps with, a few short items. */
  helpsWith: z.array(z.string().min(1)).min(1),
});
export type CatalogueCoach = z.infer<typeof catalogueCoachSchema>;

export const aiCatalogueId = (domain: CoachDomain): string => `ai-${domain.replaceAll('_', '-')}`;

/** The AI coaches, one per domain. */
export const aiCoachCatalogue: readonly CatalogueCoach[] = [
  {
    id: aiCatalogueId('health'),
    kind: 'ai',
    domain: 'health',
    name: 'Rowan',
    tagline: 'Movement, sleep, food and energy, at a pace your body agrees with.',
    helpsWith: [
      'Building an exercise habit that lasts',
      'Sleep and energy routines',
      'Eating habits, one change at a time',
      'Coming back after a break or an injury',
    ],
  },
  {
    id: aiCatalogueId('career'),
    kind: 'ai',
    domain: 'career',
    name: 'Harper',
    tagline: 'Skills, job moves and the work that gets you there.',
    helpsWith: [
      'Planning a job search or a promotion',
      'Learning a new skill on a schedule',
      'Shipping side projects',
      'Protecting focus time',
    ],
  },
  {
    id: aiCatalogueId('relationships'),
    kind: 'ai',
    domain: 'relationships',
    name: 'Sage',
    tagline: 'Time and attention for the people who matter to you.',
    helpsWith: [
      'Staying in touch with family and friends',
      'Making time for a partner',
      'Meeting new people',
      'Hard conversations, prepared calmly',
    ],
  },
  {
    id: aiCatalogueId('personal_development'),
    kind: 'ai',
    domain: 'personal_development',
    name: 'Quinn',
    tagline: 'Habits, learning, creativity and calm.',
    helpsWith: [
      'Daily habits such as reading or journaling',
      'Learning for its own sake',
      'Creative projects',
      'Calm, focus and reflection',
    ],
  },
];

export function catalogueCoach(id: string): CatalogueCoach | undefined {
  return aiCoachCatalogue.find((coach) => coach.id === id);
}

export function aiCoachOf(domain: CoachDomain): CatalogueCoach {
  const coach = aiCoachCatalogue.find((c) => c.domain === domain);
  if (!coach) throw new Error(`no AI coach for ${domain}`);
  return coach;
}

export const catalogueSchema = z.object({ coaches: z.array(catalogueCoachSchema) });

/**
 * The not-medical-advice note health coaching carries, for screens (the health coach's page).
 * The words health goals, plans and the health coach's page carry (server/ai/safety.ts adds them).
 */
export const HEALTH_NOTE =
  'This is coaching, not medical advice. Check with a doctor before big changes to diet, exercise or medication, especially if you have a health condition, are pregnant or take regular medicine.';

// --- a person's own coaches --------------------------------------------------------------------------

export const coachTraitNames = [
  'warmth',
  'directness',
  'humour',
  'formality',
  'challenge',
] as const;
export type CoachTraitName = (typeof coachTraitNames)[number];
export const coachTraitLabels: Record<
  CoachTraitName,
  { label: string; low: string; high: string }
> = {
  warmth: { label: 'Warmth', low: 'Matter-of-fact', high: 'Warm' },
  directness: { label: 'Directness', low: 'Gentle', high: 'Straight to the point' },
  humour: { label: 'Humour', low: 'Serious', high: 'Playful' },
  formality: { label: 'Formality', low: 'Casual', high: 'Formal' },
  challenge: { label: 'Challenge', low: 'Easy-going', high: 'Pushes you' },
};
/** Each trait from 1 to 5; 3 is the coach's default. */
const traitSchema = z.int().min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5');
export const coachTraitsSchema = z.object({
  warmth: traitSchema,
  directness: traitSchema,
  humour: traitSchema,
  formality: traitSchema,
  challenge: traitSchema,
});
export type CoachTraits = z.infer<typeof coachTraitsSchema>;
export const DEFAULT_TRAITS: CoachTraits = {
  warmth: 3,
  directness: 3,
  humour: 2,
  formality: 2,
  challenge: 3,
};

export const replyLengths = ['short', 'medium', 'long'] as const;
export const replyLengthSchema = z.enum(replyLengths);
export type ReplyLength = z.infer<typeof replyLengthSchema>;

export const COACH_NAME_MAX = 40;
export const coachNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(COACH_NAME_MAX, `must be at most ${COACH_NAME_MAX} characters`);
export const PERSONA_NOTE_MAX = 500;
export const personaNoteSchema = z
  .string()
  .trim()
  .max(PERSONA_NOTE_MAX, `must be at most ${PERSONA_NOTE_MAX} characters`);

export const coachPersonalitySchema = z.object({
  traits: coachTraitsSchema,
  replyLength: replyLengthSchema,
  /** Free words on how the coach should speak ("call me Sam", "no sports metaphors"). */
  personaNote: z.string().max(PERSONA_NOTE_MAX).nullable(),
});
export type CoachPersonality = z.infer<typeof coachPersonalitySchema>;
export const DEFAULT_PERSONALITY: CoachPersonality = {
  traits: DEFAULT_TRAITS,
  replyLength: 'medium',
  personaNote: null,
};

export const userCoachSchema = z.object({
  id: z.uuid(),
  catalogueId: catalogueIdSchema,
  kind: z.enum(['ai', 'human']),
  domain: coachDomainSchema,
  name: z.string().min(1).max(COACH_NAME_MAX),
  tone: coachToneSchema,
  personality: coachPersonalitySchema,
  /** 1-based place on the team; null when the coach is not on the team. */
  teamPosition: z.int().min(1).nullable(),
  addedAt: timestampSchema,
  /** The last message in the thread with this coach, if any. */
  lastMessageAt: timestampSchema.nullable(),
  unread: z.int().min(0),
});
export type UserCoach = z.infer<typeof userCoachSchema>;

export const userCoachListSchema = z.object({ coaches: z.array(userCoachSchema) });
export type UserCoachList = z.infer<typeof userCoachListSchema>;

/** POST /api/coach/coaches: a copy of a catalogue coach (200 with the existing one if there is). */
export const createUserCoachSchema = z.strictObject({
  catalogueId: catalogueIdSchema,
  tone: coachToneSchema.optional(),
  /** Put it on the team too (at the end). Default true. */
  addToTeam: z.boolean().optional(),
});
export type CreateUserCoach = z.infer<typeof createUserCoachSchema>;

/** PATCH /api/coach/coaches/:id: name and tone (the customize page), or reset both. */
export const customizeCoachSchema = z.union([
  z.strictObject({ reset: z.literal(true) }),
  z
    .strictObject({ name: coachNameSchema.optional(), tone: coachToneSchema.optional() })
    .refine((v) => v.name !== undefined || v.tone !== undefined, 'send a name, a tone or reset'),
]);
export type CustomizeCoach = z.infer<typeof customizeCoachSchema>;

/** PUT /api/coach/coaches/:id/personality (the persona note is read by the crisis guard). */
export const updatePersonalitySchema = z.union([
  z.strictObject({ reset: z.literal(true) }),
  z.strictObject({
    traits: coachTraitsSchema,
    replyLength: replyLengthSchema,
    personaNote: personaNoteSchema.nullable(),
  }),
]);
export type UpdatePersonality = z.infer<typeof updatePersonalitySchema>;

/** POST /api/coach/coaches/:id/preview: a sample reply in a tone and personality not yet saved. */
export const previewRequestSchema = z.strictObject({
  tone: coachToneSchema,
  traits: coachTraitsSchema,
  replyLength: replyLengthSchema,
  personaNote: personaNoteSchema.nullable().optional(),
});
export type PreviewRequest = z.infer<typeof previewRequestSchema>;
export const previewSchema = z.object({ text: z.string().min(1) });

/** PUT /api/coach/team-order: the team, in order (every id on the team, once). */
export const teamOrderSchema = z.strictObject({
  coachIds: z
    .array(z.uuid({ message: 'must be coach ids (UUIDs)' }))
    .max(16)
    .refine((ids) => new Set(ids).size === ids.length, 'must not list a coach twice'),
});

export const userCoachParamsSchema = z.object({
  id: z.uuid({ message: 'must be a coach id (a UUID)' }),
});

/**
 * 422 from the routes that save what a person writes to a coach outside a conversation (a persona
 * note, a memory; the preview reads the note too): the crisis guard flagged it, nothing was saved,
 * and this is the help to show instead.
 */
export const crisisRefusalSchema = z.object({ crisis: crisisResultSchema });
export type CrisisRefusal = z.infer<typeof crisisRefusalSchema>;

/** Newest-first pages of past reflections and consultations. */
export const coachingPageQuerySchema = z.object({
  /** The nextCursor of the previous page. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type CoachingPageQuery = z.infer<typeof coachingPageQuerySchema>;

// --- proposals --------------------------------------------------------------------------------------

export const proposalStates = ['open', 'accepted', 'declined'] as const;

/** What a coach may propose; nothing is written until the person accepts it. */
export const proposalDraftSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('add_task'),
    title: taskTitleSchema,
    goalId: z.uuid().nullable(),
    /** Today or later. */
    date: localDateSchema,
    minutes: estimatedMinutesSchema,
  }),
  z.object({
    kind: z.literal('move_task'),
    taskId: z.uuid(),
    title: z.string().min(1).max(160),
    from: localDateSchema.nullable(),
    to: localDateSchema,
  }),
  z.object({
    kind: z.literal('experiment'),
    title: z.string().trim().min(1).max(120),
    hypothesis: z.string().trim().min(1).max(1000),
    change: z.string().trim().min(1).max(1000),
    days: z.int().min(7).max(28),
    goalId: z.uuid().nullable(),
  }),
]);
export type ProposalDraft = z.infer<typeof proposalDraftSchema>;

export const proposalSchema = z.object({
  id: z.uuid(),
  /** The own coach that proposed it. */
  coachId: z.uuid(),
  draft: proposalDraftSchema,
  /** One sentence on why, in the coach's words. */
  reason: z.string().min(1).max(400),
  state: z.enum(proposalStates),
  decidedAt: timestampSchema.nullable(),
  /** What accepting wrote: the task created or moved, or the experiment. */
  taskId: z.uuid().nullable(),
  experimentId: z.uuid().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalDecisionSchema = z.strictObject({
  decision: z.enum(['accept', 'decline'], { message: 'decision must be accept or decline' }),
});
export const proposalParamsSchema = z.object({
  id: z.uuid({ message: 'must be a proposal id (a UUID)' }),
});
export const proposalResultSchema = z.object({ proposal: proposalSchema });

// --- threads and messages -----------------------------------------------------------------------

export const MESSAGE_MAX = 4000;
export const messageTextSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MESSAGE_MAX, `must be at most ${MESSAGE_MAX} characters`);

export const messageAuthors = ['person', 'coach'] as const;
/** chat: a conversation turn; checkin: a coach writing first; crisis: the help response. */
export const messageKinds = ['chat', 'checkin', 'crisis'] as const;
/** complete, or a reply the person stopped (kept as far as it got), or one that failed. */
export const messageStates = ['complete', 'stopped', 'failed'] as const;

export const coachMessageSchema = z.object({
  id: z.uuid(),
  coachId: z.uuid(),
  author: z.enum(messageAuthors),
  kind: z.enum(messageKinds),
  state: z.enum(messageStates),
  /** Markdown from the coach (rendered safely), plain text from the person. */
  text: z.string(),
  /** Who answered: engine and model, and the notice when a model fell back. Null on the person's. */
  engine: coachEngineSchema.nullable(),
  model: z.string().nullable(),
  notice: z.string().nullable(),
  proposals: z.array(proposalSchema),
  createdAt: timestampSchema,
});
export type CoachMessage = z.infer<typeof coachMessageSchema>;

export const MESSAGE_PAGE_SIZE = 30;
export const messagePageQuerySchema = z.object({
  /** The cursor of the oldest message already shown: returns the page before it. */
  before: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const messagePageSchema = z.object({
  coach: userCoachSchema,
  /** Oldest first within the page. */
  messages: z.array(coachMessageSchema),
  /** Pass as `before` for the page of older messages; null at the start of the thread. */
  olderCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** POST /api/coach/coaches/:id/messages: answered as an event stream (see chatStreamEvents). */
export const sendMessageSchema = z.strictObject({
  text: messageTextSchema,
  /** Retry: answer this earlier message of the person's again instead of storing a new one. */
  retryOf: z.uuid().optional(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

/**
 * The events of a chat reply's stream, in order: `message` (the person's stored message), then
 * `delta`s of the reply's text, then `done` (the stored reply, with proposals) or `crisis` (the help
 * response, stored) or `error` (the person's message is kept; retry). Each is `event: <name>` and
 * `data: <JSON>`.
 */
export const chatStreamEvents = {
  message: coachMessageSchema,
  start: z.object({ engine: coachEngineSchema, model: z.string() }),
  delta: z.object({ text: z.string() }),
  done: coachMessageSchema,
  crisis: coachMessageSchema,
  error: z.object({ message: z.string(), status: z.int() }),
} as const;
export type ChatStreamEventName = keyof typeof chatStreamEvents;

// --- memory ----------------------------------------------------------------------------------------------

export const MEMORY_MAX = 280;
export const MEMORY_LIMIT = 50;
export const memoryTextSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MEMORY_MAX, `must be at most ${MEMORY_MAX} characters`);
export const coachMemorySchema = z.object({
  id: z.uuid(),
  /** The own coach that keeps it; null when every coach may use it. */
  coachId: z.uuid().nullable(),
  text: z.string(),
  /** Who wrote it: the person, or a coach from the conversation. */
  source: z.enum(['person', 'coach']),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type CoachMemory = z.infer<typeof coachMemorySchema>;
export const memoryListSchema = z.object({ memories: z.array(coachMemorySchema) });
export const createMemorySchema = z.strictObject({
  text: memoryTextSchema,
  coachId: z.uuid().nullable().optional(),
});
export const updateMemorySchema = z.strictObject({ text: memoryTextSchema });

// --- reflection ---------------------------------------------------------------------------------------

export const reflectionPeriods = ['daily', 'weekly'] as const;
export const REFLECTION_MAX = 4000;
export const reflectionRequestSchema = z.strictObject({
  period: z.enum(reflectionPeriods),
  text: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(REFLECTION_MAX, `must be at most ${REFLECTION_MAX} characters`),
  mood: z.int().min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5').nullable().optional(),
  /** The own coach that answers; default: the first on the team. */
  coachId: z.uuid().optional(),
});
export type ReflectionRequest = z.infer<typeof reflectionRequestSchema>;
export const reflectionSchema = z.object({
  id: z.uuid(),
  period: z.enum(reflectionPeriods),
  localDate: localDateSchema,
  text: z.string(),
  mood: z.int().min(1).max(5).nullable(),
  coachId: z.uuid().nullable(),
  coachName: z.string().nullable(),
  /** The coach's answer (Markdown), or the crisis response. */
  reply: z.string(),
  crisis: z.boolean(),
  engine: coachEngineSchema,
  model: z.string(),
  notice: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Reflection = z.infer<typeof reflectionSchema>;
export const reflectionListSchema = z.object({
  reflections: z.array(reflectionSchema),
  /** Pass as `cursor` for older ones; null on the last page. */
  nextCursor: z.string().nullable(),
});

// --- the team: consultations ------------------------------------------------------------------------

export const consultRequestSchema = z.strictObject({
  question: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(MESSAGE_MAX, `must be at most ${MESSAGE_MAX} characters`),
});
export const consultationSchema = z.object({
  id: z.uuid(),
  question: z.string(),
  /** Each relevant coach's view. */
  views: z.array(
    z.object({
      coachId: z.uuid(),
      coachName: z.string(),
      domain: coachDomainSchema,
      view: z.string(),
    }),
  ),
  /** The trade-offs, named from the person's own figures. */
  tradeOffs: z.array(z.string()),
  /** One suggested way through. */
  suggestion: z.string(),
  proposals: z.array(proposalSchema),
  crisis: z.boolean(),
  engine: coachEngineSchema,
  model: z.string(),
  notice: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Consultation = z.infer<typeof consultationSchema>;
export const consultationListSchema = z.object({
  consultations: z.array(consultationSchema),
  /** Pass as `cursor` for older ones; null on the last page. */
  nextCursor: z.string().nullable(),
});

// --- coaching preferences --------------------------------------------------------------------------

export const coachingPreferencesSchema = z.object({
  /** Proactive check-ins: a coach writes first after a missed top three or a quiet week. */
  checkIns: z.boolean(),
});
export const updateCoachingPreferencesSchema = z.strictObject({ checkIns: z.boolean() });

// --- history ---------------------------------------------------------------------------------------------

export const historyEntryTypes = [
  'task_done',
  'task_skipped',
  'milestone_reached',
  'goal_event',
  'top_three_day',
  'reflection',
  'conversation',
  'consultation',
] as const;
export type HistoryEntryType = (typeof historyEntryTypes)[number];

export const historyEntrySchema = z.object({
  /** Stable across pages. */
  id: z.string(),
  type: z.enum(historyEntryTypes),
  at: timestampSchema,
  title: z.string(),
  detail: z.string().nullable(),
  goalId: z.uuid().nullable(),
  domain: coachDomainSchema.nullable(),
  /** The app path that opens its source. */
  href: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyQuerySchema = z.object({
  types: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const list = v.split(',');
      const bad = list.filter((t) => !(historyEntryTypes as readonly string[]).includes(t));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `types must be among ${historyEntryTypes.join(', ')}`,
        });
        return z.NEVER;
      }
      return list as HistoryEntryType[];
    }),
  goalId: z.uuid({ message: 'must be a goal id (a UUID)' }).optional(),
  domain: z.enum(coachDomains).optional(),
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  /** The cursor the previous page returned. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;
export const historyPageSchema = z.object({
  entries: z.array(historyEntrySchema),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

// --- paths -----------------------------------------------------------------------------------------------

export const coachingPaths = {
  catalogue: apiPath('/api/coach/catalogue'),
  coaches: apiPath('/api/coach/coaches'),
  coach: apiPath('/api/coach/coaches/:id'),
  personality: apiPath('/api/coach/coaches/:id/personality'),
  preview: apiPath('/api/coach/coaches/:id/preview'),
  messages: apiPath('/api/coach/coaches/:id/messages'),
  read: apiPath('/api/coach/coaches/:id/read'),
  teamOrder: apiPath('/api/coach/team-order'),
  proposal: apiPath('/api/coach/proposals/:id'),
  memories: apiPath('/api/coach/memories'),
  memory: apiPath('/api/coach/memories/:id'),
  reflections: apiPath('/api/coach/reflections'),
  consultations: apiPath('/api/coach/consultations'),
  preferences: apiPath('/api/coach/preferences'),
  history: apiPath('/api/history'),
} as const;

/** What a consultation stores besides its proposals. */
export type ConsultationAnswer = Pick<Consultation, 'tradeOffs' | 'suggestion'> & {
  views: Consultation['views'];
};
