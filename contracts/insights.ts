import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { localDateSchema, timestampSchema } from '#contracts/shared.ts';

// Weekly insights (/progress, and a card on /coaching/team): one per person and local week (ISO,
// Monday first, in the person's zone with their day-start hour). An insight reviews the seven
// local days before the day it was written, so the one written at the start of a week reviews
// the week that just ended, and a refresh mid-week reviews the last seven full days.
//
// Figures (the analytics read model's definitions, contracts/analytics.ts):
// - *Moved forward*: active goals with tasks done in the period (count and estimated minutes).
// - A task *slips* once for each occurrence skipped in the period and each day of the period on
//   which it sat in the frozen top three and was not done that day; a repeating task's occurrences
//   count together. Tasks that slipped at least SLIP_THRESHOLD times are listed.
// - *Stalled*: active goals with no task done in the period.
// - Top-three completion: days of the period with a top three, and those all done.
// - The streak's change: the streak as it stood the day before the period, and on its last day.

export const SLIP_THRESHOLD = 2;
/** The most goals, slipping tasks and suggestions an insight names. */
export const INSIGHT_LIST_MAX = 3;
/** Minutes of the small task a stalled goal's suggestion adds. */
export const SMALL_TASK_MINUTES = 10;
/** A task that slipped this many times in the week gets a personal experiment proposed. */
export const EXPERIMENT_SLIPS = 3;
/** Days of an experiment an insight proposes (it starts the day after it is accepted). */
export const PROPOSED_EXPERIMENT_DAYS = 7;
/** How many past weeks GET /api/insights returns. */
export const INSIGHT_HISTORY_WEEKS = 12;

const count = z.int().min(0);
const rate = z.number().min(0).max(1).nullable();

export const insightFiguresSchema = z.object({
  tasksDone: count,
  skipped: count,
  movedForward: z
    .array(
      z.object({
        goalId: z.uuid(),
        title: z.string(),
        tasksDone: count,
        minutes: count,
        progress: z.int().min(0).max(100),
      }),
    )
    .max(INSIGHT_LIST_MAX),
  slipping: z
    .array(
      z.object({
        /** The task to act on now (a repeating task's open occurrence); null once closed. */
        taskId: z.uuid().nullable(),
        title: z.string(),
        slips: count,
        skipped: count,
        estimatedMinutes: z.int().min(1).nullable(),
        /** The task's goal, if any (absent in insights written before it was recorded). */
        goalId: z.uuid().nullable().optional(),
      }),
    )
    .max(INSIGHT_LIST_MAX),
  stalledGoals: z.array(z.object({ goalId: z.uuid(), title: z.string() })).max(INSIGHT_LIST_MAX),
  topThree: z.object({ days: count, allDone: count, rate }),
  streak: z.object({ before: count, after: count, best: count }),
  /** The lightest of the next seven days by planned minutes (where a slipping task may move). */
  lightestDay: localDateSchema.nullable(),
});
export type InsightFigures = z.infer<typeof insightFiguresSchema>;

export const suggestionStates = ['open', 'accepted', 'dismissed'] as const;

const suggestionBase = {
  id: z.uuid(),
  /** What the person reads ("Shorten “Run 5 km” to 15 minutes: it slipped 3 times."). */
  text: z.string().min(1).max(300),
  state: z.enum(suggestionStates),
  /** The task the acceptance created or changed. */
  taskId: z.uuid().nullable(),
  decidedAt: timestampSchema.nullable(),
};

export const insightSuggestionSchema = z.discriminatedUnion('kind', [
  z.object({
    ...suggestionBase,
    kind: z.literal('shorten'),
    targetTaskId: z.uuid(),
    minutes: z.int().min(1),
  }),
  z.object({
    ...suggestionBase,
    kind: z.literal('reschedule'),
    targetTaskId: z.uuid(),
    to: localDateSchema,
  }),
  z.object({
    ...suggestionBase,
    kind: z.literal('add_task'),
    goalId: z.uuid(),
    title: z.string().min(1).max(160),
    minutes: z.int().min(1),
  }),
  z.object({
    ...suggestionBase,
    kind: z.literal('experiment'),
    /** The slipping task the experiment is about. */
    targetTaskId: z.uuid(),
    /** What accepting proposes: a planned experiment rated 1–5 each day, starting the next day. */
    draft: z.object({
      title: z.string().min(1).max(120),
      hypothesis: z.string().min(1).max(1000),
      change: z.string().min(1).max(1000),
      days: z.int().min(7).max(28),
      goalId: z.uuid().nullable(),
    }),
    /** The experiment the acceptance created. */
    experimentId: z.uuid().nullable(),
  }),
]);
export type InsightSuggestion = z.infer<typeof insightSuggestionSchema>;

/** The words of an insight: a sentence per part, each built from the figures. */
export const insightWordsSchema = z.object({
  headline: z.string().min(1).max(200),
  movedForward: z.string().min(1).max(600),
  slipping: z.string().min(1).max(600),
  topThree: z.string().min(1).max(300),
  streak: z.string().min(1).max(300),
});
export type InsightWords = z.infer<typeof insightWordsSchema>;

/** What weekly_insights.content holds, validated before it is written. */
export const insightContentSchema = z.object({
  period: z.object({ from: localDateSchema, to: localDateSchema }),
  figures: insightFiguresSchema,
  words: insightWordsSchema,
  suggestions: z.array(insightSuggestionSchema).max(INSIGHT_LIST_MAX),
});
export type InsightContent = z.infer<typeof insightContentSchema>;

/** Who wrote the words: the offline coach (rules over the figures) or a model through the gateway. */
export const insightEngineSchema = z.string().min(1).max(100);
export const OFFLINE_ENGINE = 'offline';

export const insightSchema = z.object({
  id: z.uuid(),
  /** The Monday of the person's local week the insight belongs to. */
  weekStart: localDateSchema,
  engine: insightEngineSchema,
  generatedAt: timestampSchema,
  content: insightContentSchema,
});
export type Insight = z.infer<typeof insightSchema>;

export const insightListSchema = z.object({
  /** Today's local week's Monday. */
  weekStart: localDateSchema,
  /** This week's insight, null until one is written (at the week's start, or by a refresh). */
  current: insightSchema.nullable(),
  /** Earlier weeks, newest first (at most INSIGHT_HISTORY_WEEKS). */
  past: z.array(insightSchema),
});
export type InsightList = z.infer<typeof insightListSchema>;

export const insightListQuerySchema = z.strictObject(
  {},
  { error: () => 'this list takes no parameters' },
);

export const suggestionParamsSchema = z.object({
  id: z.uuid({ message: 'must be an insight id (a UUID)' }),
  suggestionId: z.uuid({ message: 'must be a suggestion id (a UUID)' }),
});

export const suggestionDecisionSchema = z.strictObject(
  {
    decision: z.enum(['accept', 'dismiss'], { message: 'must be "accept" or "dismiss"' }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'only "decision" may be given' : undefined,
  },
);
export type SuggestionDecision = z.infer<typeof suggestionDecisionSchema>;

export const suggestionResultSchema = z.object({
  insight: insightSchema,
  suggestion: insightSuggestionSchema,
});
export type SuggestionResult = z.infer<typeof suggestionResultSchema>;

/** A refresh at most this often per person (the rate limiter's window). */
export const REFRESH_LIMIT = { limit: 5, windowSeconds: 60 * 60 } as const;

export const insightPaths = {
  list: apiPath('/api/insights'),
  refresh: apiPath('/api/insights/refresh'),
  suggestion: apiPath('/api/insights/:id/suggestions/:suggestionId'),
} as const;
