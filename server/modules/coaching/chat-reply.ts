import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { chatStreamEvents, ChatStreamEventName, CoachMessage } from '#contracts/coaching.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import type {
  AnswerMeta,
  CoachReplyResult,
  ConversationAi,
  ConversationTurn,
  PersonFacts,
} from '#server/ai/conversation.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { eventNotification } from '#server/events/event-bus.ts';
import { proposalRows } from './chat-proposal-drafts.ts';
import { crisisText, toMessage } from './chat-views.ts';
import * as repo from './chat.repo.ts';
import type { PersonFactsReader } from './person-facts.ts';
import type { SuggestionsService } from './suggestions.service.ts';
import { personaOf, type UserCoachRow } from './team.repo.ts';

/** The turns of the thread a coach reads before answering (the AI interface takes at most 12). */
const HISTORY_TURNS = 12;

/** Writes one event of a reply's stream (contracts/coaching.ts's `chatStreamEvents`). */
export type ChatEmit = <K extends ChatStreamEventName>(
  name: K,
  data: z.infer<(typeof chatStreamEvents)[K]>,
) => void;

/** The coach's side of a turn as it is stored, whichever way it ended. */
export interface StoredReply {
  kind: 'chat' | 'crisis';
  state: 'complete' | 'stopped' | 'failed';
  text: string;
  meta: AnswerMeta;
  intent?: string | null;
  proposals?: CoachReplyResult['proposals'];
}

export interface ChatRepliesDeps {
  db: Db;
  clock: () => Date;
  ai: Pick<ConversationAi, 'coachReply'>;
  facts: PersonFactsReader;
  suggestions: Pick<SuggestionsService, 'record'>;
  log: { error(details: object, message: string): void };
}

/** Announces a coach's message to the person's open pages when `tx` commits. */
export async function announce(tx: Db, userId: string, message: CoachMessage): Promise<void> {
  await repo.notifyInTransaction(
    tx,
    eventNotification(userId, { type: 'coach.message', data: message }),
  );
}

/**
 * The coach's side of a chat turn (ADR 034): reads the person's figures and the thread's last
 * turns, streams the engine's reply as `start` and `delta` events, and stores it with its
 * proposals (each recorded for the coach's effectiveness, ADR 030), announced live. A crisis the
 * engine flags is stored as the help response; a stop keeps the reply so far as `stopped`, a
 * failure as `failed`, and the person's message stays either way.
 */
export function createChatReplies(deps: ChatRepliesDeps) {
  const { db, clock } = deps;

  /**
   * Stores a reply's proposals that fit the person's own figures, each with the coach's record of
   * it (ADR 030: the denominator of the acceptance rate), tied to the reply's message.
   */
  async function storeProposals(
    tx: Db,
    userId: string,
    coach: UserCoachRow,
    message: repo.MessageRow,
    made: { facts: PersonFacts; proposals: CoachReplyResult['proposals']; engine: CoachEngine },
  ): Promise<repo.ProposalRow[]> {
    const rows: repo.NewProposalRow[] = [];
    for (const proposal of proposalRows(made.proposals, made.facts)) {
      const suggestionId = await deps.suggestions.record(
        userId,
        {
          kind: 'chat_proposal',
          coach: coach.domain,
          engine: made.engine,
          localDate: made.facts.today,
          goalId: proposal.goalId,
        },
        tx,
      );
      rows.push({
        id: randomUUID(),
        userId,
        userCoachId: coach.id,
        messageId: message.id,
        draft: proposal.draft,
        reason: proposal.reason,
        state: 'open',
        suggestionId,
        createdAt: message.createdAt,
      });
    }
    return repo.insertProposals(tx, rows);
  }

  /** Stores the coach's side of a turn (and its proposals) in one transaction. */
  async function storeReply(
    userId: string,
    coach: UserCoachRow,
    facts: PersonFacts | null,
    reply: StoredReply,
  ): Promise<CoachMessage> {
    return db.transaction(async (tx) => {
      const row = await repo.appendToThread(tx, {
        id: randomUUID(),
        userId,
        coachId: coach.id,
        author: 'coach',
        kind: reply.kind,
        state: reply.state,
        body: reply.text,
        engine: reply.meta.engine,
        model: reply.meta.model,
        notice: reply.meta.notice ?? null,
        intent: reply.intent ?? null,
        at: clock(),
        // The person watched it arrive.
        seen: true,
      });
      const proposals =
        facts && reply.proposals
          ? await storeProposals(tx, userId, coach, row, {
              facts,
              proposals: reply.proposals,
              engine: reply.meta.engine,
            })
          : [];
      const message = toMessage(row, coach.id, proposals);
      await announce(tx, userId, message);
      return message;
    });
  }

  /** The last turns before `before`, oldest first; a crisis and the words it answered stay out. */
  async function historyBefore(
    userId: string,
    threadId: string,
    before: repo.MessageRow,
  ): Promise<ConversationTurn[]> {
    const rows = (
      await repo.pageMessages(
        db,
        userId,
        threadId,
        { at: before.createdAt, id: before.id },
        HISTORY_TURNS * 2,
      )
    ).reverse();
    const turns: ConversationTurn[] = [];
    for (const row of rows) {
      if (row.kind === 'crisis') {
        if (turns.at(-1)?.author === 'person') turns.pop();
        continue;
      }
      if (row.state === 'failed' || !row.body.trim()) continue;
      turns.push({ author: row.author, text: row.body });
    }
    return turns.slice(-HISTORY_TURNS);
  }

  /** Streams the coach's answer to `question` and stores it, whichever way it ends. */
  async function answer(
    userId: string,
    coach: UserCoachRow,
    question: repo.MessageRow,
    emit: ChatEmit,
    signal: AbortSignal,
  ): Promise<void> {
    let facts: PersonFacts | null = null;
    let written = '';
    let meta: AnswerMeta | null = null;
    try {
      facts = await deps.facts(db, userId, coach.id);
      const history = await historyBefore(userId, question.threadId, question);
      const streamed = await deps.ai.coachReply(
        { coach: personaOf(coach), facts, message: question.body, history },
        { userId, signal },
      );
      if (streamed.crisis) {
        const text = crisisText(streamed.crisis);
        emit(
          'crisis',
          await storeReply(userId, coach, facts, {
            kind: 'crisis',
            state: 'complete',
            text,
            meta: streamed,
          }),
        );
        return;
      }
      meta = streamed;
      // Read below only once the text is through; a stopped reply never settles it.
      streamed.result.catch(() => undefined);
      emit('start', { engine: streamed.engine, model: streamed.model });
      for await (const chunk of streamed.text) {
        if (signal.aborted) break;
        written += chunk;
        emit('delta', { text: chunk });
      }
      if (signal.aborted) {
        if (written)
          await storeReply(userId, coach, facts, {
            kind: 'chat',
            state: 'stopped',
            text: written,
            meta,
          });
        return;
      }
      const result = await streamed.result;
      const stored = await storeReply(userId, coach, facts, {
        kind: 'chat',
        state: 'complete',
        text: result.text,
        meta: result,
        intent: result.intent,
        proposals: result.proposals,
      });
      emit('done', stored);
    } catch (error: unknown) {
      await failed(userId, coach, { facts, written, meta, signal }, error, emit);
    }
  }

  /** A turn that broke off: keeps what was written (stopped or failed) and says so. */
  async function failed(
    userId: string,
    coach: UserCoachRow,
    state: {
      facts: PersonFacts | null;
      written: string;
      meta: AnswerMeta | null;
      signal: AbortSignal;
    },
    error: unknown,
    emit: ChatEmit,
  ): Promise<void> {
    const stopped = state.signal.aborted;
    try {
      if (state.written && state.meta) {
        await storeReply(userId, coach, state.facts, {
          kind: 'chat',
          state: stopped ? 'stopped' : 'failed',
          text: state.written,
          meta: state.meta,
        });
      }
    } catch (storing: unknown) {
      deps.log.error({ err: storing, userId }, 'could not keep a broken-off coach reply');
    }
    if (stopped) return;
    if (error instanceof AppError && error.statusCode < 500) {
      emit('error', { message: error.message, status: error.statusCode });
      return;
    }
    deps.log.error({ err: error, userId }, 'coach reply failed');
    emit('error', {
      message: 'Your coach could not answer just now. Your message is saved: try again.',
      status: 502,
    });
  }

  return { answer, storeReply };
}
