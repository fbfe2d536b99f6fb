import { randomUUID } from 'node:crypto';
import {
  INSIGHT_HISTORY_WEEKS,
  OFFLINE_ENGINE,
  REFRESH_LIMIT,
  insightContentSchema,
  insightWordsSchema,
  type Insight,
  type InsightContent,
  type InsightFigures,
  type InsightList,
  type InsightSuggestion,
  type InsightWords,
  type SuggestionDecision,
  type SuggestionResult,
} from '#contracts/insights.ts';
import { addDays, weekStart } from '#contracts/local-date.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { RateLimiter } from '#server/lib/rate-limiter.ts';
import type { WeekReview } from '#server/modules/analytics/week-review.service.ts';
import type { ExperimentsService } from '#server/modules/experiments/experiments.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { TasksService } from '#server/modules/tasks/tasks.service.ts';
import * as repo from './insights.repo.ts';
import { mergeSuggestions, offlineSuggestions, offlineWords } from './offline-coach.ts';
import { applySuggestion } from './suggestion-actions.ts';

/** A model engine's wording of the offline words, or null to keep them (ADR 028). */
export type PhraseInsight = (input: {
  figures: InsightFigures;
  words: InsightWords;
}) => Promise<{ engine: string; words: unknown } | null>;

export interface InsightsServiceDeps {
  db: Db;
  clock: () => Date;
  profile: Pick<ProfileService, 'day'>;
  review: WeekReview;
  tasks: Pick<TasksService, 'create' | 'act' | 'find'>;
  /** Proposes the experiment of an accepted suggestion; lists open ones so none is offered twice. */
  experiments: Pick<ExperimentsService, 'propose' | 'list'>;
  limiter: RateLimiter;
  log: { warn(details: object, message: string): void };
  /** A model that may phrase the words; absent: the offline coach writes them all. */
  phrase?: PhraseInsight;
}

export function toInsight(row: repo.InsightRow): Insight {
  if (row.status !== 'ready' || !row.content || !row.generatedAt || !row.engine) {
    throw new Error(`insight ${row.id} is not ready`);
  }
  return {
    id: row.id,
    weekStart: row.weekStart,
    engine: row.engine,
    generatedAt: row.generatedAt.toISOString(),
    content: row.content,
  };
}

const notFound = () => new AppError('not_found', 'No insight has this id.');

/**
 * Weekly insights (ADR 028): this week's and past weeks' for /progress and /coaching/team, a
 * refresh on demand, and the person's decisions on suggestions (an accepted one changes or
 * creates the task through the tasks service). The worker's pass is weekly-pass.ts.
 */
export function createInsightsService(deps: InsightsServiceDeps) {
  const { db, clock } = deps;

  async function words(figures: InsightFigures): Promise<{ engine: string; words: InsightWords }> {
    const offline = { engine: OFFLINE_ENGINE, words: offlineWords(figures) };
    if (!deps.phrase) return offline;
    try {
      const phrased = await deps.phrase({ figures, words: offline.words });
      const valid = phrased && insightWordsSchema.safeParse(phrased.words);
      if (phrased && valid?.success) return { engine: phrased.engine, words: valid.data };
    } catch (error: unknown) {
      deps.log.warn({ err: error }, 'the model could not phrase an insight; the offline coach did');
    }
    return offline;
  }

  /** A week's content for the seven local days before `today`; decided suggestions are kept. */
  async function compose(
    userId: string,
    today: string,
    previous: readonly InsightSuggestion[] = [],
  ): Promise<{ content: InsightContent; engine: string }> {
    const period = { from: addDays(today, -7), to: addDays(today, -1) };
    const [figures, experiments] = await Promise.all([
      deps.review.figures(userId, { ...period, today }),
      deps.experiments.list(userId),
    ]);
    const written = await words(figures);
    const open = experiments.experiments.filter(
      (e) => e.status === 'planned' || e.status === 'running',
    );
    const suggestions = mergeSuggestions(
      previous,
      offlineSuggestions(figures, randomUUID, new Set(open.map((e) => e.title))),
    );
    const content = insightContentSchema.parse({
      period,
      figures,
      words: written.words,
      suggestions,
    });
    return { content, engine: written.engine };
  }

  async function decided(
    userId: string,
    id: string,
    suggestionId: string,
    change: (
      suggestion: InsightSuggestion,
      tx: Db,
    ) => InsightSuggestion | Promise<InsightSuggestion>,
    expect: InsightSuggestion['state'],
  ): Promise<SuggestionResult> {
    return db.transaction(async (tx) => {
      const row = await repo.findForUpdate(tx, userId, id);
      if (!row?.content || row.status !== 'ready') throw notFound();
      const current = row.content.suggestions.find((s) => s.id === suggestionId);
      if (!current) throw new AppError('not_found', 'This insight has no suggestion with this id.');
      if (current.state !== expect) {
        throw new AppError('conflict', `This suggestion was already ${current.state}.`);
      }
      const suggestion = await change(current, tx);
      const content = {
        ...row.content,
        suggestions: row.content.suggestions.map((s) => (s.id === suggestionId ? suggestion : s)),
      };
      const saved = await repo.saveContent(tx, row.id, content, clock());
      return { insight: toInsight(saved), suggestion };
    });
  }

  return {
    compose,

    async list(userId: string): Promise<InsightList> {
      const { localDate } = await deps.profile.day(userId);
      const week = weekStart(localDate);
      const [current, past] = await Promise.all([
        repo.findWeek(db, userId, week),
        repo.listPast(db, userId, week, INSIGHT_HISTORY_WEEKS),
      ]);
      return {
        weekStart: week,
        current: current?.status === 'ready' ? toInsight(current) : null,
        past: past.map(toInsight),
      };
    },

    /** Writes this week's insight again from the latest history (at most REFRESH_LIMIT an hour). */
    async refresh(userId: string): Promise<Insight> {
      await deps.limiter.hit(userId, {
        name: 'refresh',
        ...REFRESH_LIMIT,
        message: `You can refresh your insight ${REFRESH_LIMIT.limit} times an hour; try again later.`,
      });
      const { localDate } = await deps.profile.day(userId);
      const week = weekStart(localDate);
      const before = await repo.findWeek(db, userId, week);
      const written = await compose(userId, localDate, before?.content?.suggestions ?? []);
      return db.transaction(async (tx) => {
        // Decisions taken while this was being written are kept, not overwritten.
        const locked = await repo.findWeek(tx, userId, week, { lock: true });
        const content = {
          ...written.content,
          suggestions: mergeSuggestions(
            locked?.content?.suggestions ?? [],
            written.content.suggestions,
          ),
        };
        const now = clock();
        const saved = await repo.saveReady(
          tx,
          {
            id: locked?.id ?? randomUUID(),
            userId,
            weekStart: week,
            content,
            engine: written.engine,
          },
          now,
        );
        await repo.scheduleNextWeek(tx, [userId], now);
        return toInsight(saved);
      });
    },

    /**
     * Accepts or dismisses one open suggestion. Accepting marks it accepted first (so a second
     * accept is a 409, never a second task), then changes or creates the task through the tasks
     * service and records its id; if the tasks service refuses, the suggestion is open again and
     * its error is the answer. An experiment is proposed in the same transaction as the
     * acceptance, with its id: both are written or neither.
     */
    async decide(
      userId: string,
      id: string,
      suggestionId: string,
      body: SuggestionDecision,
    ): Promise<SuggestionResult> {
      const at = () => clock().toISOString();
      if (body.decision === 'dismiss') {
        return decided(
          userId,
          id,
          suggestionId,
          (s) => ({ ...s, state: 'dismissed', decidedAt: at() }),
          'open',
        );
      }
      const taken = await decided(
        userId,
        id,
        suggestionId,
        async (s, tx): Promise<InsightSuggestion> => {
          const decision = { state: 'accepted', decidedAt: at() } as const;
          if (s.kind !== 'experiment') return { ...s, ...decision };
          const experiment = await deps.experiments.propose(tx, userId, {
            ...s.draft,
            metric: { kind: 'rating' },
            origin: 'insight',
          });
          return { ...s, ...decision, experimentId: experiment.id };
        },
        'open',
      );
      if (taken.suggestion.kind === 'experiment') return taken;
      let taskId: string;
      try {
        taskId = await applySuggestion(deps.tasks, userId, taken.suggestion);
      } catch (error: unknown) {
        await decided(
          userId,
          id,
          suggestionId,
          (s) => ({ ...s, state: 'open', decidedAt: null }),
          'accepted',
        );
        throw error;
      }
      return decided(userId, id, suggestionId, (s) => ({ ...s, taskId }), 'accepted');
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
