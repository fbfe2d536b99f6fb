import { tool } from 'ai';
import { z } from 'zod';
import { type ProposalDraft, proposalDraftSchema } from '#contracts/coaching.ts';
import type { PersonFacts, ProposedChange } from './conversation.ts';

/**
 * The changes a model may propose, checked as strictly as the offline engine's own: the
 * contract's schema, then the person's rows (a task id from their missed, top-three or upcoming
 * tasks; a goal id of theirs or none) and dates today or later. A move keeps the task's real title
 * and date from the facts, whatever the model wrote. Every problem is a sentence a model can act on
 * in its one repair.
 */

const reasonSchema = z.string().trim().min(1).max(400);
const [addTaskDraft, moveTaskDraft, experimentDraft] = proposalDraftSchema.options;

/** One proposal as the structured answers (a repair, a team consultation) carry it. */
export const proposedChangeSchema = z.object({ draft: proposalDraftSchema, reason: reasonSchema });

/**
 * The proposal tools of a streamed reply, one per kind: flat objects (no union at the root) are
 * what every provider's tool calling handles best. They have no `execute`: a call is a proposal
 * the person accepts or declines, never an action.
 */
export const proposalTools = {
  propose_add_task: tool({
    description:
      'Propose a new task (10 to 15 minutes for a first step); the person accepts it or not.',
    inputSchema: addTaskDraft.omit({ kind: true }).extend({ reason: reasonSchema }),
  }),
  propose_move_task: tool({
    description: 'Propose moving one of the person’s open tasks to another day.',
    inputSchema: moveTaskDraft.omit({ kind: true }).extend({ reason: reasonSchema }),
  }),
  propose_experiment: tool({
    description: 'Propose a habit experiment of 7 to 28 days for something that keeps slipping.',
    inputSchema: experimentDraft.omit({ kind: true }).extend({ reason: reasonSchema }),
  }),
};

const KINDS: Record<string, ProposalDraft['kind']> = {
  propose_add_task: 'add_task',
  propose_move_task: 'move_task',
  propose_experiment: 'experiment',
};

/** A tool call as the proposal it stands for (or null for a tool we never offered). */
export function proposalFromToolCall(
  toolName: string,
  input: unknown,
): { draft: unknown; reason: unknown } | null {
  const kind = KINDS[toolName];
  if (!kind) return null;
  const fields: Record<string, unknown> =
    typeof input === 'object' && input !== null ? { ...(input as Record<string, unknown>) } : {};
  const { reason, ...draft } = fields;
  return { draft: { ...draft, kind }, reason };
}

export type CheckedProposal = { ok: ProposedChange } | { problem: string; raw: unknown };

/** A proposal checked against the contract and the person's own rows. */
export function checkProposal(
  facts: PersonFacts,
  candidate: { draft: unknown; reason: unknown },
  label: string,
): CheckedProposal {
  const parsed = proposedChangeSchema.safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    return { problem: `${label}: ${issues}`, raw: candidate };
  }
  const { draft, reason } = parsed.data;
  const problems: string[] = [];
  const goalKnown = (id: string | null) =>
    id === null || facts.goals.some((goal) => goal.id === id);
  let change: ProposedChange = { draft, reason };
  switch (draft.kind) {
    case 'add_task':
      if (!goalKnown(draft.goalId))
        problems.push(`goalId ${draft.goalId} is not one of the person's goals`);
      if (draft.date < facts.today)
        problems.push(`date ${draft.date} is before today (${facts.today})`);
      break;
    case 'move_task': {
      const task = taskOf(facts, draft.taskId);
      if (!task) problems.push(`taskId ${draft.taskId} is not one of the person's open tasks`);
      if (draft.to < facts.today) problems.push(`to ${draft.to} is before today (${facts.today})`);
      if (task && draft.to === task.date) problems.push(`the task is already on ${draft.to}`);
      if (task) change = { draft: { ...draft, title: task.title, from: task.date }, reason };
      break;
    }
    case 'experiment':
      if (!goalKnown(draft.goalId))
        problems.push(`goalId ${draft.goalId} is not one of the person's goals`);
      break;
  }
  return problems.length === 0
    ? { ok: change }
    : { problem: `${label}: ${problems.join('; ')}`, raw: candidate };
}

function taskOf(facts: PersonFacts, taskId: string): { title: string; date: string } | null {
  const missed = facts.missed.find((task) => task.taskId === taskId);
  if (missed) return { title: missed.title, date: missed.scheduledDate };
  const upcoming = facts.upcoming.find((task) => task.taskId === taskId);
  if (upcoming) return { title: upcoming.title, date: upcoming.scheduledDate };
  const top = facts.topThree.find((task) => task.taskId === taskId && task.status === 'open');
  return top ? { title: top.title, date: facts.today } : null;
}
