import type { InfiniteData } from '@tanstack/react-query';
import type { CoachMessage, MessagePage, Proposal } from '#contracts/coaching.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import type { ChatStreamEvent } from './chat-stream.ts';

// A thread on screen: the pages the server gave (newest page first, each page oldest first), the
// messages a reply's stream added since, and the reply being streamed. Pure functions, so the
// screen's rules (each message once, in order; a stopped reply kept; what Retry answers) are
// tested without a browser.

/** The cached pages of one thread: `pages[0]` is the newest page, later pages are older. */
export type ThreadData = InfiniteData<MessagePage, unknown>;

function byTime(a: CoachMessage, b: CoachMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The thread's messages, oldest first, each once. Pages can overlap (a refetch of the newest page
 * after new messages shifts the window), and a message a stream added may come back in a page:
 * the later copy (the newer page's) wins, since it carries the latest proposal states.
 */
export function threadMessages(data: ThreadData | undefined): CoachMessage[] {
  if (!data) return [];
  const byId = new Map<string, CoachMessage>();
  for (let index = data.pages.length - 1; index >= 0; index -= 1) {
    for (const message of data.pages[index]?.messages ?? []) byId.set(message.id, message);
  }
  return [...byId.values()].sort(byTime);
}

/** The thread with `messages` added to its newest page (a message with the same id replaced). */
export function withMessages(data: ThreadData, messages: readonly CoachMessage[]): ThreadData {
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  const ids = new Set(messages.map((message) => message.id));
  const kept = newest.messages.filter((message) => !ids.has(message.id));
  return {
    ...data,
    pages: [{ ...newest, messages: [...kept, ...messages].sort(byTime) }, ...older],
  };
}

/** The thread with a decided proposal in place of its open copy, wherever it is shown. */
export function withProposal(data: ThreadData, proposal: Proposal): ThreadData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((message) =>
        message.proposals.some((p) => p.id === proposal.id)
          ? {
              ...message,
              proposals: message.proposals.map((p) => (p.id === proposal.id ? proposal : p)),
            }
          : message,
      ),
    })),
  };
}

/**
 * The person's message that Retry answers again: the last message when it is theirs (its reply
 * failed or never came), or the one before a last reply that was stopped or failed. Null when the
 * thread ends with a complete reply.
 */
export function retryableMessage(messages: readonly CoachMessage[]): CoachMessage | null {
  const last = messages.at(-1);
  if (!last) return null;
  if (last.author === 'person') return last;
  if (last.state === 'complete') return null;
  for (let index = messages.length - 2; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.author === 'person') return message;
  }
  return null;
}

/** Whether the thread already holds a coach's answer to the person's message `personId`. */
export function hasReplyTo(messages: readonly CoachMessage[], personId: string): boolean {
  const index = messages.findIndex((message) => message.id === personId);
  return index >= 0 && messages.slice(index + 1).some((message) => message.author === 'coach');
}

// --- the reply being streamed ----------------------------------------------------------------------

interface ReplyParts {
  /** What the person wrote (shown at once, before the server stores it). */
  text: string;
  /** The person's message as stored; null until the stream's `message` event. */
  person: CoachMessage | null;
  engine: CoachEngine | null;
  model: string | null;
  /** The reply's text so far. */
  reply: string;
}

export type ReplyState =
  | { phase: 'idle' }
  | ({ phase: 'streaming' } & ReplyParts)
  | ({ phase: 'stopped' } & ReplyParts)
  | ({ phase: 'failed'; message: string; rateLimited: boolean } & ReplyParts);

export type ReplyAction =
  /** The person sent `text`; `person` is set when it answers a stored message again (Retry). */
  | { type: 'send'; text: string; person: CoachMessage | null }
  | { type: 'event'; event: ChatStreamEvent }
  | { type: 'stop' }
  | { type: 'fail'; message: string; status: number }
  | { type: 'dismiss' };

export const idleReply: ReplyState = { phase: 'idle' };

/**
 * The reply's state after `action`. `done` and `crisis` end it (the stored messages then live in
 * the thread); `error` keeps the person's message and what had arrived, for Retry.
 */
export function replyReducer(state: ReplyState, action: ReplyAction): ReplyState {
  switch (action.type) {
    case 'send':
      return {
        phase: 'streaming',
        text: action.text,
        person: action.person,
        engine: null,
        model: null,
        reply: '',
      };
    case 'dismiss':
      return idleReply;
    case 'stop':
      return state.phase === 'streaming' ? { ...state, phase: 'stopped' } : state;
    case 'fail':
      return state.phase === 'streaming'
        ? { ...state, phase: 'failed', message: action.message, rateLimited: action.status === 429 }
        : state;
    case 'event':
      return state.phase === 'streaming' ? applyEvent(state, action.event) : state;
  }
}

function applyEvent(
  state: Extract<ReplyState, { phase: 'streaming' }>,
  event: ChatStreamEvent,
): ReplyState {
  switch (event.type) {
    case 'message':
      return { ...state, person: event.data };
    case 'start':
      return { ...state, engine: event.data.engine, model: event.data.model };
    case 'delta':
      return { ...state, reply: state.reply + event.data.text };
    case 'done':
    case 'crisis':
      return idleReply;
    case 'error':
      return {
        ...state,
        phase: 'failed',
        message: event.data.message,
        rateLimited: event.data.status === 429,
      };
  }
}

/**
 * The listed copy of the person's message the reply answers. Known by id once the stream said it
 * was stored; after a Stop that came before, the server had stored it all the same (it stores
 * first), so it is the last message of theirs with the same words.
 */
export function storedPerson(
  state: ReplyState,
  messages: readonly CoachMessage[],
): CoachMessage | null {
  if (state.phase === 'idle') return null;
  const person = state.person;
  if (person) return messages.find((message) => message.id === person.id) ?? null;
  // Refused or not yet answered: nothing of theirs is stored for this send.
  if (state.phase !== 'stopped') return null;
  const text = state.text.trim();
  return (
    messages.findLast((message) => message.author === 'person' && message.text === text) ?? null
  );
}

/**
 * Whether the screen still shows the reply from its local state: until the thread holds a stored
 * answer to the same message (after a stop the server keeps the reply as far as it got; once that
 * copy arrives, it is the one shown).
 */
export function showsLocalReply(state: ReplyState, messages: readonly CoachMessage[]): boolean {
  if (state.phase === 'idle') return false;
  // The stored answer can also arrive over the live events before the stream's own `done`.
  const stored = storedPerson(state, messages);
  return !(stored && hasReplyTo(messages, stored.id));
}

/** Whether the person's words must still be shown from local state (not yet listed). */
export function showsLocalPerson(state: ReplyState, messages: readonly CoachMessage[]): boolean {
  return state.phase !== 'idle' && storedPerson(state, messages) === null;
}
