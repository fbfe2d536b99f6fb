import { randomUUID } from 'node:crypto';
import {
  createExperimentSchema,
  type CreateExperiment,
  type Experiment,
  type ExperimentDetail,
  type ExperimentList,
  type ExperimentOrigin,
  type NewExperiment,
  type UpdateExperiment,
} from '#contracts/experiments.ts';
import { addDays, daysBetween } from '#contracts/local-date.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import { invalidInput } from '#server/modules/goals/input-problems.ts';
import { checkBaseline, checkStart, experimentNotFound } from './experiment-rules.ts';
import type { ExperimentReads } from './experiment-reads.ts';
import * as repo from './experiments.repo.ts';
import { compareExperiments, statusOf } from './status.ts';

export interface ExperimentsServiceDeps {
  db: Db;
  clock: () => Date;
  /** The person's own goals: an experiment's goal must be one (another's is a 404). */
  goals: Pick<GoalReads, 'target'>;
  reads: ExperimentReads;
}

/**
 * What the coach or a weekly insight proposes (see `propose`): an experiment without dates, which
 * starts tomorrow unless it says otherwise and runs `days` days.
 */
export interface ExperimentDraft {
  title: string;
  hypothesis: string;
  change: string;
  metric: CreateExperiment['metric'];
  days: number;
  goalId?: string | null;
  startDate?: string;
  origin: Exclude<ExperimentOrigin, 'person'>;
}

/** Personal experiments: each call scoped to the person; every write in one transaction. */
export function createExperimentsService(deps: ExperimentsServiceDeps) {
  const { db, clock } = deps;
  const { today, views, detailOf, locked } = deps.reads;

  async function checkGoal(tx: Db, userId: string, goalId: string | null | undefined) {
    if (goalId) await deps.goals.target(tx, userId, { goalId });
  }

  async function insert(
    tx: Db,
    userId: string,
    input: NewExperiment,
    origin: ExperimentOrigin,
  ): Promise<repo.ExperimentRow> {
    checkStart(input.startDate, await today(tx, userId));
    checkBaseline(input.metric, input.baseline);
    await checkGoal(tx, userId, input.goalId);
    const now = clock();
    return repo.insertExperiment(tx, {
      id: randomUUID(),
      userId,
      goalId: input.goalId,
      title: input.title,
      hypothesis: input.hypothesis,
      changeToTry: input.change,
      metric: input.metric,
      baseline: input.baseline,
      startDate: input.startDate,
      endDate: input.endDate,
      origin,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Moves an open experiment to `closed` today; `allowed` says from which statuses. */
  async function close(userId: string, id: string, closed: 'ended' | 'abandoned') {
    return db.transaction(async (tx) => {
      const row = await locked(tx, userId, id);
      const date = await today(tx, userId);
      const status = statusOf(row, date);
      if (closed === 'ended' && status !== 'running') {
        throw new AppError(
          'conflict',
          `Only a running experiment can be ended early; this one is ${status}.`,
        );
      }
      if (closed === 'abandoned' && status !== 'running' && status !== 'planned') {
        throw new AppError(
          'conflict',
          `Only a planned or running experiment can be abandoned; this one is ${status}.`,
        );
      }
      const updated = await repo.updateExperiment(tx, userId, id, {
        closed,
        closedOn: date,
        updatedAt: clock(),
      });
      return detailOf(tx, userId, updated);
    });
  }

  return {
    async list(userId: string): Promise<ExperimentList> {
      const localDate = await today(db, userId);
      const rows = await repo.listExperiments(db, userId);
      const experiments = (await views(db, userId, rows, localDate)).sort(compareExperiments);
      return { localDate, experiments };
    },

    async detail(userId: string, id: string): Promise<ExperimentDetail> {
      const row = await repo.findExperiment(db, userId, id);
      if (!row) throw experimentNotFound();
      return detailOf(db, userId, row);
    },

    async create(userId: string, body: NewExperiment) {
      return db.transaction(async (tx) =>
        detailOf(tx, userId, await insert(tx, userId, body, 'person')),
      );
    },

    /**
     * Creates a planned experiment the coach or a weekly insight proposes, in the caller's
     * transaction. The draft is validated as the create route validates a body (a ZodError or a
     * 400 AppError when it breaks a rule; a 404 when the goal is not the person's).
     */
    async propose(tx: Db, userId: string, draft: ExperimentDraft): Promise<Experiment> {
      const startDate = draft.startDate ?? addDays(await today(tx, userId), 1);
      const input = createExperimentSchema.parse({
        title: draft.title,
        hypothesis: draft.hypothesis,
        change: draft.change,
        metric: draft.metric,
        startDate,
        endDate: addDays(startDate, draft.days - 1),
        goalId: draft.goalId ?? null,
      });
      const row = await insert(tx, userId, input, draft.origin);
      const [experiment] = await views(tx, userId, [row], await today(tx, userId));
      if (!experiment) throw experimentNotFound();
      return experiment;
    },

    async update(userId: string, id: string, patch: UpdateExperiment): Promise<ExperimentDetail> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, userId, id);
        const date = await today(tx, userId);
        const status = statusOf(row, date);
        const planOnly = (['metric', 'startDate', 'endDate'] as const).filter((f) => f in patch);
        if (planOnly.length > 0 && status !== 'planned') {
          throw new AppError(
            'conflict',
            `The ${planOnly.join(' and ')} can change only before the experiment starts; it is ${status}.`,
          );
        }
        if (status === 'abandoned') {
          throw new AppError('conflict', 'An abandoned experiment cannot change.');
        }
        const metric = patch.metric ?? row.metric;
        const startDate = patch.startDate ?? row.startDate;
        const endDate = patch.endDate ?? row.endDate;
        const parsed = createExperimentSchema.safeParse({
          title: patch.title ?? row.title,
          hypothesis: patch.hypothesis ?? row.hypothesis,
          change: patch.change ?? row.changeToTry,
          metric,
          startDate,
          endDate,
          goalId: patch.goalId === undefined ? row.goalId : patch.goalId,
          baseline: patch.baseline === undefined ? row.baseline : patch.baseline,
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw invalidInput(
            `body.${issue?.path.join('.') ?? ''}`,
            issue?.message ?? 'is not valid',
          );
        }
        if (patch.startDate) checkStart(startDate, date);
        checkBaseline(metric, parsed.data.baseline);
        if (patch.goalId) await checkGoal(tx, userId, patch.goalId);
        const updated = await repo.updateExperiment(tx, userId, id, {
          title: parsed.data.title,
          hypothesis: parsed.data.hypothesis,
          changeToTry: parsed.data.change,
          metric,
          startDate,
          endDate,
          goalId: parsed.data.goalId,
          baseline: parsed.data.baseline,
          updatedAt: clock(),
        });
        return detailOf(tx, userId, updated);
      });
    },

    /** A planned experiment starts today and keeps its length. */
    async start(userId: string, id: string): Promise<ExperimentDetail> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, userId, id);
        const date = await today(tx, userId);
        const status = statusOf(row, date);
        if (status !== 'planned') {
          throw new AppError(
            'conflict',
            `Only a planned experiment can start now; this one is ${status}.`,
          );
        }
        const updated = await repo.updateExperiment(tx, userId, id, {
          startDate: date,
          endDate: addDays(date, daysBetween(row.startDate, row.endDate)),
          updatedAt: clock(),
        });
        return detailOf(tx, userId, updated);
      });
    },

    end: (userId: string, id: string) => close(userId, id, 'ended'),
    abandon: (userId: string, id: string) => close(userId, id, 'abandoned'),

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteExperiment(db, userId, id))) throw experimentNotFound();
    },
  };
}

export type ExperimentsService = ReturnType<typeof createExperimentsService>;
