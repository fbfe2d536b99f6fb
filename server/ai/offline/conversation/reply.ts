import { proposalDraftSchema } from '#contracts/coaching.ts';
import type {
  CoachReplyInput,
  CoachReplyResult,
  PersonFacts,
  ProposedChange,
} from '#server/ai/conversation.ts';
import { compose, type Sections } from './compose.ts';
import { type ConversationIntent, readMessage } from './intents.ts';
import { memoryLine } from './lines.ts';
import { withReason } from './proposals.ts';
import { overlap } from './text.ts';
import {
  aside,
  capitalise,
  challengeLine,
  closing,
  empathy,
  opener,
  proposalLimit,
  suggest,
  type Voice,
  voiceOf,
} from './voice.ts';

/**
 * The offline coach's reply to a chat message: the intent is read from the person's words, the
 * answer is composed from their own figures in the coach's tone, traits and length, and the
 * concrete changes it suggests come back as proposals to accept or decline.
 */

function defined<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

/**
 * Only drafts that the contract accepts, dated today or later, leave the engine; the builders
 * already keep to this, and this keeps it true whatever a future builder does.
 */
export function validProposals(facts: PersonFacts, proposals: ProposedChange[]): ProposedChange[] {
  return proposals.filter((proposal) => {
    if (!proposalDraftSchema.safeParse(proposal.draft).success) return false;
    const draft = proposal.draft;
    if (draft.kind === 'add_task') return draft.date >= facts.today;
    if (draft.kind === 'move_task') return draft.to >= facts.today;
    return true;
  });
}

/** The sections as Markdown, as long as the coach's reply length allows. */
export function assemble(
  voice: Voice,
  parts: Sections,
  options: { words?: ReadonlySet<string> } = {},
): { text: string; proposals: ProposedChange[] } {
  const offers = parts.offers.slice(0, proposalLimit(voice));
  const actions = offers.map((offer) => offer.action);
  const ordered = parts.adviceFirst ? [...parts.advice, ...actions] : [...actions, ...parts.advice];
  const suggestions = ordered.map((action, index) => suggest(voice, action, index));
  const proposals = offers.map((offer) => withReason(offer.drafted, offer.reason));
  const blocks: string[] = [];

  if (voice.length === 'short') {
    blocks.push([parts.core[0], suggestions[0]].filter(defined).join(' '));
    return { text: blocks.join('\n\n'), proposals };
  }

  const long = voice.length === 'long';
  const core = long ? parts.core : parts.core.slice(0, 3);
  const feelings = parts.group === 'hard' ? empathy(voice) : null;
  blocks.push([opener(voice, parts.group), feelings, ...core].filter(defined).join(' '));

  const figures = parts.figures.filter((line) => !core.includes(line)).slice(0, long ? 7 : 3);
  if (figures.length > 0) {
    blocks.push(figures.map((line) => `- ${capitalise(line)}`).join('\n'));
  }

  // a memory comes up when it bears on the message; a long reply always recalls one
  const memory =
    parts.memory && (long || (options.words && overlap(options.words, parts.memory) > 0))
      ? memoryLine(voice, parts.memory)
      : null;
  if (memory) blocks.push(memory);

  const advice = [
    ...suggestions.slice(0, long ? 3 : 2),
    challengeLine(voice, parts.group),
    aside(voice, parts.group),
  ].filter(defined);
  if (advice.length > 0) blocks.push(advice.join(' '));
  blocks.push(closing(voice, parts.group));
  return { text: blocks.join('\n\n'), proposals };
}

export function coachReplyOffline(input: CoachReplyInput): CoachReplyResult {
  const { coach, facts, message, history } = input;
  const read = readMessage(message, facts, history);
  const voice = voiceOf(coach, facts, `${message}|${facts.today}|${history.length}`);
  const parts = compose({ voice, facts, read, domain: coach.domain, message }, read.intent);
  const { text, proposals } = assemble(voice, parts, { words: read.words });
  return {
    text,
    proposals: validProposals(facts, proposals),
    intent: read.intent satisfies ConversationIntent,
  };
}
