import { proposalDraftSchema, type ProposalDraft } from '#contracts/coaching.ts';
import type { PersonFacts, ProposedChange } from '#server/ai/conversation.ts';

/** A reply shows at most this many proposal cards. */
export const MAX_PROPOSALS = 5;
const REASON_MAX = 400;

export interface ProposalToStore {
  draft: ProposalDraft;
  reason: string;
  /** The goal it serves, for the coach's record (ADR 030). */
  goalId: string | null;
}

/**
 * The proposals of a coach's reply that may be stored: drafts the contract accepts, whose goal and
 * task are among the person's own (the figures the coach was given), with a reason to show. A
 * model's draft naming anything else is dropped, never stored: it could only have come from a
 * mistake or from words written to mislead the coach.
 */
export function proposalRows(
  proposals: readonly ProposedChange[],
  facts: PersonFacts,
): ProposalToStore[] {
  const goals = new Set(facts.goals.map((goal) => goal.id));
  const tasks = new Map(
    [...facts.topThree, ...facts.missed, ...facts.upcoming].map((task) => [
      task.taskId,
      task.goalId,
    ]),
  );
  const kept: ProposalToStore[] = [];
  for (const proposal of proposals) {
    const parsed = proposalDraftSchema.safeParse(proposal.draft);
    const reason = proposal.reason.trim().slice(0, REASON_MAX);
    if (!parsed.success || !reason) continue;
    const draft = parsed.data;
    if (draft.kind === 'move_task' && !tasks.has(draft.taskId)) continue;
    const goalId = draft.kind === 'move_task' ? (tasks.get(draft.taskId) ?? null) : draft.goalId;
    if (draft.kind !== 'move_task' && goalId !== null && !goals.has(goalId)) continue;
    kept.push({ draft, reason, goalId });
    if (kept.length === MAX_PROPOSALS) break;
  }
  return kept;
}
