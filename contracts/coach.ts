import { z } from 'zod';

/**
 * The coach's domain operations as the server's AI gateway exposes them. Every engine (offline
 * rules or a model) must answer with these shapes; the gateway validates each answer with the same
 * schema before anything reaches the user.
 */

export const coachDomains = ['health', 'career', 'relationships', 'personal_development'] as const;
export const coachDomainSchema = z.enum(coachDomains);
export type CoachDomain = z.infer<typeof coachDomainSchema>;

/** Each domain's name as people read it (the coaches' names, the assessments' questions). */
export const coachDomainLabels: Record<CoachDomain, string> = {
  health: 'Health',
  career: 'Career',
  relationships: 'Relationships',
  personal_development: 'Personal development',
};

export const coachEngines = ['offline', 'openai', 'anthropic', 'openai-compatible'] as const;
export const coachEngineSchema = z.enum(coachEngines);
export type CoachEngine = z.infer<typeof coachEngineSchema>;

/** A calendar date in the user's own time zone, YYYY-MM-DD. */
const localDateSchema = z.iso.date();

const knownZones = new Map<string, boolean>();

/** Asked of Intl once per zone name: building a DateTimeFormat is the slow part of a coach input. */
function isIanaTimeZone(value: string): boolean {
  const known = knownZones.get(value);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    valid = true;
  } catch {
    valid = false;
  }
  if (knownZones.size >= 1000) knownZones.clear();
  knownZones.set(value, valid);
  return valid;
}

export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isIanaTimeZone, 'must be an IANA time zone such as Europe/Paris');

/** Hours a week the user can give a goal: from half an hour to a full-time job and a bit. */
export const weeklyHoursSchema = z.number().min(0.5).max(60);

// ---------------------------------------------------------------------------------------------
// refineGoal: a sentence in, either clarifying questions or a SMART goal out.

export const clarifyingAnswerSchema = z.object({
  questionId: z.string().min(1).max(40),
  answer: z.string().trim().min(1).max(500),
});
export type ClarifyingAnswer = z.infer<typeof clarifyingAnswerSchema>;

export const refineGoalInputSchema = z.object({
  /** The goal in the user's own words. */
  text: z.string().trim().min(2).max(1000),
  /** Answers to the questions a previous refineGoal call asked. */
  answers: z.array(clarifyingAnswerSchema).max(10).optional(),
  /** Today in the user's time zone; engines never read a clock. */
  today: localDateSchema,
  timeZone: timeZoneSchema,
  weeklyHours: weeklyHoursSchema.optional(),
  domainHint: coachDomainSchema.optional(),
});
export type RefineGoalInput = z.infer<typeof refineGoalInputSchema>;

export const clarifyingQuestionSchema = z.object({
  /** Stable id the answer is sent back with (e.g. "outcome", "deadline"). */
  id: z.string().min(1).max(40),
  question: z.string().min(1).max(300),
  /** Example answers the UI may offer as one-tap choices; may be empty. */
  suggestions: z.array(z.string().min(1).max(120)).max(6),
});
export type ClarifyingQuestion = z.infer<typeof clarifyingQuestionSchema>;

export const goalMetricSchema = z.object({
  name: z.string().min(1).max(80),
  target: z.number().positive().max(1e9),
  unit: z.string().min(1).max(30),
});
export type GoalMetric = z.infer<typeof goalMetricSchema>;

export const smartGoalSchema = z.object({
  title: z.string().min(1).max(120),
  domain: coachDomainSchema,
  /** The specific outcome, in one or two sentences. */
  specific: z.string().min(1).max(600),
  metric: goalMetricSchema,
  deadline: localDateSchema,
  why: z.string().min(1).max(600),
  firstStep: z.string().min(1).max(300),
  weeklyHours: weeklyHoursSchema,
});
export type SmartGoal = z.infer<typeof smartGoalSchema>;

export const coachNotesSchema = z.array(z.string().min(1).max(600)).max(10);

/**
 * What the coach noticed about the goal as stated, for the UI and for checks: too vague to plan,
 * more than is realistic in the time, a date that has passed, a date only the person knows, a
 * fixed event date that was kept, or a health matter that needs a professional's word first.
 */
export const goalFlags = [
  'vague',
  'over_ambitious',
  'deadline_passed',
  'date_needed',
  'fixed_date',
  'medical',
] as const;
export const goalFlagSchema = z.enum(goalFlags);
export type GoalFlag = z.infer<typeof goalFlagSchema>;
const goalFlagsSchema = z.array(goalFlagSchema).max(goalFlags.length).optional();

export const goalQuestionsSchema = z.object({
  kind: z.literal('questions'),
  questions: z.array(clarifyingQuestionSchema).min(1).max(5),
  notes: coachNotesSchema,
  flags: goalFlagsSchema,
});

export const smartGoalProposalSchema = z.object({
  kind: z.literal('smart'),
  goal: smartGoalSchema,
  /** What the coach changed or assumed (a safer pace, a default deadline, a health note). */
  notes: coachNotesSchema,
  flags: goalFlagsSchema,
});

export const refineGoalOutputSchema = z.discriminatedUnion('kind', [
  goalQuestionsSchema,
  smartGoalProposalSchema,
]);
export type RefineGoalOutput = z.infer<typeof refineGoalOutputSchema>;

// ---------------------------------------------------------------------------------------------
// breakDownGoal: a SMART goal in, dated milestones and tasks out.

/** What a goal's plan already holds, so a second breakdown proposes only what it lacks. */
export const existingPlanSchema = z.object({
  milestones: z
    .array(z.object({ title: z.string(), dueDate: localDateSchema, done: z.boolean() }))
    .max(100),
  tasks: z
    .array(
      z.object({
        title: z.string(),
        /** The title of its milestone, or null. */
        milestone: z.string().nullable(),
        status: z.enum(['open', 'done', 'skipped']),
      }),
    )
    .max(1000),
});
export type ExistingPlan = z.infer<typeof existingPlanSchema>;

export const breakDownGoalInputSchema = z
  .object({
    goal: smartGoalSchema,
    /** The first day tasks may be scheduled (usually today, local). */
    startDate: localDateSchema,
    weeklyHours: weeklyHoursSchema,
    timeZone: timeZoneSchema,
    /** The goal's plan so far ("Plan more"); absent or empty for a first breakdown. */
    existingPlan: existingPlanSchema.optional(),
  })
  .refine((input) => input.goal.deadline > input.startDate, {
    path: ['goal', 'deadline'],
    message: 'must be after the start date',
  });
export type BreakDownGoalInput = z.infer<typeof breakDownGoalInputSchema>;

export const milestoneSchema = z.object({
  title: z.string().min(1).max(120),
  description: z.string().min(1).max(600),
  /** After the start date and on or before the goal's deadline; milestones are in date order. */
  dueDate: localDateSchema,
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const taskRecurrenceSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('weekly'), timesPerWeek: z.int().min(1).max(7) }),
    z.object({ kind: z.literal('after_completion'), everyDays: z.int().min(1).max(90) }),
  ])
  .describe(
    'A repeating task starts on its scheduled date and repeats until its milestone is due.',
  );
export type TaskRecurrence = z.infer<typeof taskRecurrenceSchema>;

export const plannedTaskSchema = z.object({
  title: z.string().min(1).max(160),
  /** Index into `milestones` (0-based) of the milestone this task moves forward. */
  milestoneIndex: z.int().min(0).max(6),
  /** On or after the start date and on or before its milestone's due date. */
  scheduledDate: localDateSchema,
  /** Minutes per occurrence. */
  estimatedMinutes: z.int().min(5).max(480),
  recurrence: taskRecurrenceSchema.optional(),
});
export type PlannedTask = z.infer<typeof plannedTaskSchema>;

export const breakDownGoalOutputSchema = z.object({
  kind: z.literal('plan'),
  milestones: z.array(milestoneSchema).min(3).max(7),
  tasks: z.array(plannedTaskSchema).min(1).max(200),
  notes: coachNotesSchema,
});
export type BreakDownGoalOutput = z.infer<typeof breakDownGoalOutputSchema>;

// ---------------------------------------------------------------------------------------------
// Safety: crisis language stops coaching and shows help instead.

export const crisisCategories = [
  'suicide',
  'self_harm',
  'eating',
  'abuse',
  'medical_emergency',
  'harm_to_others',
] as const;
export type CrisisCategory = (typeof crisisCategories)[number];

export const helpResourceSchema = z.object({
  name: z.string().min(1),
  /** A phone number, text line or short instruction. */
  contact: z.string().min(1),
  url: z.url().optional(),
  /** Where it applies, e.g. "US", "UK & Ireland", "Worldwide". */
  region: z.string().min(1),
});
export type HelpResource = z.infer<typeof helpResourceSchema>;

export const crisisResultSchema = z.object({
  kind: z.literal('crisis'),
  category: z.enum(crisisCategories),
  message: z.string().min(1),
  resources: z.array(helpResourceSchema).min(1),
});
export type CrisisResult = z.infer<typeof crisisResultSchema>;

// ---------------------------------------------------------------------------------------------
// The envelope every gateway answer travels in, so the UI can say which engine answered.

export const coachCallOutcomes = ['ok', 'repaired', 'fallback', 'error', 'crisis'] as const;
export type CoachCallOutcome = (typeof coachCallOutcomes)[number];

export function coachEnvelopeSchema<Result extends z.ZodType>(result: Result) {
  return z.object({
    /** The engine that produced `result` (offline after a fallback). */
    engine: coachEngineSchema,
    model: z.string().min(1),
    /** Shown to the user when the configured engine did not answer (fallback) or was bypassed. */
    notice: z.string().min(1).optional(),
    result: z.union([result, crisisResultSchema]),
  });
}

/**
 * What the coach proposed, recorded for /analytics/coach-effectiveness: a SMART goal (refine), a
 * plan (breakdown) or a proposal made in chat.
 */
export const coachSuggestionKinds = ['goal', 'plan', 'chat_proposal'] as const;
export const coachSuggestionKindSchema = z.enum(coachSuggestionKinds);
export type CoachSuggestionKind = z.infer<typeof coachSuggestionKindSchema>;

/**
 * A proposal's id, carried by the coach's answer when it proposes something: sent back with the
 * goal or plan the person accepts (`suggestionId`), it marks the proposal accepted and records the
 * coach and engine on what is created. Absent for questions and crisis answers.
 */
export const suggestionIdSchema = z.uuid({
  message: 'must be the suggestionId of a coach proposal',
});

export const refineGoalResponseSchema = coachEnvelopeSchema(refineGoalOutputSchema).extend({
  suggestionId: suggestionIdSchema.optional(),
});
export type RefineGoalResponse = z.infer<typeof refineGoalResponseSchema>;

/** The gateway's answer; the breakdown route answers `breakdownResponseSchema` (contracts/plan.ts). */
export const breakDownGoalResponseSchema = coachEnvelopeSchema(breakDownGoalOutputSchema);
