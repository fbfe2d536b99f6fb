import { randomUUID } from 'node:crypto';
import {
  proposalDraftSchema,
  type CoachingPageQuery,
  type Consultation,
  type ConsultationAnswer,
  type Proposal,
} from '#contracts/coaching.ts';
import type { CoachEngine, CrisisResult } from '#contracts/coach.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { keysetPage } from '#server/http/page-cursor.ts';
import { answeredBy, GUARD_ANSWER, type CoachCallDeps } from './coach-calls.ts';
import * as repo from './consultations.repo.ts';
import { checkPersonWords, crisisIn, crisisMarkdown } from './person-words.ts';
import { listTeam, personaOf, type UserCoachRow } from './team.repo.ts';

export interface ConsultationsServiceDeps extends CoachCallDeps {
  db: Db;
  clock: () => Date;
}

const PAGE_SIZE = 10;

export function toProposal(row: repo.ProposalRow): Proposal {
  return {
    id: row.id,
    coachId: row.userCoachId,
    draft: row.draft,
    reason: row.reason,
    state: row.state,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    taskId: row.taskId,
    experimentId: row.experimentId,
  };
}

function toConsultation(
  row: repo.ConsultationRow,
  proposals: readonly repo.ProposalRow[],
): Consultation {
  return {
    id: row.id,
    question: row.question,
    views: row.answer.views,
    tradeOffs: row.answer.tradeOffs,
    suggestion: row.answer.suggestion,
    proposals: proposals.map(toProposal),
    crisis: row.crisis,
    engine: row.engine,
    model: row.model,
    notice: row.notice,
    createdAt: row.createdAt.toISOString(),
  };
}

interface Answer {
  answer: ConsultationAnswer;
  proposals: Array<{ coachId: string; draft: unknown; reason: string }>;
  crisis: boolean;
  engine: CoachEngine;
  model: string;
  notice: string | null;
}

const crisisAnswer = (
  crisis: CrisisResult,
  meta: { engine: CoachEngine; model: string },
): Answer => ({
  answer: { views: [], tradeOffs: [], suggestion: crisisMarkdown(crisis) },
  proposals: [],
  crisis: true,
  engine: meta.engine,
  model: meta.model,
  notice: null,
});

/**
 * "Ask the team" (ADR 034): a question goes to the person's team in its order; each relevant
 * coach gives a view, the trade-offs are named from the person's own figures and one way through
 * is suggested, with proposals the person accepts or declines later (the chat's
 * PATCH /api/coach/proposals/:id). The answer and the proposals are stored together.
 */
export function createConsultationsService(deps: ConsultationsServiceDeps) {
  const { db, clock } = deps;
  const checkWords = deps.checkWords ?? checkPersonWords;

  async function store(
    userId: string,
    question: string,
    team: readonly UserCoachRow[],
    result: Answer,
  ): Promise<Consultation> {
    const onTeam = new Map(team.map((coach) => [coach.id, coach]));
    // A proposal names a coach on the team (else the first one answers for it) and a draft the
    // contract accepts; anything else is dropped rather than stored for the person to accept.
    const proposals = result.proposals.flatMap((proposal) => {
      const draft = proposalDraftSchema.safeParse(proposal.draft);
      const coach = onTeam.get(proposal.coachId) ?? team[0];
      return draft.success && coach && proposal.reason.trim().length > 0
        ? [{ coachId: coach.id, draft: draft.data, reason: proposal.reason.trim().slice(0, 400) }]
        : [];
    });
    return db.transaction(async (tx) => {
      const now = clock();
      const row = await repo.insertConsultation(tx, {
        id: randomUUID(),
        userId,
        question,
        answer: result.answer,
        crisis: result.crisis,
        engine: result.engine,
        model: result.model,
        notice: result.notice,
        createdAt: now,
      });
      const stored = await repo.insertProposals(
        tx,
        proposals.map((proposal, index) => ({
          id: randomUUID(),
          userId,
          userCoachId: proposal.coachId,
          consultationId: row.id,
          draft: proposal.draft,
          reason: proposal.reason,
          state: 'open' as const,
          // one millisecond apart: they list in the order the team gave them
          createdAt: new Date(now.getTime() + index),
        })),
      );
      return toConsultation(row, stored);
    });
  }

  return {
    async ask(userId: string, question: string): Promise<Consultation> {
      const team = await listTeam(db, userId);
      const crisis = crisisIn(checkWords, [question], await deps.timeZone(userId));
      if (crisis) return store(userId, question, team, crisisAnswer(crisis, GUARD_ANSWER));
      if (team.length === 0) throw new AppError('conflict', 'Add a coach to your team first.');
      await deps.limits?.assertWithinLimits(userId);
      const facts = await deps.facts(db, userId);
      const answer = await deps.ai.teamConsult(
        { coaches: team.map(personaOf), facts, question },
        { userId },
      );
      if (answer.crisis) return store(userId, question, team, crisisAnswer(answer.crisis, answer));
      const byId = new Map(team.map((coach) => [coach.id, coach]));
      const views = answer.views.flatMap((view) => {
        const coach = byId.get(view.coachId);
        return coach
          ? [{ coachId: coach.id, coachName: coach.name, domain: coach.domain, view: view.view }]
          : [];
      });
      return store(userId, question, team, {
        answer: { views, tradeOffs: answer.tradeOffs, suggestion: answer.suggestion },
        proposals: answer.proposals,
        ...answeredBy(answer),
      });
    },

    async list(
      userId: string,
      query: CoachingPageQuery,
    ): Promise<{ consultations: Consultation[]; nextCursor: string | null }> {
      const { page, nextCursor } = await keysetPage(
        { limit: query.limit ?? PAGE_SIZE, cursor: query.cursor },
        (window) => repo.listConsultations(db, userId, window),
        (row) => ({ at: row.createdAt, id: row.id }),
      );
      const proposals = await repo.proposalsOf(
        db,
        userId,
        page.map((row) => row.id),
      );
      return {
        consultations: page.map((row) =>
          toConsultation(
            row,
            proposals.filter((proposal) => proposal.consultationId === row.id),
          ),
        ),
        nextCursor,
      };
    },
  };
}

export type ConsultationsService = ReturnType<typeof createConsultationsService>;
