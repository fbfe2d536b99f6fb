import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  assessmentSteps,
  enhancedAnswersSchema,
  quickAnswersSchema,
  type Assessment,
  type AssessmentKind,
  type DraftAnswers,
  type Recommendations,
  type SaveAssessment,
} from '#contracts/assessments.ts';
import { AppError } from '#server/errors.ts';
import type { Db } from '#server/db/client.ts';
import type { AchievementsService } from '#server/modules/achievements/achievements.service.ts';
import type { OnboardingService } from '#server/modules/onboarding/onboarding.service.ts';
import * as repo from './assessments.repo.ts';
import { recommend, type CompletedAnswers } from './recommend.ts';

export interface AssessmentsServiceDeps {
  db: Db;
  clock: () => Date;
  /** The focus areas and tone chosen in onboarding: the quick assessment starts with them. */
  onboarding: Pick<OnboardingService, 'get'>;
  /** "Self-assessment" is awarded in the transaction that completes the first one. */
  achievements: Pick<AchievementsService, 'award'>;
}

const kindNames: Record<AssessmentKind, string> = {
  quick: 'quick assessment',
  enhanced: 'in-depth assessment',
};

function toAssessment(row: repo.AssessmentRow): Assessment {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    step: row.step,
    answers: row.answers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('not_found', 'No assessment of yours has this id.');

/** The step (0-based) that asks `question` in an assessment of `kind`, or -1. */
function stepOf(kind: AssessmentKind, question: string): number {
  return assessmentSteps[kind].findIndex((questions) =>
    (questions as readonly string[]).includes(question),
  );
}

/** Answers may only be to this kind's questions, and the step must be one of its steps. */
function checkDraft(kind: AssessmentKind, save: Partial<SaveAssessment>): void {
  const steps = assessmentSteps[kind].length;
  if (save.step !== undefined && save.step >= steps) {
    throw new AppError(
      'invalid_input',
      `body.step: the ${kindNames[kind]} has steps 0 to ${steps - 1}.`,
    );
  }
  const foreign = Object.keys(save.answers ?? {}).find((key) => stepOf(kind, key) < 0);
  if (foreign) {
    throw new AppError(
      'invalid_input',
      `body.answers.${foreign}: not a question of the ${kindNames[kind]}.`,
    );
  }
}

/** A 400 naming the first step to go back to, with every problem in the details. */
function incomplete(kind: AssessmentKind, answers: DraftAnswers, error: z.ZodError): AppError {
  const details = error.issues.map((issue) => ({
    path: ['answers', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const first = error.issues[0];
  const question = String(first?.path[0] ?? '');
  const step = stepOf(kind, question) + 1;
  const total = assessmentSteps[kind].length;
  return new AppError(
    'invalid_input',
    question in answers
      ? `Step ${step} of ${total} (${question}): ${first?.message ?? 'not valid'}.`
      : `Step ${step} of ${total} is not answered yet (${question}): go back to it, answer, and finish again.`,
    { details },
  );
}

/** Every question answered and valid, or a 400 naming the first step to go back to. */
function completedAnswers(kind: AssessmentKind, answers: DraftAnswers): CompletedAnswers {
  if (kind === 'quick') {
    const parsed = quickAnswersSchema.safeParse(answers);
    if (parsed.success) return { kind, answers: parsed.data };
    throw incomplete(kind, answers, parsed.error);
  }
  const parsed = enhancedAnswersSchema.safeParse(answers);
  if (parsed.success) return { kind, answers: parsed.data };
  throw incomplete(kind, answers, parsed.error);
}

/**
 * Coaching assessments: started (or resumed) per kind, saved as the person goes, completed once
 * every question is answered. Every call is scoped to the person; another's assessment is a 404.
 * Recommendations are computed from the latest completed one (retaking replaces what counts).
 */
export function createAssessmentsService(deps: AssessmentsServiceDeps) {
  const { db, clock, onboarding, achievements } = deps;

  async function recommendationsFrom(
    userId: string,
    row: repo.AssessmentRow | null,
  ): Promise<Recommendations> {
    if (!row?.completedAt) return { assessment: null, recommendations: [] };
    const choices = await onboarding.get(userId);
    return {
      assessment: { id: row.id, kind: row.kind, completedAt: row.completedAt.toISOString() },
      recommendations: recommend(completedAnswers(row.kind, row.answers), choices),
    };
  }

  return {
    /**
     * The unfinished assessment of this kind, to resume, or a new one (the quick one with the
     * focus areas and tone from onboarding filled in). `created` says which.
     */
    async start(
      userId: string,
      kind: AssessmentKind,
    ): Promise<{ assessment: Assessment; created: boolean }> {
      const existing = await repo.findUnfinished(db, userId, kind);
      if (existing) return { assessment: toAssessment(existing), created: false };
      const answers: DraftAnswers = {};
      if (kind === 'quick') {
        const chosen = await onboarding.get(userId);
        if (chosen.focusDomains.length > 0) answers.focusDomains = chosen.focusDomains;
        if (chosen.coachTone) answers.tone = chosen.coachTone;
      }
      const created = await repo.insertUnfinished(db, {
        id: randomUUID(),
        userId,
        kind,
        answers,
        createdAt: clock(),
      });
      // Another request started it at the same moment: resume that one.
      const row = created ?? (await repo.findUnfinished(db, userId, kind));
      if (!row) throw new Error('the unfinished assessment vanished');
      return { assessment: toAssessment(row), created: created !== null };
    },

    async get(userId: string, id: string): Promise<Assessment> {
      const row = await repo.findAssessment(db, userId, id);
      if (!row) throw notFound();
      return toAssessment(row);
    },

    /** Saves the answers given so far (merged over the saved ones) and the step to resume at. */
    async save(userId: string, id: string, save: SaveAssessment): Promise<Assessment> {
      return db.transaction(async (tx) => {
        const row = await repo.findAssessment(tx, userId, id, { lock: true });
        if (!row) throw notFound();
        if (row.status === 'completed') {
          throw new AppError(
            'conflict',
            'This assessment is already complete. Start the assessment again to retake it.',
          );
        }
        checkDraft(row.kind, save);
        const updated = await repo.updateAssessment(tx, id, {
          answers: { ...row.answers, ...save.answers },
          step: save.step,
          updatedAt: clock(),
        });
        return toAssessment(updated);
      });
    },

    /**
     * Completes the assessment with the last answers, once every question is answered (a 400
     * naming the step otherwise, and nothing is written). The first completion ever awards
     * "Self-assessment" in the same transaction.
     */
    async complete(
      userId: string,
      id: string,
      answers: DraftAnswers = {},
    ): Promise<{ assessment: Assessment; recommendations: Recommendations }> {
      const row = await db.transaction(async (tx) => {
        const current = await repo.findAssessment(tx, userId, id, { lock: true });
        if (!current) throw notFound();
        if (current.status === 'completed') {
          throw new AppError(
            'conflict',
            'This assessment is already complete. Start the assessment again to retake it.',
          );
        }
        checkDraft(current.kind, { answers });
        const merged = { ...current.answers, ...answers };
        completedAnswers(current.kind, merged);
        const now = clock();
        const completed = await repo.updateAssessment(tx, id, {
          answers: merged,
          step: assessmentSteps[current.kind].length - 1,
          updatedAt: now,
          completedAt: now,
        });
        await achievements.award(tx, userId, 'assessment_done');
        return completed;
      });
      return {
        assessment: toAssessment(row),
        recommendations: await recommendationsFrom(userId, row),
      };
    },

    /** The coaches ranked from the latest completed assessment; none before the first. */
    async recommendations(userId: string): Promise<Recommendations> {
      return recommendationsFrom(userId, await repo.findLatestCompleted(db, userId));
    },
  };
}

export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
