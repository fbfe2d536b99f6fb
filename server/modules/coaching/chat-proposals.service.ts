import { ZodError } from 'zod';
import type { Proposal, ProposalDraft } from '#contracts/coaching.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { ExperimentsService } from '#server/modules/experiments/experiments.service.ts';
import type { ProgressCrossing } from '#server/modules/goals/progress.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { TasksService } from '#server/modules/tasks/tasks.service.ts';
import { proposalNotFound, toProposal } from './chat-views.ts';
import * as repo from './chat.repo.ts';
import type { SuggestionsService } from './suggestions.service.ts';

export interface ChatProposalsDeps {
  db: Db;
  clock: () => Date;
  profile: Pick<ProfileService, 'day'>;
  tasks: Pick<TasksService, 'createWithin' | 'actWithin' | 'announce'>;
  experiments: Pick<ExperimentsService, 'propose'>;
  suggestions: Pick<SuggestionsService, 'record' | 'claim' | 'markAccepted'>;
}

/** What accepting wrote. */
interface Written {
  taskId: string | null;
  experimentId: string | null;
  crossings: ProgressCrossing[];
}

/** A draft that no longer fits: nothing is written, and the sentence says why. */
function stale(sentence: string): AppError {
  return new AppError('conflict', sentence);
}

/** The services' own refusals, said as what became of the proposal since the coach made it. */
function noLongerFits(error: unknown, draft: ProposalDraft): unknown {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return stale(
      `This experiment no longer fits${issue ? ` (${issue.path.join('.')}: ${issue.message})` : ''}. Ask your coach for a new one.`,
    );
  }
  if (!(error instanceof AppError)) return error;
  if (error.code === 'not_found') {
    return stale(
      draft.kind === 'move_task'
        ? `The task “${draft.title}” is gone, so it cannot be moved. Ask your coach again.`
        : 'The goal this was proposed for is gone. Ask your coach for a new proposal.',
    );
  }
  if (error.code === 'invalid_input' || error.code === 'conflict') {
    return stale(`This proposal no longer fits your plan: ${error.message}`);
  }
  return error;
}

/** A task's date that has passed since the coach proposed it: the proposal no longer fits. */
function checkStillAhead(proposal: repo.ProposalForDecision, today: string): void {
  const { draft, coachName } = proposal;
  if (draft.kind === 'add_task' && draft.date < today) {
    throw stale(
      `This task was proposed for ${draft.date}, which has passed. Ask ${coachName} for a new date.`,
    );
  }
  if (draft.kind === 'move_task' && draft.to < today) {
    throw stale(
      `Moving “${draft.title}” to ${draft.to} no longer works: that day has passed. Ask ${coachName} for a new date.`,
    );
  }
}

/**
 * Deciding a coach's proposal, of a chat message or of a consultation (ADR 034). Accepting
 * writes through the owning services in one transaction: the task (created, with the coach and
 * engine on it, or moved), or the planned experiment, the coach's record marked accepted (ADR
 * 030) and the proposal with what it wrote. Declining only marks it. A decided proposal is a
 * 409; another person's a 404; a draft that no longer fits a 409 with a sentence, nothing written.
 */
export function createChatProposalsService(deps: ChatProposalsDeps) {
  const { db, clock } = deps;

  async function write(
    tx: Db,
    userId: string,
    proposal: repo.ProposalForDecision,
  ): Promise<Written> {
    const { draft } = proposal;
    const none = { taskId: null, experimentId: null, crossings: [] };
    switch (draft.kind) {
      case 'add_task': {
        const { task, crossings } = await deps.tasks.createWithin(
          tx,
          userId,
          {
            title: draft.title,
            scheduledDate: draft.date,
            estimatedMinutes: draft.minutes,
            ...(draft.goalId ? { goalId: draft.goalId } : {}),
          },
          { proposedBy: proposal.engine, proposedByCoach: proposal.coachDomain },
        );
        return { ...none, taskId: task.id, crossings };
      }
      case 'move_task': {
        const { result, crossings } = await deps.tasks.actWithin(tx, userId, draft.taskId, {
          action: 'reschedule',
          to: draft.to,
        });
        return { ...none, taskId: result.task.id, crossings };
      }
      case 'experiment': {
        const experiment = await deps.experiments.propose(tx, userId, {
          title: draft.title,
          hypothesis: draft.hypothesis,
          change: draft.change,
          // A daily 1–5 rating: the one metric that fits any experiment a coach proposes.
          metric: { kind: 'rating' },
          days: draft.days,
          goalId: draft.goalId,
          origin: 'coach',
        });
        return { ...none, experimentId: experiment.id };
      }
    }
  }

  /** Marks the coach's record accepted, recording it now when the proposal came without one. */
  async function recordAcceptance(
    tx: Db,
    userId: string,
    proposal: repo.ProposalForDecision,
  ): Promise<string> {
    const goalId = proposal.draft.kind === 'move_task' ? null : proposal.draft.goalId;
    const id =
      proposal.suggestionId ??
      (await deps.suggestions.record(
        userId,
        {
          kind: 'chat_proposal',
          coach: proposal.coachDomain,
          engine: proposal.engine,
          localDate: (await deps.profile.day(userId, tx)).localDate,
          goalId,
        },
        tx,
      ));
    if (proposal.suggestionId)
      await deps.suggestions.claim(tx, userId, id, { kind: 'chat_proposal' });
    await deps.suggestions.markAccepted(tx, id, goalId);
    return id;
  }

  return {
    async decide(
      userId: string,
      id: string,
      decision: 'accept' | 'decline',
    ): Promise<{ proposal: Proposal }> {
      let crossings: ProgressCrossing[] = [];
      const decided = await db.transaction(async (tx) => {
        const proposal = await repo.findProposalForUpdate(tx, userId, id);
        if (!proposal) throw proposalNotFound();
        if (proposal.state !== 'open') {
          throw new AppError(
            'conflict',
            `You already ${proposal.state} this proposal; it cannot be decided again.`,
          );
        }
        if (decision === 'decline') {
          return repo.decideProposal(tx, id, { state: 'declined', decidedAt: clock() });
        }
        checkStillAhead(proposal, (await deps.profile.day(userId, tx)).localDate);
        let written: Written;
        try {
          written = await write(tx, userId, proposal);
        } catch (error: unknown) {
          throw noLongerFits(error, proposal.draft);
        }
        crossings = written.crossings;
        const suggestionId = await recordAcceptance(tx, userId, proposal);
        return repo.decideProposal(tx, id, {
          state: 'accepted',
          decidedAt: clock(),
          taskId: written.taskId,
          experimentId: written.experimentId,
          suggestionId,
        });
      });
      await deps.tasks.announce(userId, crossings);
      return { proposal: toProposal(decided) };
    },
  };
}

export type ChatProposalsService = ReturnType<typeof createChatProposalsService>;
