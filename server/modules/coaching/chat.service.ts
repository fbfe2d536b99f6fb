import { randomUUID } from 'node:crypto';
import {
  MESSAGE_PAGE_SIZE,
  type CoachMessage,
  type MessagePage,
  type SendMessage,
} from '#contracts/coaching.ts';
import type { CrisisCategory, CrisisResult } from '#contracts/coach.ts';
import { OFFLINE_MODEL, SAFETY_MODEL } from '#server/ai/gateway.ts';
import { crisisResult, detectCrisis } from '#server/ai/safety.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { decodeCursor, encodeCursor } from '#server/http/page-cursor.ts';
import type { RateLimiter, RateRule } from '#server/lib/rate-limiter.ts';
import { markCoachMessagesRead } from '#server/modules/notifications/notifications.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import { announce, createChatReplies, type ChatEmit, type ChatRepliesDeps } from './chat-reply.ts';

import { coachNotFound, crisisText, sharingEnded, toMessage, toUserCoach } from './chat-views.ts';
import * as repo from './chat.repo.ts';
import { tellHumanCoach } from './human-coaches.service.ts';
import { findOwnCoach, type UserCoachRow } from './team.repo.ts';

/**
 * How often one person, and one address, may write to coaches: well above a person typing, well
 * below a script. The AI limits (requests and tokens) apply besides, to what reaches an engine.
 */
export const CHAT_RATE_RULES: { person: RateRule; ip: RateRule } = {
  person: {
    name: 'person',
    limit: 20,
    windowSeconds: 60,
    message: 'You are writing faster than your coach can answer. Wait a minute, then send again.',
  },
  ip: {
    name: 'ip',
    limit: 60,
    windowSeconds: 60,
    message: 'Too many messages from this network. Wait a minute, then send again.',
  },
};

export interface ChatServiceDeps extends ChatRepliesDeps {
  /** The person's zone (the crisis response names help for its region). */
  profile: Pick<ProfileService, 'day'>;
  /** Counts each message against CHAT_RATE_RULES (namespaced for the chat). */
  limiter: RateLimiter;
  /** The per-person AI limits (requests a minute, tokens a day): a 429 AppError when over. */
  limits?: { assertWithinLimits(userId: string): Promise<void> };
  /** The crisis guard over the person's fresh words (server/ai/safety.ts's by default). */
  checkWords?: (texts: readonly string[]) => CrisisCategory | null;
}

/** The person's turn, stored: `reply` streams the coach's answer to it. */
export interface ChatTurn {
  message: CoachMessage;
  /** Never throws: a failure becomes an `error` event, a stop (the signal) a `stopped` reply. */
  reply(emit: ChatEmit, signal: AbortSignal): Promise<void>;
}

/**
 * The conversation with an own coach (ADR 034): a paged thread, and a turn that stores the
 * person's words before any engine runs (a model error never loses them), then streams the coach's
 * reply through the gateway (crisis guard first, then the engine) and stores it with its
 * proposals. Every coach message stored is announced live (`coach.message`).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { db, clock } = deps;
  const checkWords = deps.checkWords ?? ((texts) => detectCrisis(texts));

  async function ownCoach(tx: Db, userId: string, coachId: string): Promise<UserCoachRow> {
    const coach = await findOwnCoach(tx, userId, coachId);
    if (!coach) throw coachNotFound();
    return coach;
  }

  const replies = createChatReplies(deps);

  return {
    /** A page of the thread, oldest first within it; `before` is a previous page's olderCursor. */
    async page(
      userId: string,
      coachId: string,
      query: { before?: string | undefined; limit?: number | undefined },
    ): Promise<MessagePage> {
      const before = query.before ? cursorOf(query.before) : null;
      const limit = query.limit ?? MESSAGE_PAGE_SIZE;
      // One statement: the coach, its thread's figures, the page and its proposals.
      const read = await repo.readPage(db, userId, coachId, before, limit + 1);
      if (!read) throw coachNotFound();
      const page = read.messages.slice(0, limit).reverse();
      const oldest = page[0];
      return {
        coach: toUserCoach(read.coach, read),
        messages: page.map((row) =>
          toMessage(
            row,
            coachId,
            read.proposals.filter((p) => p.messageId === row.id),
          ),
        ),
        olderCursor:
          read.messages.length > limit && oldest
            ? encodeCursor({ at: oldest.createdAt, id: oldest.id })
            : null,
      };
    },

    /** Marks the thread read, and that coach's `coach_message` notifications. */
    async markRead(userId: string, coachId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await ownCoach(tx, userId, coachId);
        await repo.markThreadRead(tx, userId, coachId, clock());
        await markCoachMessagesRead(tx, userId, coachId);
      });
    },

    /**
     * The person's turn: counts it against the rate limits (429), checks the coach and a retried
     * message (404) and the AI limits (429; never for crisis language), then stores the message.
     * `reply` streams the answer: the gateway's guard reads the words before any engine, and a
     * crisis gets the help response instead. `retryOf` answers an earlier message of the person's
     * again, storing nothing new of theirs.
     */
    async send(
      userId: string,
      coachId: string,
      body: SendMessage,
      origin: { ip: string },
    ): Promise<ChatTurn> {
      await deps.limiter.hit(`user:${userId}`, CHAT_RATE_RULES.person);
      await deps.limiter.hit(`ip:${origin.ip}`, CHAT_RATE_RULES.ip);
      const coach = await ownCoach(db, userId, coachId);
      if (coach.coachUserId) return humanTurn(userId, coach, coach.coachUserId, body);
      const retried = body.retryOf ? await retriedMessage(userId, coachId, body.retryOf) : null;
      const text = retried?.body ?? body.text;
      const category = await withinLimits(userId, text);
      const question = retried ?? (await storeQuestion(userId, coach, text));
      const message = toMessage(question, coach.id);
      if (category) {
        const crisis = crisisResult(category, (await deps.profile.day(userId)).timeZone);
        const stored = await storeCrisis(userId, coach, crisis);
        return {
          message,
          async reply(emit) {
            emit('message', message);
            emit('crisis', stored);
          },
        };
      }
      return {
        message,
        async reply(emit, signal) {
          emit('message', message);
          await replies.answer(userId, coach, question, emit, signal);
        },
      };
    },

    /**
     * A coach writing first (the proactive check-ins' pass), inside the pass's transaction: the
     * message joins the coach's thread as a check-in, unread, and open pages hear of it on commit.
     */
    async postCheckIn(
      tx: Db,
      message: { userId: string; coachId: string; text: string; at: Date },
    ): Promise<{ messageId: string }> {
      const row = await repo.appendToThread(tx, {
        id: randomUUID(),
        userId: message.userId,
        coachId: message.coachId,
        author: 'coach',
        kind: 'checkin',
        state: 'complete',
        body: message.text,
        engine: 'offline',
        model: OFFLINE_MODEL,
        at: message.at,
        seen: false,
      });
      await announce(tx, message.userId, toMessage(row, message.coachId));
      return { messageId: row.id };
    },
  };

  /**
   * A turn with a human coach (ADR 035): no engine runs. The crisis guard reads the words first (a
   * crisis gets the help response, as with an AI coach); otherwise the stream ends with `done`
   * carrying the person's stored message, and the coach's open pages hear of it.
   */
  async function humanTurn(
    userId: string,
    coach: UserCoachRow,
    coachUserId: string,
    body: SendMessage,
  ): Promise<ChatTurn> {
    if (coach.endedAt) throw sharingEnded();
    const retried = body.retryOf ? await retriedMessage(userId, coach.id, body.retryOf) : null;
    const category = checkWords([retried?.body ?? body.text]);
    const question =
      retried ??
      (await db.transaction(async (tx) => {
        const row = await storeQuestion(userId, coach, body.text, tx);
        await tellHumanCoach(tx, coachUserId, {
          type: 'coach-area.client',
          data: { clientId: userId, change: 'message' },
        });
        return row;
      }));
    const message = toMessage(question, coach.id);
    const crisis = category
      ? await storeCrisis(
          userId,
          coach,
          crisisResult(category, (await deps.profile.day(userId)).timeZone),
        )
      : null;
    return {
      message,
      async reply(emit) {
        emit('message', message);
        if (crisis) emit('crisis', crisis);
        else emit('done', message);
      },
    };
  }

  /**
   * The person's AI limits, checked before their message is stored (a 429 keeps nothing). Help is
   * never limited: over them, the crisis guard reads the words, and crisis language goes on to the
   * help response (its category is returned). Within them, the gateway's guard reads the words
   * first, before any engine, so they are read once.
   */
  async function withinLimits(userId: string, text: string): Promise<CrisisCategory | null> {
    try {
      await deps.limits?.assertWithinLimits(userId);
      return null;
    } catch (error: unknown) {
      const category = checkWords([text]);
      if (!category) throw error;
      return category;
    }
  }

  async function retriedMessage(userId: string, coachId: string, id: string) {
    // The thread's id is its own coach's.
    const row = await repo.findPersonMessage(db, userId, coachId, id);
    if (!row) {
      throw new AppError('not_found', 'You have no message with this id in this conversation.');
    }
    return row;
  }

  /** The person's message, in one statement (its thread is created with the first). */
  function storeQuestion(userId: string, coach: UserCoachRow, text: string, tx: Db = db) {
    return repo.appendToThread(tx, {
      id: randomUUID(),
      userId,
      coachId: coach.id,
      author: 'person',
      kind: 'chat',
      state: 'complete',
      body: text,
      at: clock(),
      seen: true,
    });
  }

  /** The guard's answer, stored as the coach's turn before any engine or limit. */
  function storeCrisis(userId: string, coach: UserCoachRow, crisis: CrisisResult) {
    return replies.storeReply(userId, coach, null, {
      kind: 'crisis',
      state: 'complete',
      text: crisisText(crisis),
      meta: { engine: 'offline', model: SAFETY_MODEL },
    });
  }
}

/** A `before` cursor, or a 400 naming what to send. */
function cursorOf(before: string) {
  try {
    return decodeCursor(before);
  } catch {
    const message = 'must be the olderCursor of a previous page';
    throw new AppError('invalid_input', `querystring.before: ${message}`, {
      details: [{ path: 'querystring.before', message }],
    });
  }
}

export type ChatService = ReturnType<typeof createChatService>;
