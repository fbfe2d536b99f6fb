import { z } from 'zod';
import {
  coachDomainSchema,
  coachEngineSchema,
  clarifyingAnswerSchema,
  goalMetricSchema,
  smartGoalSchema,
  taskRecurrenceSchema,
  timeZoneSchema,
  weeklyHoursSchema,
} from '#contracts/coach.ts';

// The goals, tasks, top-three, dashboard and profile API (issue: goals and the daily top three).
// Every date is a calendar date in the user's own time zone (their profile's), YYYY-MM-DD; every
// timestamp is ISO 8601 UTC. The coach's proposals (refine, breakdown) write nothing: the client
// shows them, the user edits and accepts, and only POST /api/goals and POST /api/goals/{id}/plan
// write.

// --- Shared pieces ----------------------------------------------------------------------------

/** The first and last dates any goal, milestone or task may carry: a typo, not a plan, beyond. */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';

/** A local calendar date that is a real day between EARLIEST_DATE and LATEST_DATE. */
export const localDateSchema = z.iso
  .date({ message: 'must be a date written YYYY-MM-DD' })
  .refine(
    (value) => value >= EARLIEST_DATE && value <= LATEST_DATE,
    `must be between ${EARLIEST_DATE} and ${LATEST_DATE}`,
  );

const timestampSchema = z.iso.datetime({ offset: true });

export const goalStatuses = ['active', 'paused', 'completed', 'archived'] as const;
export const goalStatusSchema = z.enum(goalStatuses, {
  message: `must be one of ${goalStatuses.join(', ')}`,
});
export type GoalStatus = z.infer<typeof goalStatusSchema>;

export const goalPriorities = ['high', 'medium', 'low'] as const;
export const goalPrioritySchema = z.enum(goalPriorities, {
  message: `must be one of ${goalPriorities.join(', ')}`,
});
export type GoalPriority = z.infer<typeof goalPrioritySchema>;

export const taskStatuses = ['open', 'done', 'skipped'] as const;
export const taskStatusSchema = z.enum(taskStatuses, {
  message: `must be one of ${taskStatuses.join(', ')}`,
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** At most this many goals may be pinned as the user's "top three goals". */
export const MAX_PINNED_GOALS = 3;

export const idParamsSchema = z.object({
  id: z.uuid({ message: 'must be an id (a UUID)' }),
});

export const milestoneParamsSchema = z.object({
  id: z.uuid({ message: 'must be a goal id (a UUID)' }),
  milestoneId: z.uuid({ message: 'must be a milestone id (a UUID)' }),
});

/** Who proposed a goal or plan: a coach engine, or null when the user wrote it themselves. */
const proposedBySchema = coachEngineSchema.nullable();

// --- Profile ----------------------------------------------------------------------------------

export const DEFAULT_TIME_ZONE = 'UTC';
export const DEFAULT_DAILY_CAPACITY_MINUTES = 120;

export const dailyCapacityMinutesSchema = z
  .int({ message: 'must be a whole number of minutes' })
  .min(5, 'must be at least 5 minutes')
  .max(1440, 'must be at most 1440 minutes (a day)');

export const profileSchema = z.object({
  /** IANA zone every local date of the user is computed in. */
  timeZone: timeZoneSchema,
  /** Minutes a day the user has for tasks: the top three's effort part compares against it. */
  dailyCapacityMinutes: dailyCapacityMinutesSchema,
  /** False until the user (or the client, from the browser's zone) saved a profile: defaults shown. */
  saved: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z.object({
  timeZone: timeZoneSchema,
  dailyCapacityMinutes: dailyCapacityMinutesSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

// --- Coach: proposals that write nothing -------------------------------------------------------

/** POST /api/coach/refine-goal: the server fills today and the time zone from the profile. */
export const refineGoalRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(1000, 'must be at most 1000 characters'),
  answers: z.array(clarifyingAnswerSchema).max(10).optional(),
  weeklyHours: weeklyHoursSchema.optional(),
  domainHint: coachDomainSchema.optional(),
});
export type RefineGoalRequest = z.infer<typeof refineGoalRequestSchema>;

/** POST /api/goals/{id}/breakdown: the stored goal, starting today; weekly hours override the goal's. */
export const breakdownRequestSchema = z.object({
  weeklyHours: weeklyHoursSchema.optional(),
});
export type BreakdownRequest = z.infer<typeof breakdownRequestSchema>;

// --- Goals ------------------------------------------------------------------------------------

export const milestoneSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  dueDate: z.string(),
});
export type MilestoneSummary = z.infer<typeof milestoneSummarySchema>;

export const goalSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  domain: coachDomainSchema,
  specific: z.string(),
  metric: goalMetricSchema,
  deadline: z.string(),
  why: z.string(),
  firstStep: z.string(),
  weeklyHours: z.number(),
  priority: goalPrioritySchema,
  status: goalStatusSchema,
  /** One of the user's "top three goals" (at most MAX_PINNED_GOALS). */
  pinned: z.boolean(),
  /** 0–100, from milestones and tasks (the rule is in the server's goals service). */
  progress: z.int().min(0).max(100),
  /** The earliest milestone not yet done, or null. */
  nextMilestone: milestoneSummarySchema.nullable(),
  /** The coach engine that proposed the goal, or null when the user wrote it. */
  proposedBy: proposedBySchema,
  taskCounts: z.object({ open: z.int(), done: z.int(), skipped: z.int() }),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
});
export type Goal = z.infer<typeof goalSchema>;

export const createGoalSchema = z.object({
  /** The SMART goal as the user reviewed and edited it. Its deadline must be after today (local). */
  goal: smartGoalSchema,
  priority: goalPrioritySchema.default('medium'),
  pinned: z.boolean().default(false),
  proposedBy: proposedBySchema.default(null),
});
export type CreateGoal = z.input<typeof createGoalSchema>;

export const goalListQuerySchema = z.object({
  status: goalStatusSchema.optional(),
  domain: coachDomainSchema.optional(),
  pinned: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
});
export type GoalListQuery = z.input<typeof goalListQuerySchema>;

export const goalListSchema = z.object({
  /** Pinned first, then by deadline, then by title. */
  goals: z.array(goalSchema),
});
export type GoalList = z.infer<typeof goalListSchema>;

/** PATCH /api/goals/{id}: any of these; at least one. */
export const updateGoalSchema = z
  .object({
    title: smartGoalSchema.shape.title,
    domain: coachDomainSchema,
    specific: smartGoalSchema.shape.specific,
    metric: goalMetricSchema,
    /** On or after today, and on or after every milestone's due date. */
    deadline: localDateSchema,
    why: smartGoalSchema.shape.why,
    firstStep: smartGoalSchema.shape.firstStep,
    weeklyHours: weeklyHoursSchema,
    status: goalStatusSchema,
    pinned: z.boolean(),
    priority: goalPrioritySchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'must change at least one field');
export type UpdateGoal = z.infer<typeof updateGoalSchema>;

export const milestoneSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string(),
  /** 0-based order within the goal (by due date, then as accepted). */
  position: z.int().min(0),
  done: z.boolean(),
  completedAt: timestampSchema.nullable(),
});
export type GoalMilestone = z.infer<typeof milestoneSchema>;

/** PATCH /api/goals/{id}/milestones/{milestoneId}: at least one field. */
export const updateMilestoneSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().min(1).max(600),
    /** On or before the goal's deadline. */
    dueDate: localDateSchema,
    done: z.boolean(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'must change at least one field');
export type UpdateMilestone = z.infer<typeof updateMilestoneSchema>;

export const goalHistoryKinds = [
  'created',
  'edited',
  'status_changed',
  'pinned',
  'unpinned',
  'plan_accepted',
  'milestone_done',
  'milestone_reopened',
  'milestone_edited',
  'milestone_deleted',
  'progress',
] as const;
export const goalHistoryKindSchema = z.enum(goalHistoryKinds);
export type GoalHistoryKind = z.infer<typeof goalHistoryKindSchema>;

export const goalHistoryEntrySchema = z.object({
  id: z.uuid(),
  /** Clients should show unknown kinds by their summary: kinds may be added. */
  kind: goalHistoryKindSchema,
  /** One line for the history list ("Reached 50 %", "Deadline moved to 2026-05-01"). */
  summary: z.string(),
  /** Facts behind the entry (changed fields with before/after, a threshold, the engine). */
  data: z.record(z.string(), z.unknown()),
  createdAt: timestampSchema,
});
export type GoalHistoryEntry = z.infer<typeof goalHistoryEntrySchema>;

// --- Tasks ------------------------------------------------------------------------------------

export const taskSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid().nullable(),
  goalTitle: z.string().nullable(),
  milestoneId: z.uuid().nullable(),
  milestoneTitle: z.string().nullable(),
  title: z.string(),
  notes: z.string().nullable(),
  status: taskStatusSchema,
  /** The local date the task is planned for; null means "any day". */
  scheduledDate: z.string().nullable(),
  /** A hard due date, when the task has one. */
  dueDate: z.string().nullable(),
  /** Hidden from today and the top three until this local date. */
  snoozedUntil: z.string().nullable(),
  estimatedMinutes: z.int().nullable(),
  recurrence: taskRecurrenceSchema.nullable(),
  /** Occurrences of one repeating task share a series id (null for one-off tasks). */
  seriesId: z.uuid().nullable(),
  /** The last date the series repeats on (its milestone's due date, else the goal's deadline). */
  repeatsUntil: z.string().nullable(),
  completedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Task = z.infer<typeof taskSchema>;

export const taskViews = ['today', 'upcoming', 'overdue', 'all'] as const;
export const taskListQuerySchema = z.object({
  /**
   * today: open, scheduled today or earlier or unscheduled, not snoozed past today;
   * upcoming: open, scheduled after today (or snoozed past today); overdue: open and scheduled or
   * due before today; all: every task, done and skipped included.
   */
  view: z.enum(taskViews, { message: `must be one of ${taskViews.join(', ')}` }).default('all'),
  goalId: z.uuid({ message: 'must be a goal id (a UUID)' }).optional(),
  status: taskStatusSchema.optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskListSchema = z.object({
  /** Today in the user's time zone, the date the views were computed for. */
  localDate: z.string(),
  /** Ordered by scheduled date (unscheduled last), then creation. */
  tasks: z.array(taskSchema),
});
export type TaskList = z.infer<typeof taskListSchema>;

const taskTitleSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(160, 'must be at most 160 characters');
const taskNotesSchema = z.string().trim().max(2000, 'must be at most 2000 characters');
const estimatedMinutesSchema = z
  .int({ message: 'must be a whole number of minutes' })
  .min(1, 'must be at least 1 minute')
  .max(1440, 'must be at most 1440 minutes');

export const createTaskSchema = z.object({
  title: taskTitleSchema,
  notes: taskNotesSchema.optional(),
  /** One of the user's goals; tasks of one's own may have none. */
  goalId: z.uuid({ message: 'must be a goal id (a UUID)' }).optional(),
  /** One of that goal's milestones (needs goalId). */
  milestoneId: z.uuid({ message: 'must be a milestone id (a UUID)' }).optional(),
  /** Today or later; on or before its milestone's due date and its goal's deadline. Default: today for a repeating task, else none. */
  scheduledDate: localDateSchema.optional(),
  dueDate: localDateSchema.optional(),
  estimatedMinutes: estimatedMinutesSchema.optional(),
  recurrence: taskRecurrenceSchema.optional(),
});
export type CreateTask = z.infer<typeof createTaskSchema>;

/** PATCH /api/tasks/{id}: one action per call. */
export const taskActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('complete') }),
    z.object({ action: z.literal('skip') }),
    /** Hide until a later local date (after today); the schedule stays. */
    z.object({ action: z.literal('snooze'), until: localDateSchema }),
    /** Move to another local date (today or later, on or before its milestone and goal). */
    z.object({ action: z.literal('reschedule'), to: localDateSchema }),
    z.object({ action: z.literal('reopen') }),
    z.object({
      action: z.literal('edit'),
      title: taskTitleSchema.optional(),
      notes: taskNotesSchema.nullable().optional(),
      dueDate: localDateSchema.nullable().optional(),
      estimatedMinutes: estimatedMinutesSchema.nullable().optional(),
      recurrence: taskRecurrenceSchema.nullable().optional(),
    }),
  ],
  { message: 'action must be one of complete, skip, snooze, reschedule, reopen, edit' },
);
export type TaskAction = z.infer<typeof taskActionSchema>;

export const taskActionResultSchema = z.object({
  task: taskSchema,
  /** The occurrence a repeating task generated when this one was completed or skipped. */
  nextOccurrence: taskSchema.nullable(),
});
export type TaskActionResult = z.infer<typeof taskActionResultSchema>;

// --- Today's top three --------------------------------------------------------------------------

export const scoreBreakdownSchema = z.object({
  due: z.number(),
  milestone: z.number(),
  topGoal: z.number(),
  priority: z.number(),
  staleness: z.number(),
  effort: z.number(),
});

export const topThreePickSchema = z.object({
  task: taskSchema,
  /** The strongest reason, one line ("Due today"). */
  reason: z.string(),
  /** Every reason that added points, strongest first. */
  reasons: z.array(z.string()),
  score: z.number(),
  breakdown: scoreBreakdownSchema,
});
export type TopThreePick = z.infer<typeof topThreePickSchema>;

/** The most `others` GET /api/tasks/today lists after the three. */
export const TODAY_OTHERS_LIMIT = 50;

export const todaySchema = z.object({
  localDate: z.string(),
  timeZone: z.string(),
  /**
   * Frozen for the local date once shown: tasks stay (done ones too, so the day can be seen
   * through) until local midnight in the user's zone; only an empty place is filled.
   */
  topThree: z.array(topThreePickSchema).max(3),
  /**
   * The next best of today's open tasks, best first: at most TODAY_OTHERS_LIMIT (the full list is
   * GET /api/tasks?view=today).
   */
  others: z.array(taskSchema).max(TODAY_OTHERS_LIMIT),
  /** How many of today's open tasks there are besides the three (others may show fewer). */
  othersTotal: z.int().min(0),
  frozenAt: timestampSchema.nullable(),
});
export type Today = z.infer<typeof todaySchema>;

export const swapRequestSchema = z.object({
  taskId: z.uuid({ message: 'must be a task id (a UUID)' }),
});
export type SwapRequest = z.infer<typeof swapRequestSchema>;

export const swapResultSchema = todaySchema.extend({
  swap: z.object({
    removedTaskId: z.uuid(),
    /** Null when no other open task was left for today. */
    addedTaskId: z.uuid().nullable(),
    /** Why the new one came in ("Next best: Due tomorrow"), or why nothing did. */
    reason: z.string(),
  }),
});
export type SwapResult = z.infer<typeof swapResultSchema>;

// --- Goal detail and plan ----------------------------------------------------------------------

export const goalDetailSchema = z.object({
  goal: goalSchema,
  milestones: z.array(milestoneSchema),
  tasks: z.array(taskSchema),
  /** Newest first. */
  history: z.array(goalHistoryEntrySchema),
});
export type GoalDetail = z.infer<typeof goalDetailSchema>;

export const planMilestoneSchema = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(600),
  /** Today or later, on or before the goal's deadline. */
  dueDate: localDateSchema,
});

export const planTaskSchema = z.object({
  title: taskTitleSchema,
  /** Index into this request's `milestones`; or use milestoneId for an existing one; or neither. */
  milestoneIndex: z.int().min(0).max(19).optional(),
  milestoneId: z.uuid({ message: 'must be a milestone id (a UUID)' }).optional(),
  /** Today or later, on or before its milestone's due date (and the goal's deadline). */
  scheduledDate: localDateSchema,
  estimatedMinutes: estimatedMinutesSchema,
  recurrence: taskRecurrenceSchema.optional(),
});

/** POST /api/goals/{id}/plan: the accepted part of a proposal, as edited and ordered by the user. */
export const acceptPlanSchema = z
  .object({
    milestones: z.array(planMilestoneSchema).max(20),
    tasks: z.array(planTaskSchema).max(500),
    proposedBy: proposedBySchema.default(null),
  })
  .refine(
    (plan) => plan.milestones.length + plan.tasks.length > 0,
    'must accept at least one milestone or task',
  );
export type AcceptPlan = z.input<typeof acceptPlanSchema>;

export const acceptPlanResultSchema = z.object({
  goal: goalSchema,
  /** The milestones and tasks this call created, in the request's order. */
  milestones: z.array(milestoneSchema),
  tasks: z.array(taskSchema),
});
export type AcceptPlanResult = z.infer<typeof acceptPlanResultSchema>;

// --- Dashboard ----------------------------------------------------------------------------------

export const upcomingMilestoneSchema = milestoneSummarySchema.extend({
  goalId: z.uuid(),
  goalTitle: z.string(),
});

export const dashboardSchema = z.object({
  localDate: z.string(),
  timeZone: z.string(),
  /** The same frozen selection GET /api/tasks/today shows. */
  topThree: z.array(topThreePickSchema).max(3),
  /** Active goals with their progress, pinned first. */
  goals: z.array(goalSchema),
  /** Up to 5 milestones not yet done of active goals, soonest first. */
  nextMilestones: z.array(upcomingMilestoneSchema).max(5),
  /**
   * A streak day is a local date whose frozen top three were all done. current counts back from
   * today (if today's three are all done) or else from yesterday; best is the longest run.
   */
  streak: z.object({ current: z.int().min(0), best: z.int().min(0) }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The answer to DELETE on a goal, milestone or task. */
export const deletedSchema = z.object({ deleted: z.literal(true) });

// --- Paths ------------------------------------------------------------------------------------

const at = (id: string) => encodeURIComponent(id);

/** The paths of the goals API. DELETE on a goal, milestone or task answers 200 `{ deleted: true }`. */
export const goalPaths = {
  profile: '/api/profile',
  refineGoal: '/api/coach/refine-goal',
  goals: '/api/goals',
  goal: (id: string) => `/api/goals/${at(id)}`,
  breakdown: (id: string) => `/api/goals/${at(id)}/breakdown`,
  plan: (id: string) => `/api/goals/${at(id)}/plan`,
  milestone: (id: string, milestoneId: string) =>
    `/api/goals/${at(id)}/milestones/${at(milestoneId)}`,
  tasks: '/api/tasks',
  task: (id: string) => `/api/tasks/${at(id)}`,
  today: '/api/tasks/today',
  swap: '/api/tasks/today/swap',
  dashboard: '/api/dashboard',
} as const;
