import { describe, expect, it } from 'vitest';
import type { CoachMessage, MessagePage, Proposal, UserCoach } from '#contracts/coaching.ts';
import {
  hasReplyTo,
  idleReply,
  replyReducer,
  retryableMessage,
  showsLocalPerson,
  showsLocalReply,
  storedPerson,
  threadMessages,
  withMessages,
  withProposal,
  type ReplyState,
  type ThreadData,
} from './chat-state.ts';

const COACH = '00000000-0000-4000-8000-0000000000c1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function message(n: number, author: 'person' | 'coach', extra: Partial<CoachMessage> = {}) {
  return {
    id: id(n),
    coachId: COACH,
    author,
    kind: 'chat',
    state: 'complete',
    text: `message ${n}`,
    engine: author === 'coach' ? 'offline' : null,
    model: author === 'coach' ? 'offline-coach' : null,
    notice: null,
    proposals: [],
    createdAt: `2025-03-01T09:00:${String(n).padStart(2, '0')}.000Z`,
    ...extra,
  } satisfies CoachMessage;
}

const coach = { id: COACH } as UserCoach;

function thread(...pages: CoachMessage[][]): ThreadData {
  return {
    pages: pages.map((messages): MessagePage => ({ coach, messages, olderCursor: null })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
  };
}

const proposal: Proposal = {
  id: id(900),
  coachId: COACH,
  draft: {
    kind: 'add_task',
    title: 'Walk 20 minutes',
    goalId: null,
    date: '2025-03-02',
    minutes: 20,
  },
  reason: 'A short walk keeps the streak.',
  state: 'open',
  decidedAt: null,
  taskId: null,
  experimentId: null,
};

describe('threadMessages', () => {
  it('lists the pages oldest first, each message once, the newer page’s copy winning', () => {
    const older = [message(1, 'person'), message(2, 'coach'), message(3, 'person')];
    const newest = [
      message(3, 'person'),
      message(4, 'coach', { proposals: [{ ...proposal, state: 'accepted' }] }),
    ];
    const stale = { ...message(4, 'coach'), proposals: [proposal] };
    const listed = threadMessages(thread(newest, [...older, stale]));
    expect(listed.map((m) => m.id)).toEqual([id(1), id(2), id(3), id(4)]);
    expect(listed[3]?.proposals[0]?.state).toBe('accepted');
    expect(threadMessages(undefined)).toEqual([]);
  });

  it('orders messages with the same time by id', () => {
    const at = '2025-03-01T09:00:00.000Z';
    const listed = threadMessages(
      thread([message(8, 'coach', { createdAt: at }), message(7, 'person', { createdAt: at })]),
    );
    expect(listed.map((m) => m.id)).toEqual([id(7), id(8)]);
  });
});

describe('withMessages and withProposal', () => {
  it('adds streamed messages to the newest page, replacing a copy with the same id', () => {
    const data = thread([message(1, 'person')], [message(0, 'coach')]);
    const next = withMessages(data, [
      message(1, 'person', { text: 'edited' }),
      message(2, 'coach'),
    ]);
    expect(next.pages[0]?.messages.map((m) => m.text)).toEqual(['edited', 'message 2']);
    expect(next.pages[1]).toBe(data.pages[1]);
    expect(threadMessages(next).map((m) => m.id)).toEqual([id(0), id(1), id(2)]);
  });

  it('puts a decided proposal in place wherever the thread shows it', () => {
    const data = thread([message(5, 'coach', { proposals: [proposal] })], [message(1, 'person')]);
    const decided = { ...proposal, state: 'declined' as const, decidedAt: '2025-03-01T10:00:00Z' };
    const next = withProposal(data, decided);
    expect(next.pages[0]?.messages[0]?.proposals).toEqual([decided]);
    expect(next.pages[1]?.messages[0]).toBe(data.pages[1]?.messages[0]);
  });
});

describe('retryableMessage and hasReplyTo', () => {
  it('is the last message when it is the person’s', () => {
    expect(retryableMessage([message(1, 'person')])?.id).toBe(id(1));
  });

  it('is the person’s message before a stopped or failed reply, none after a complete one', () => {
    const asked = [message(1, 'person'), message(2, 'coach', { state: 'stopped' })];
    expect(retryableMessage(asked)?.id).toBe(id(1));
    expect(
      retryableMessage([message(1, 'person'), message(2, 'coach', { state: 'failed' })])?.id,
    ).toBe(id(1));
    expect(retryableMessage([message(1, 'person'), message(2, 'coach')])).toBeNull();
    expect(retryableMessage([])).toBeNull();
  });

  it('a check-in the coach wrote first has nothing to retry', () => {
    expect(
      retryableMessage([message(1, 'coach', { kind: 'checkin', state: 'failed' })]),
    ).toBeNull();
  });

  it('knows whether a message has an answer after it', () => {
    const messages = [message(1, 'person'), message(2, 'coach'), message(3, 'person')];
    expect(hasReplyTo(messages, id(1))).toBe(true);
    expect(hasReplyTo(messages, id(3))).toBe(false);
    expect(hasReplyTo(messages, id(99))).toBe(false);
  });
});

describe('replyReducer', () => {
  const person = message(10, 'person', { text: 'I skipped my run' });
  const run = (actions: Parameters<typeof replyReducer>[1][], from: ReplyState = idleReply) =>
    actions.reduce(replyReducer, from);

  it('accumulates the streamed reply token by token, and ends on done', () => {
    const streaming = run([
      { type: 'send', text: 'I skipped my run', person: null },
      { type: 'event', event: { type: 'message', data: person } },
      { type: 'event', event: { type: 'start', data: { engine: 'openai', model: 'gpt-4o-mini' } } },
      { type: 'event', event: { type: 'delta', data: { text: 'That ' } } },
      { type: 'event', event: { type: 'delta', data: { text: 'happens.' } } },
    ]);
    expect(streaming).toMatchObject({
      phase: 'streaming',
      person,
      engine: 'openai',
      model: 'gpt-4o-mini',
      reply: 'That happens.',
    });
    expect(
      run([{ type: 'event', event: { type: 'done', data: message(11, 'coach') } }], streaming),
    ).toBe(idleReply);
    expect(
      run(
        [
          {
            type: 'event',
            event: { type: 'crisis', data: message(11, 'coach', { kind: 'crisis' }) },
          },
        ],
        streaming,
      ),
    ).toBe(idleReply);
  });

  it('keeps what arrived when the person stops, and ignores events after', () => {
    const stopped = run([
      { type: 'send', text: 'hi', person: null },
      { type: 'event', event: { type: 'delta', data: { text: 'Half a' } } },
      { type: 'stop' },
      { type: 'event', event: { type: 'delta', data: { text: ' sentence' } } },
    ]);
    expect(stopped).toMatchObject({ phase: 'stopped', reply: 'Half a' });
  });

  it('fails with the server’s message, knowing a rate limit from its status', () => {
    const streamed = run([
      { type: 'send', text: 'hi', person: null },
      { type: 'event', event: { type: 'message', data: person } },
      {
        type: 'event',
        event: { type: 'error', data: { message: 'The model failed.', status: 502 } },
      },
    ]);
    expect(streamed).toMatchObject({
      phase: 'failed',
      message: 'The model failed.',
      rateLimited: false,
      person,
    });
    const refused = run([
      { type: 'send', text: 'hi', person: null },
      { type: 'fail', message: 'Slow down a little.', status: 429 },
    ]);
    expect(refused).toMatchObject({ phase: 'failed', rateLimited: true, person: null, text: 'hi' });
    expect(run([{ type: 'dismiss' }], refused)).toBe(idleReply);
    expect(run([{ type: 'stop' }, { type: 'fail', message: 'x', status: 500 }])).toBe(idleReply);
  });

  it('a retry answers the stored message again', () => {
    expect(run([{ type: 'send', text: person.text, person }])).toMatchObject({
      phase: 'streaming',
      person,
      reply: '',
    });
  });
});

describe('what the screen shows from local state', () => {
  const person = message(10, 'person');
  const streaming: ReplyState = {
    phase: 'streaming',
    text: 'hi',
    person: null,
    engine: null,
    model: null,
    reply: '',
  };

  it('shows the person’s words until the thread lists their stored message', () => {
    expect(showsLocalPerson(streaming, [])).toBe(true);
    expect(showsLocalPerson({ ...streaming, person }, [])).toBe(true);
    expect(showsLocalPerson({ ...streaming, person }, [person])).toBe(false);
    expect(showsLocalPerson(idleReply, [])).toBe(false);
  });

  it('after a Stop before the server said so, finds the stored message by its words', () => {
    const stopped: ReplyState = { ...streaming, phase: 'stopped', text: 'Plan my week ' };
    const listed = message(10, 'person', { text: 'Plan my week' });
    expect(storedPerson(stopped, [message(1, 'person'), listed])).toBe(listed);
    expect(showsLocalPerson(stopped, [listed])).toBe(false);
    expect(showsLocalPerson(stopped, [])).toBe(true);
    expect(showsLocalReply(stopped, [listed])).toBe(true);
    expect(showsLocalReply(stopped, [listed, message(11, 'coach', { state: 'stopped' })])).toBe(
      false,
    );
    // A refused message was never stored: an older one with the same words is not it.
    const refused: ReplyState = { ...stopped, phase: 'failed', message: 'x', rateLimited: true };
    expect(storedPerson(refused, [listed])).toBeNull();
    expect(storedPerson(streaming, [listed])).toBeNull();
  });

  it('shows a stopped reply until the thread holds the stored answer', () => {
    const stopped: ReplyState = { ...streaming, phase: 'stopped', person, reply: 'Half' };
    expect(showsLocalReply(stopped, [person])).toBe(true);
    expect(showsLocalReply(stopped, [person, message(11, 'coach', { state: 'stopped' })])).toBe(
      false,
    );
    expect(showsLocalReply(streaming, [person, message(11, 'coach')])).toBe(true);
    // The stored reply came over the live events before the stream's own `done`.
    expect(showsLocalReply({ ...streaming, person }, [person, message(11, 'coach')])).toBe(false);
    expect(showsLocalReply(idleReply, [])).toBe(false);
  });
});
