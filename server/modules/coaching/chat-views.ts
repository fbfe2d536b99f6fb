import {
  catalogueCoach,
  type CoachMessage,
  type Proposal,
  type UserCoach,
} from '#contracts/coaching.ts';
import type { CrisisResult } from '#contracts/coach.ts';
import { AppError } from '#server/errors.ts';
import type { MessageRow, ProposalRow } from './chat.repo.ts';
import type { UserCoachRow } from './team.repo.ts';

// The chat's rows as the API shows them (contracts/coaching.ts), and its not-found answers.

export function toProposal(row: ProposalRow): Proposal {
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

export function toMessage(
  row: MessageRow,
  coachId: string,
  proposals: readonly ProposalRow[] = [],
): CoachMessage {
  return {
    id: row.id,
    coachId,
    author: row.author,
    kind: row.kind,
    state: row.state,
    text: row.body,
    engine: row.engine,
    model: row.model,
    notice: row.notice,
    proposals: proposals.map(toProposal),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toUserCoach(
  row: UserCoachRow,
  figures: { lastMessageAt: Date | null; unread: number },
): UserCoach {
  return {
    id: row.id,
    catalogueId: row.catalogueId,
    kind: row.coachUserId ? 'human' : (catalogueCoach(row.catalogueId)?.kind ?? 'ai'),
    domain: row.domain,
    name: row.name,
    tone: row.tone,
    personality: row.personality,
    teamPosition: row.teamPosition,
    addedAt: row.addedAt.toISOString(),
    lastMessageAt: figures.lastMessageAt?.toISOString() ?? null,
    unread: figures.unread,
  };
}

/**
 * The crisis response as the Markdown a crisis message stores: the message, then each service to
 * try, in order (the client renders it as the help panel in place of a reply).
 */
export function crisisText(crisis: CrisisResult): string {
  const lines = crisis.resources.map((resource) => {
    const link = resource.url ? ` ([${new URL(resource.url).host}](${resource.url}))` : '';
    return `- **${resource.name}** (${resource.region}): ${resource.contact}${link}`;
  });
  return [crisis.message, '', ...lines].join('\n');
}

export function coachNotFound(): AppError {
  return new AppError('not_found', 'You have no coach with this id.');
}

export function proposalNotFound(): AppError {
  return new AppError('not_found', 'You have no coach proposal with this id.');
}

/** A message to a human coach the person no longer shares with (ADR 035). */
export function sharingEnded(): AppError {
  return new AppError(
    'conflict',
    'You stopped sharing with this coach, so they cannot read new messages. Share with them again in Settings › Coaching to write to them.',
  );
}
