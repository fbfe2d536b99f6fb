import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { coachDomainSchema, coachDomains, weeklyHoursSchema } from '#contracts/coach.ts';
import { coachToneSchema } from '#contracts/onboarding.ts';
import { timestampSchema } from '#contracts/shared.ts';

// Coaching assessments (issue 17): a quick one (about 2 minutes) and an enhanced one (about 10),
// saved step by step and resumable, then coaches recommended from the latest completed one. The
// questions' choices and their words live here, so the server's reasons quote what the screen asked.

export const assessmentKinds = ['quick', 'enhanced'] as const;
export const assessmentKindSchema = z.enum(assessmentKinds);
export type AssessmentKind = z.infer<typeof assessmentKindSchema>;

const unique = <T>(values: readonly T[]) => new Set(values).size === values.length;

/** Choices of a question: the ids the answers carry and the words the screen and reasons use. */
function choices<const Ids extends readonly [string, ...string[]]>(
  labels: { readonly [Id in Ids[number]]: string },
  ids: Ids,
) {
  return { ids, labels, schema: z.enum(ids, { message: `must be one of ${ids.join(', ')}` }) };
}

/** The biggest challenge (quick) and the obstacles (enhanced): one list, so both read the same. */
export const challenges = choices(
  {
    energy: 'energy',
    stress: 'stress',
    time: 'finding time',
    focus: 'staying focused',
    motivation: 'motivation',
    confidence: 'confidence',
    connection: 'feeling connected',
    direction: 'knowing what I want',
  },
  ['energy', 'stress', 'time', 'focus', 'motivation', 'confidence', 'connection', 'direction'],
);
export type Challenge = (typeof challenges.ids)[number];

export const motivationStyles = choices(
  {
    progress: 'seeing progress',
    encouragement: 'encouragement',
    deadlines: 'clear deadlines',
    play: 'fun and a challenge',
  },
  ['progress', 'encouragement', 'deadlines', 'play'],
);

export const accountabilityStyles = choices(
  {
    daily: 'a daily check-in',
    weekly: 'a weekly review',
    nudges: 'gentle nudges when things slip',
    challenge: 'a friendly challenge',
  },
  ['daily', 'weekly', 'nudges', 'challenge'],
);
export type AccountabilityStyle = (typeof accountabilityStyles.ids)[number];

export const personalValues = choices(
  {
    health: 'health',
    growth: 'growth',
    family: 'family',
    connection: 'connection',
    achievement: 'achievement',
    security: 'security',
    creativity: 'creativity',
    calm: 'calm',
  },
  ['health', 'growth', 'family', 'connection', 'achievement', 'security', 'creativity', 'calm'],
);
export type PersonalValue = (typeof personalValues.ids)[number];

export const priorities = choices({ low: 'not now', medium: 'somewhat', high: 'a lot' }, [
  'low',
  'medium',
  'high',
]);

/** What a person would most like to change in each domain (the enhanced per-domain question). */
export const domainChanges = {
  health: choices(
    {
      move: 'moving more',
      sleep: 'sleeping better',
      food: 'eating better',
      energy: 'having more energy',
    },
    ['move', 'sleep', 'food', 'energy'],
  ),
  career: choices(
    {
      skills: 'growing my skills',
      new_job: 'finding a new job',
      promotion: 'moving up',
      business: 'starting something of my own',
    },
    ['skills', 'new_job', 'promotion', 'business'],
  ),
  relationships: choices(
    {
      time: 'more time with the people I love',
      talk: 'better conversations',
      friends: 'new friends',
      family: 'closer family ties',
    },
    ['time', 'talk', 'friends', 'family'],
  ),
  personal_development: choices(
    {
      learn: 'learning something new',
      habits: 'building better habits',
      create: 'making things',
      calm: 'finding calm',
    },
    ['learn', 'habits', 'create', 'calm'],
  ),
} as const;

const rating = z.int({ message: 'must be a whole number from 0 to 10' }).min(0).max(10);

const pickSome = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item)
    .min(1, `choose at least one ${what}`)
    .max(3, `choose at most three ${what}s`)
    .refine(unique, 'must not list the same choice twice');

export const quickAnswersSchema = z.object({
  focusDomains: z
    .array(coachDomainSchema)
    .min(1, 'choose at least one area')
    .max(4)
    .refine(unique, 'must not list an area twice'),
  tone: coachToneSchema,
  biggestChallenge: challenges.schema,
  motivationStyle: motivationStyles.schema,
  weeklyHours: weeklyHoursSchema,
});
export type QuickAnswers = z.infer<typeof quickAnswersSchema>;

const domainAnswer = <Ids extends readonly [string, ...string[]]>(
  change: z.ZodEnum<{
    [Id in Ids[number]]: Id;
  }>,
) => z.object({ priority: priorities.schema, change });

export const enhancedAnswersSchema = z.object({
  ratings: z.object({
    health: rating,
    career: rating,
    relationships: rating,
    personal_development: rating,
  }),
  health: domainAnswer(domainChanges.health.schema),
  career: domainAnswer(domainChanges.career.schema),
  relationships: domainAnswer(domainChanges.relationships.schema),
  personal_development: domainAnswer(domainChanges.personal_development.schema),
  values: pickSome(personalValues.schema, 'value'),
  obstacles: pickSome(challenges.schema, 'obstacle'),
  accountability: accountabilityStyles.schema,
});
export type EnhancedAnswers = z.infer<typeof enhancedAnswersSchema>;
export type DomainAnswer = EnhancedAnswers['health'];

/** Each step's questions, in order: the step indicator counts these. */
export const assessmentSteps = {
  quick: [['focusDomains'], ['tone'], ['biggestChallenge'], ['motivationStyle'], ['weeklyHours']],
  enhanced: [
    ['ratings'],
    ['health'],
    ['career'],
    ['relationships'],
    ['personal_development'],
    ['values'],
    ['obstacles'],
    ['accountability'],
  ],
} as const satisfies {
  quick: ReadonlyArray<ReadonlyArray<keyof QuickAnswers>>;
  enhanced: ReadonlyArray<ReadonlyArray<keyof EnhancedAnswers>>;
};
export type AssessmentQuestion = keyof QuickAnswers | keyof EnhancedAnswers;

/** Answers as saved on the way: any question of either kind, each one valid when present. */
export const draftAnswersSchema = quickAnswersSchema
  .partial()
  .extend(enhancedAnswersSchema.partial().shape)
  .strict();
export type DraftAnswers = z.infer<typeof draftAnswersSchema>;

export const assessmentStatuses = ['in_progress', 'completed'] as const;

export const assessmentSchema = z.object({
  id: z.uuid(),
  kind: assessmentKindSchema,
  status: z.enum(assessmentStatuses),
  /** The step to resume at (0-based). */
  step: z.int().min(0),
  answers: draftAnswersSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

// --- requests ------------------------------------------------------------------------------------

/** POST /api/coach/assessments: resume the unfinished one of this kind, or start one. */
export const startAssessmentSchema = z.object({ kind: assessmentKindSchema });

/** PUT /api/coach/assessments/:id: the answers given so far (merged) and the step reached. */
export const saveAssessmentSchema = z.object({
  step: z.int().min(0).max(20),
  answers: draftAnswersSchema,
});
export type SaveAssessment = z.infer<typeof saveAssessmentSchema>;

/** POST /api/coach/assessments/:id/complete: the last answers, if any; then every question must be answered. */
export const completeAssessmentSchema = z.object({ answers: draftAnswersSchema.optional() });

// --- recommendations -----------------------------------------------------------------------------

export const recommendationSchema = z.object({
  domain: coachDomainSchema,
  /** 1 is the best fit. */
  rank: z.int().min(1).max(coachDomains.length),
  /** How well the coach fits the answers, 0–100; only the order is shown. */
  score: z.int().min(0).max(100),
  /** Why, quoting the answers ("You rated Health 3/10 and said your biggest challenge is energy."). */
  reason: z.string().min(1),
  suggestedTone: coachToneSchema,
  /** Why that tone, from the answers. */
  toneReason: z.string().min(1),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationsSchema = z.object({
  /** The latest completed assessment they come from; null before any (and then no coaches). */
  assessment: z
    .object({ id: z.uuid(), kind: assessmentKindSchema, completedAt: timestampSchema })
    .nullable(),
  recommendations: z.array(recommendationSchema),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;

export const completedAssessmentSchema = z.object({
  assessment: assessmentSchema,
  recommendations: recommendationsSchema,
});

// --- the coach team ------------------------------------------------------------------------------

export const teamMemberSchema = z.object({
  domain: coachDomainSchema,
  tone: coachToneSchema,
  addedAt: timestampSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({ coaches: z.array(teamMemberSchema) });
export type Team = z.infer<typeof teamSchema>;

export const addTeamMemberSchema = z.object({ domain: coachDomainSchema, tone: coachToneSchema });
export type AddTeamMember = z.infer<typeof addTeamMemberSchema>;

export const teamRemovedSchema = z.object({ removed: z.literal(true) });

export const teamDomainParamsSchema = z.object({ domain: coachDomainSchema });

export const assessmentPaths = {
  start: apiPath('/api/coach/assessments'),
  one: apiPath('/api/coach/assessments/:id'),
  complete: apiPath('/api/coach/assessments/:id/complete'),
  recommendations: apiPath('/api/coach/recommendations'),
  team: apiPath('/api/coach/team'),
  teamMember: apiPath('/api/coach/team/:domain'),
} as const;
