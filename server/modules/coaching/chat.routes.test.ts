import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  chatStreamEvents,
  coachMessageSchema,
  messagePageSchema,
  proposalResultSchema,
  type CoachMessage,
  type ProposalDraft,
} from '#contracts/coaching.ts';
import { notificationListSchema } from '#contracts/notifications.ts';
import type { ServerEvent } from '#contracts/events.ts';
import { taskListSchema, taskSchema } from '#contracts/tasks.ts';
import type { CoachReplyInput, ConversationAi } from '#server/ai/conversation.ts';
import { createConversationGateway } from '#server/ai/conversation-gateway.ts';
import {
  replyParts,
  scriptedModel,
  settingsFor,
  type GenerateStep,
  type StreamStep,
} from '#server/ai/conversation-test-models.ts';
import { OFFLINE_MODEL, resolveEngineModel, SAFETY_MODEL } from '#server/ai/model-calls.ts';
import { queryRows } from '#server/db/client.ts';
import {
  createGoal,
  expectError,
  startPlanningApp,
  type PlanningTestApp,
} from '#server/modules/goals/test-support.ts';
import { sseReader, type SseMessage } from '#server/test/sse-reader.ts';
import type { TestUser } from '#server/test/users.ts';
import { AppError } from '#server/errors.ts';
import { createRateLimiter } from '#server/lib/rate-limiter.ts';
import { createChatService } from './chat.service.ts';

// The chat with an own coach (ADR 034) through the whole app: the person's message is stored
// before any engine runs, the reply streams as server-sent events over the POST and is stored with
// its proposals, a crisis gets the help response instead, an error or a stop keeps what there is,
// and accepting a proposal writes through the tasks and experiments services. Another person's
// coach, message or proposal is a 404 on every route.

const START = '2025-03-03T09:00:00.000Z'; // a Monday

/**
 * The conversation's gateway as the app gets it, with the world outside in the test's hands: the
 * offline engine, or the AI SDK's mock model answering from a script. With `overLimits`, the
 * gateway's own check of the person's AI limits refuses the call, as when another tab spent the
 * last request of the minute after the chat's check. `calls` keeps what reached the gateway, so a
 * test sees the person's figures as the coach got them.
 */
function conversationWorld(clock: { now: () => Date }) {
  const world = {
    calls: [] as CoachReplyInput[],
    overLimits: false,
    gateway: null as unknown as ConversationAi,
    /** The offline engine answers (the default). */
    offline() {
      world.gateway = createConversationGateway({
        settings: { engine: 'offline', timeoutMs: 20_000 },
        clock,
        recordCall: () => undefined,
        assertWithinLimits,
      });
    },
    /** A model answers each reply with the next of `streams` (a repair with `generates`). */
    model(streams: StreamStep[], generates: GenerateStep[] = []) {
      const model = scriptedModel({ streams, generates });
      world.gateway = createConversationGateway({
        settings: settingsFor('openai'),
        clock,
        recordCall: () => undefined,
        assertWithinLimits,
        resolveModel: (settings) => ({ ...resolveEngineModel(settings), model }),
      });
    },
  };
  async function assertWithinLimits() {
    if (world.overLimits) {
      throw new AppError('rate_limited', 'That is a lot of coaching in one minute. Please wait.', {
        retryAfterSeconds: 30,
      });
    }
  }
  world.offline();
  const ai: ConversationAi = {
    coachReply(input, context) {
      world.calls.push(input);
      return world.gateway.coachReply(input, context);
    },
    reflect: (input, context) => world.gateway.reflect(input, context),
    teamConsult: (input, context) => world.gateway.teamConsult(input, context),
    preview: (input) => world.gateway.preview(input),
    checkIn: (input) => world.gateway.checkIn(input),
  };
  return { ai, world };
}

/** The events of a whole streamed answer, as the client reads them. */
function eventsOf(body: string): SseMessage[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}

describe('the chat with an own coach', () => {
  let harness: PlanningTestApp;
  let url: string;
  let world: ReturnType<typeof conversationWorld>['world'];
  let alice: TestUser;
  let bob: TestUser;
  let aliceCoach: string;
  let aliceOther: string;
  let bobCoach: string;

  /** Puts the domain's AI coach on the person's team and answers its own coach id. */
  const addCoach = async (user: TestUser, domain: string) => {
    const added = await harness.call(user, 'POST', '/api/coach/team', {
      domain,
      tone: 'direct',
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const [row] = await queryRows<{ id: string }>(
      harness.database.db,
      sql`select id from user_coaches where user_id = ${user.id}::uuid and domain = ${domain}`,
    );
    if (!row) throw new Error('no own coach');
    return row.id;
  };
  const send = (user: TestUser, coachId: string, body: Record<string, unknown>) =>
    harness.call(user, 'POST', `/api/coach/coaches/${coachId}/messages`, body);
  const page = async (user: TestUser, coachId: string, query = '') => {
    const response = await harness.call(
      user,
      'GET',
      `/api/coach/coaches/${coachId}/messages${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    // The route skips the zod response check (server/http/trusted-json.ts): the body must be
    // exactly what the schema describes, no field more.
    const body: unknown = response.json();
    const parsedPage = messagePageSchema.parse(body);
    expect(parsedPage).toEqual(body);
    return parsedPage;
  };
  const parsed = <K extends keyof typeof chatStreamEvents>(
    message: SseMessage | null | undefined,
    name: K,
  ): z.infer<(typeof chatStreamEvents)[K]> => {
    expect(message?.event).toBe(name);
    return chatStreamEvents[name].parse(message?.data) as z.infer<(typeof chatStreamEvents)[K]>;
  };

  beforeAll(async () => {
    const conversation = conversationWorld({ now: () => new Date() });
    world = conversation.world;
    harness = await startPlanningApp(START, { conversation: conversation.ai });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const address = harness.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
    alice = await harness.user('Europe/London');
    bob = await harness.user();
    aliceCoach = await addCoach(alice, 'health');
    aliceOther = await addCoach(alice, 'career');
    bobCoach = await addCoach(bob, 'health');
  });
  afterAll(async () => {
    // A stopped fetch leaves a spare connection of the client's open that never sends a request.
    harness?.app.server.closeAllConnections();
    await harness?.close();
  });

  it('starts with an empty thread', async () => {
    const empty = await page(alice, aliceOther);
    expect(empty.messages).toEqual([]);
    expect(empty.olderCursor).toBeNull();
    expect(empty.coach).toMatchObject({ id: aliceOther, domain: 'career', unread: 0 });
    expect(empty.coach.lastMessageAt).toBeNull();
  });

  it('streams the reply token by token, from the person’s own figures, and stores both', async () => {
    const goal = await createGoal(harness, alice, { goal: { title: 'Run a 10k' } });
    const task = await harness.call(alice, 'POST', '/api/tasks', {
      title: 'Easy 3 km run',
      goalId: goal.id,
      scheduledDate: '2025-03-04',
      estimatedMinutes: 30,
    });
    expect(task.statusCode, task.body).toBe(201);
    // Bob's goal and memory never reach Alice's coach.
    await createGoal(harness, bob, { goal: { title: 'Bob’s secret goal' } });
    await harness.database.db.execute(sql`insert into coach_memories
      (id, user_id, user_coach_id, body, source, created_at, updated_at) values
      (${randomUUID()}::uuid, ${alice.id}::uuid, ${aliceCoach}::uuid, 'Prefers mornings', 'person', now(), now()),
      (${randomUUID()}::uuid, ${alice.id}::uuid, ${aliceOther}::uuid, 'Career memory', 'person', now(), now()),
      (${randomUUID()}::uuid, ${bob.id}::uuid, ${bobCoach}::uuid, 'Bob’s memory', 'person', now(), now())`);
    const live: ServerEvent[] = [];
    const unsubscribe = await harness.app.events.subscribe(alice.id, (event) => live.push(event));

    const response = await fetch(`${url}/api/coach/coaches/${aliceCoach}/messages`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ text: 'How am I doing this week?' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = sseReader(response);
    const mine = parsed(await stream.next(), 'message');
    expect(mine).toMatchObject({
      author: 'person',
      text: 'How am I doing this week?',
      coachId: aliceCoach,
    });
    expect(parsed(await stream.next(), 'start')).toEqual({
      engine: 'offline',
      model: OFFLINE_MODEL,
    });
    let streamed = '';
    let event = await stream.next();
    while (event?.event === 'delta') {
      streamed += parsed(event, 'delta').text;
      event = await stream.next();
    }
    const reply = parsed(event, 'done');
    expect(reply).toMatchObject({
      author: 'coach',
      kind: 'chat',
      state: 'complete',
      engine: 'offline',
    });
    expect(reply.text).toBe(streamed);
    expect(await stream.next()).toBeNull();

    const facts = world.calls.at(-1)?.facts;
    expect(facts?.today).toBe('2025-03-03');
    expect(facts?.timeZone).toBe('Europe/London');
    expect(facts?.goals.map((g) => g.title)).toEqual(['Run a 10k']);
    expect(facts?.upcoming.map((t) => t.title)).toEqual(['Easy 3 km run']);
    expect(facts?.memory).toEqual(['Prefers mornings']);

    const thread = await page(alice, aliceCoach);
    expect(thread.messages.map((m) => [m.author, m.text])).toEqual([
      ['person', 'How am I doing this week?'],
      ['coach', reply.text],
    ]);
    expect(thread.coach.unread).toBe(0);
    // An open tab hears of the reply by itself.
    await vi.waitFor(() => expect(live.map((e) => e.type)).toContain('coach.message'));
    const announced = live.find((e) => e.type === 'coach.message');
    expect(announced?.data).toEqual(reply);
    unsubscribe();
  });

  it('answers crisis language with the help response, stored, and no reply', async () => {
    // A model that must not be asked: the guard answers first.
    world.model([]);
    const response = await send(alice, aliceCoach, { text: 'I want to kill myself' });
    expect(response.statusCode).toBe(200);
    const [message, crisis, ...rest] = eventsOf(response.body);
    expect(parsed(message, 'message').text).toBe('I want to kill myself');
    const help = parsed(crisis, 'crisis');
    expect(help).toMatchObject({
      author: 'coach',
      kind: 'crisis',
      proposals: [],
      engine: 'offline',
      model: SAFETY_MODEL,
    });
    expect(help.text).toMatch(/Samaritans/);
    expect(rest).toEqual([]);
    world.offline();
    const thread = await page(alice, aliceCoach);
    expect(thread.messages.slice(-2).map((m) => [m.author, m.kind])).toEqual([
      ['person', 'chat'],
      ['coach', 'crisis'],
    ]);
    // The next turn's history leaves the crisis and the words it answered out.
    await send(alice, aliceCoach, { text: 'Thanks. What should I do today?' });
    const history = world.calls.at(-1)?.history ?? [];
    expect(history.map((turn) => turn.text)).not.toContain('I want to kill myself');
    expect(history.map((turn) => turn.author)).toEqual(['person', 'coach']);
  });

  it('keeps the person’s message when the coach fails, and answers it again on retry', async () => {
    world.overLimits = true;
    const failed = await send(alice, aliceOther, { text: 'Can you help me plan my week?' });
    const [message, error] = eventsOf(failed.body);
    const kept = parsed(message, 'message');
    expect(parsed(error, 'error')).toEqual({
      message: 'That is a lot of coaching in one minute. Please wait.',
      status: 429,
    });
    expect((await page(alice, aliceOther)).messages.map((m) => m.id)).toEqual([kept.id]);

    world.overLimits = false;
    const retried = await send(alice, aliceOther, {
      text: 'Can you help me plan my week?',
      retryOf: kept.id,
    });
    const events = eventsOf(retried.body);
    expect(parsed(events[0], 'message').id).toBe(kept.id);
    const reply = parsed(events.at(-1), 'done');
    const thread = await page(alice, aliceOther);
    expect(thread.messages.map((m) => m.id)).toEqual([kept.id, reply.id]);
  });

  it('keeps a reply the model broke off, with the notice that says so', async () => {
    world.model([
      { parts: replyParts(['SAFETY: none\n\nYour week ', 'is going '], [], new Error('reset')) },
    ]);
    const response = await send(alice, aliceOther, { text: 'How is my week going?' });
    world.offline();
    const events = eventsOf(response.body);
    expect(events.map((e) => e.event)).toEqual(['message', 'start', 'delta', 'delta', 'done']);
    const reply = parsed(events.at(-1), 'done');
    expect(reply).toMatchObject({
      state: 'complete',
      engine: 'openai',
      text: 'Your week is going',
    });
    expect(reply.notice).toBe('The model stopped partway through its reply. You can ask again.');
  });

  it('stores which engine answered and the notice when a model could not', async () => {
    world.model([new Error('connect ECONNREFUSED')]);
    const response = await send(alice, aliceOther, { text: 'What should I focus on today?' });
    world.offline();
    const reply = parsed(eventsOf(response.body).at(-1), 'done');
    expect(reply).toMatchObject({ engine: 'offline', model: OFFLINE_MODEL, state: 'complete' });
    expect(reply.notice).toMatch(/could not be reached, so the built-in offline coach answered/);
    const stored = (await page(alice, aliceOther)).messages.at(-1);
    expect(stored).toEqual(reply);
  });

  it('stores the help response when the model flags what the guard let through', async () => {
    world.model([{ parts: replyParts(['SAFETY: eating\n\n', 'Here is a plan']) }]);
    const response = await send(alice, aliceOther, { text: 'Help me plan my meals' });
    world.offline();
    const events = eventsOf(response.body);
    expect(events.map((e) => e.event)).toEqual(['message', 'crisis']);
    const help = parsed(events[1], 'crisis');
    expect(help).toMatchObject({ kind: 'crisis', engine: 'openai' });
    expect(help.text).not.toContain('Here is a plan');
  });

  it('stops the coach when the person stops, and keeps the reply so far as stopped', async () => {
    // The model sends its first words, then waits for the rest until the call is stopped.
    world.model([
      {
        parts: replyParts(['SAFETY: none\n\nLet us ', 'plan tomorrow ', 'together.']),
        holdAfter: 3,
      },
    ]);
    const response = await fetch(`${url}/api/coach/coaches/${aliceCoach}/messages`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Let us plan tomorrow' }),
    });
    const stream = sseReader(response);
    expect((await stream.next())?.event).toBe('message');
    expect((await stream.next())?.event).toBe('start');
    const first = parsed(await stream.next(), 'delta').text;
    await stream.cancel();
    await vi.waitFor(async () => {
      const last = (await page(alice, aliceCoach)).messages.at(-1);
      expect(last).toMatchObject({ author: 'coach', state: 'stopped', text: first });
    });
    world.offline();
  });

  it('refuses bad input with a sentence, storing nothing', async () => {
    const before = (await page(alice, aliceCoach)).messages.length;
    const long = expectError(
      await send(alice, aliceCoach, { text: 'a'.repeat(4001) }),
      400,
      'invalid_input',
    );
    expect(long.message).toBe('body.text: must be at most 4000 characters');
    // Exactly 4,000 characters is fine.
    expect((await send(alice, aliceCoach, { text: 'a'.repeat(4000) })).statusCode).toBe(200);
    const empty = expectError(await send(alice, aliceCoach, { text: '   ' }), 400, 'invalid_input');
    expect(empty.message).toBe('body.text: must not be empty');
    expectError(await send(alice, aliceCoach, {}), 400, 'invalid_input');
    expectError(await send(alice, aliceCoach, { text: 'hi', extra: 1 }), 400, 'invalid_input');
    expectError(
      await send(alice, aliceCoach, { text: 'hi', retryOf: 'nope' }),
      400,
      'invalid_input',
    );
    expectError(await send(alice, 'not-a-uuid', { text: 'hi' }), 400, 'invalid_input');
    expectError(await send(alice, randomUUID(), { text: 'hi' }), 404, 'not_found');
    expectError(
      await send(alice, aliceCoach, { text: 'hi', retryOf: randomUUID() }),
      404,
      'not_found',
    );
    const bad = await harness.call(
      alice,
      'GET',
      `/api/coach/coaches/${aliceCoach}/messages?before=zzz`,
    );
    expect(expectError(bad, 400, 'invalid_input').message).toMatch(/^querystring\.before/);
    const limit = await harness.call(
      alice,
      'GET',
      `/api/coach/coaches/${aliceCoach}/messages?limit=0`,
    );
    expectError(limit, 400, 'invalid_input');
    expectError(
      await harness.call(alice, 'PATCH', `/api/coach/proposals/${randomUUID()}`, {
        decision: 'maybe',
      }),
      400,
      'invalid_input',
    );
    expectError(
      await harness.call(null, 'GET', `/api/coach/coaches/${aliceCoach}/messages`),
      401,
      'unauthenticated',
    );
    expect((await page(alice, aliceCoach)).messages.length).toBe(before + 2);
  });

  it('pages the thread newest first, oldest first within a page, by (time, id)', async () => {
    const coach = await addCoach(alice, 'relationships');
    await send(alice, coach, { text: 'Hello' });
    const [thread] = await queryRows<{ id: string }>(
      harness.database.db,
      sql`select id from coach_threads where user_coach_id = ${coach}::uuid`,
    );
    // 44 more, four of them sharing one instant: the id orders those.
    for (let i = 0; i < 44; i += 1) {
      const at = new Date(Date.parse('2025-03-03T10:00:00Z') + Math.min(i, 40) * 1000);
      await harness.database.db.execute(sql`insert into coach_messages
        (id, thread_id, user_id, author, kind, state, body, created_at)
        values (${randomUUID()}::uuid, ${thread?.id}::uuid, ${alice.id}::uuid, 'person', 'chat',
                'complete', ${`message ${i}`}, ${at.toISOString()}::timestamptz)`);
    }
    const all = await queryRows<{ id: string }>(
      harness.database.db,
      sql`select id from coach_messages where thread_id = ${thread?.id}::uuid order by created_at, id`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=20${cursor ? `&before=${cursor}` : ''}`;
      const result = await page(alice, coach, query);
      seen.unshift(...result.messages.map((m) => m.id));
      cursor = result.olderCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.map((row) => row.id));
  });

  it('marks the thread read and that coach’s message notifications', async () => {
    // A check-in half an hour later, written by the check-ins pass's writer in its transaction:
    // open pages hear of it once that commits.
    const writer = createChatService({
      db: harness.database.db,
      clock: harness.clock.now,
      ai: world.gateway,
      facts: () => Promise.reject(new Error('a check-in reads no figures here')),
      profile: { day: () => Promise.reject(new Error('not read')) },
      suggestions: { record: () => Promise.reject(new Error('not read')) },
      limiter: createRateLimiter({ db: harness.database.db, clock: harness.clock.now }),
      log: { error: () => undefined },
    });
    const live: ServerEvent[] = [];
    const unsubscribe = await harness.app.events.subscribe(alice.id, (event) => live.push(event));
    const at = new Date('2025-03-03T09:30:00.000Z');
    const { messageId } = await harness.database.db.transaction((tx) =>
      writer.postCheckIn(tx, { userId: alice.id, coachId: aliceCoach, text: 'Checking in', at }),
    );
    await vi.waitFor(() => {
      const event = live.find((e) => e.type === 'coach.message');
      expect(event?.data).toMatchObject({ id: messageId, kind: 'checkin', author: 'coach' });
    });
    unsubscribe();
    const mine = await harness.app.notifications.notify(alice.id, {
      type: 'coach_message',
      title: 'Your coach checked in',
      message: 'Checking in',
      coach_id: aliceCoach,
    });
    const other = await harness.app.notifications.notify(alice.id, {
      type: 'coach_message',
      title: 'Your other coach checked in',
      message: 'Hello',
      coach_id: aliceOther,
    });
    expect((await page(alice, aliceCoach)).coach.unread).toBe(1);
    expectError(
      await harness.call(alice, 'POST', `/api/coach/coaches/${bobCoach}/read`),
      404,
      'not_found',
    );
    const read = await harness.call(alice, 'POST', `/api/coach/coaches/${aliceCoach}/read`);
    expect(read.statusCode, read.body).toBe(204);
    expect((await page(alice, aliceCoach)).coach.unread).toBe(0);
    const list = notificationListSchema.parse(
      (await harness.call(alice, 'GET', '/api/notifications')).json(),
    );
    const readOf = (id: string | undefined) => list.notifications.find((n) => n.id === id)?.read;
    expect(readOf(mine?.id)).toBe(true);
    expect(readOf(other?.id)).toBe(false);
  });

  describe('proposals', () => {
    let goalId: string;
    let taskId: string;

    /**
     * A model's reply proposing `drafts` (its tool calls), answered to Alice by her health coach;
     * `repair` answers the gateway's one request to repair the drafts it refused.
     */
    const proposing = async (
      drafts: ProposalDraft[],
      repair: GenerateStep[] = [],
    ): Promise<CoachMessage> => {
      const calls = drafts.map(({ kind, ...fields }) => ({
        name: `propose_${kind}`,
        input: { ...fields, reason: 'It fits your week.' },
      }));
      world.model([{ parts: replyParts(['SAFETY: none\n\nTry this change.'], calls) }], repair);
      const response = await send(alice, aliceCoach, { text: 'What should I change?' });
      world.offline();
      return coachMessageSchema.parse(eventsOf(response.body).at(-1)?.data);
    };
    const decide = (user: TestUser, id: string, decision: 'accept' | 'decline') =>
      harness.call(user, 'PATCH', `/api/coach/proposals/${id}`, { decision });

    beforeAll(async () => {
      goalId = (await createGoal(harness, alice, { goal: { title: 'Sleep by eleven' } })).id;
      const task = await harness.call(alice, 'POST', '/api/tasks', {
        title: 'Stretch for ten minutes',
        goalId,
        scheduledDate: '2025-03-05',
      });
      taskId = taskSchema.parse(task.json()).id;
    });

    it('accepting an added task writes it, attributed to the coach, once', async () => {
      const bobsGoal = (await createGoal(harness, bob)).id;
      const reply = await proposing(
        [
          {
            kind: 'add_task',
            title: 'Lights out at 22:45',
            goalId,
            date: '2025-03-04',
            minutes: 10,
          },
          // Another person's goal never becomes a card (the model's repair keeps it).
          {
            kind: 'add_task',
            title: 'Not yours',
            goalId: bobsGoal,
            date: '2025-03-04',
            minutes: 10,
          },
        ],
        [
          JSON.stringify({
            proposals: [
              {
                draft: {
                  kind: 'add_task',
                  title: 'Not yours',
                  goalId: bobsGoal,
                  date: '2025-03-04',
                  minutes: 10,
                },
                reason: 'Still this one.',
              },
            ],
          }),
        ],
      );
      expect(reply).toMatchObject({ engine: 'openai', state: 'complete' });
      expect(reply.proposals.map((p) => p.draft)).toEqual([
        { kind: 'add_task', title: 'Lights out at 22:45', goalId, date: '2025-03-04', minutes: 10 },
      ]);
      const [proposal] = reply.proposals;
      if (!proposal) throw new Error('no proposal');
      expectError(await decide(bob, proposal.id, 'accept'), 404, 'not_found');

      const accepted = await decide(alice, proposal.id, 'accept');
      expect(accepted.statusCode, accepted.body).toBe(200);
      const result = proposalResultSchema.parse(accepted.json()).proposal;
      expect(result).toMatchObject({ state: 'accepted', experimentId: null });
      const tasks = taskListSchema.parse(
        (await harness.call(alice, 'GET', '/api/tasks?view=all')).json(),
      ).tasks;
      expect(tasks.find((t) => t.id === result.taskId)).toMatchObject({
        title: 'Lights out at 22:45',
        goalId,
        scheduledDate: '2025-03-04',
      });
      const [record] = await queryRows<{
        kind: string;
        coach: string;
        accepted: boolean;
        by: string;
      }>(
        harness.database.db,
        sql`select s.kind, s.coach, s.accepted_at is not null as accepted, t.proposed_by_coach as by
            from coach_proposals p join coach_suggestions s on s.id = p.suggestion_id
            join tasks t on t.id = p.task_id where p.id = ${proposal.id}::uuid`,
      );
      expect(record).toEqual({
        kind: 'chat_proposal',
        coach: 'health',
        accepted: true,
        by: 'health',
      });

      const again = expectError(await decide(alice, proposal.id, 'decline'), 409, 'conflict');
      expect(again.message).toBe('You already accepted this proposal; it cannot be decided again.');
      // The stored thread shows the decision.
      const stored = (await page(alice, aliceCoach)).messages.find((m) => m.id === reply.id);
      expect(stored?.proposals[0]?.state).toBe('accepted');
    });

    it('declining writes nothing; moving a task reschedules it; an experiment is planned', async () => {
      const reply = await proposing([
        { kind: 'add_task', title: 'Declined task', goalId: null, date: '2025-03-04', minutes: 5 },
        {
          kind: 'move_task',
          taskId,
          title: 'Stretch for ten minutes',
          from: '2025-03-05',
          to: '2025-03-07',
        },
        {
          kind: 'experiment',
          title: 'No screens after ten',
          hypothesis: 'I fall asleep sooner.',
          change: 'Phone in the kitchen at ten.',
          days: 14,
          goalId,
        },
      ]);
      const [declined, move, experiment] = reply.proposals;
      if (!declined || !move || !experiment) throw new Error('missing proposals');
      const no = proposalResultSchema.parse((await decide(alice, declined.id, 'decline')).json());
      expect(no.proposal).toMatchObject({ state: 'declined', taskId: null });
      const tasks = taskListSchema.parse((await harness.call(alice, 'GET', '/api/tasks')).json());
      expect(tasks.tasks.map((t) => t.title)).not.toContain('Declined task');

      const moved = proposalResultSchema.parse((await decide(alice, move.id, 'accept')).json());
      expect(moved.proposal.taskId).toBe(taskId);
      const after = taskListSchema.parse((await harness.call(alice, 'GET', '/api/tasks')).json());
      expect(after.tasks.find((t) => t.id === taskId)?.scheduledDate).toBe('2025-03-07');

      const planned = proposalResultSchema.parse(
        (await decide(alice, experiment.id, 'accept')).json(),
      );
      const experiments = await harness.call(alice, 'GET', '/api/experiments');
      expect(experiments.body).toContain(planned.proposal.experimentId);
      expect(experiments.body).toContain('No screens after ten');
    });

    it('a draft that no longer fits is a 409 with a sentence, and nothing is written', async () => {
      const reply = await proposing([
        {
          kind: 'move_task',
          taskId,
          title: 'Stretch for ten minutes',
          from: '2025-03-07',
          to: '2025-03-08',
        },
        { kind: 'add_task', title: 'Tomorrow only', goalId: null, date: '2025-03-04', minutes: 5 },
      ]);
      const [move, add] = reply.proposals;
      if (!move || !add) throw new Error('missing proposals');
      const deleted = await harness.call(alice, 'DELETE', `/api/tasks/${taskId}`);
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      const gone = expectError(await decide(alice, move.id, 'accept'), 409, 'conflict');
      expect(gone.message).toBe(
        'The task “Stretch for ten minutes” is gone, so it cannot be moved. Ask your coach again.',
      );

      harness.clock.set('2025-03-06T09:00:00.000Z');
      alice = await harness.signIn(alice);
      bob = await harness.signIn(bob);
      const late = expectError(await decide(alice, add.id, 'accept'), 409, 'conflict');
      expect(late.message).toMatch(/^This task was proposed for 2025-03-04, which has passed\./);
      const states = await queryRows<{ state: string; suggestion: boolean }>(
        harness.database.db,
        sql`select p.state, s.accepted_at is not null as suggestion from coach_proposals p
            join coach_suggestions s on s.id = p.suggestion_id
            where p.id in (${move.id}::uuid, ${add.id}::uuid)`,
      );
      expect(states).toEqual([
        { state: 'open', suggestion: false },
        { state: 'open', suggestion: false },
      ]);
      const tasks = taskListSchema.parse((await harness.call(alice, 'GET', '/api/tasks')).json());
      expect(tasks.tasks.map((t) => t.title)).not.toContain('Tomorrow only');
    });

    it('decides a consultation’s proposal the same way, recording the coach', async () => {
      const consultation = randomUUID();
      const proposal = randomUUID();
      const db = harness.database.db;
      await db.execute(sql`insert into team_consultations
        (id, user_id, question, answer, crisis, engine, model, created_at)
        values (${consultation}::uuid, ${alice.id}::uuid, 'Which evenings?',
                '{"views":[],"tradeOffs":[],"suggestion":"Alternate"}'::jsonb, false, 'anthropic', 'claude', now())`);
      await db.execute(sql`insert into coach_proposals
        (id, user_id, user_coach_id, consultation_id, draft, reason, state, created_at)
        values (${proposal}::uuid, ${alice.id}::uuid, ${aliceOther}::uuid, ${consultation}::uuid,
                ${JSON.stringify({ kind: 'add_task', title: 'Plan the evenings', goalId: null, date: '2025-03-07', minutes: 15 })}::jsonb,
                'A plan settles it.', 'open', now())`);
      expectError(await decide(bob, proposal, 'accept'), 404, 'not_found');
      const accepted = proposalResultSchema.parse((await decide(alice, proposal, 'accept')).json());
      expect(accepted.proposal).toMatchObject({ state: 'accepted', coachId: aliceOther });
      const [record] = await queryRows<{ kind: string; coach: string; engine: string }>(
        db,
        sql`select s.kind, s.coach, s.engine from coach_proposals p
            join coach_suggestions s on s.id = p.suggestion_id and s.accepted_at is not null
            where p.id = ${proposal}::uuid`,
      );
      expect(record).toEqual({ kind: 'chat_proposal', coach: 'career', engine: 'anthropic' });
    });
  });

  it('another person’s coach, thread and messages are a 404 on every route', async () => {
    const bobs = await send(bob, bobCoach, { text: 'Hello coach' });
    const bobMessage = parsed(eventsOf(bobs.body)[0], 'message');
    expectError(
      await harness.call(alice, 'GET', `/api/coach/coaches/${bobCoach}/messages`),
      404,
      'not_found',
    );
    expectError(await send(alice, bobCoach, { text: 'Hi' }), 404, 'not_found');
    expectError(
      await harness.call(alice, 'POST', `/api/coach/coaches/${bobCoach}/read`),
      404,
      'not_found',
    );
    const retry = await send(alice, aliceCoach, { text: 'Hello coach', retryOf: bobMessage.id });
    expectError(retry, 404, 'not_found');
    // A coach's own message is not the person's to retry either.
    const bobReply = (await page(bob, bobCoach)).messages.find((m) => m.author === 'coach');
    expectError(await send(bob, bobCoach, { text: 'x', retryOf: bobReply?.id }), 404, 'not_found');
    expect((await page(bob, bobCoach)).messages.length).toBe(2);
  });

  it('over the AI limits, refuses the message before storing it', async () => {
    const dave = await harness.user();
    const coach = await addCoach(dave, 'health');
    // A minute's worth of coach calls (AI_REQUESTS_PER_MINUTE, 20 by default).
    await harness.database.db.execute(sql`insert into ai_calls
      (id, user_id, operation, engine, model, input_tokens, output_tokens, latency_ms, outcome, created_at)
      select gen_random_uuid(), ${dave.id}::uuid, 'coachReply', 'offline', 'x', 0, 0, 5, 'ok',
             ${harness.clock.now().toISOString()}::timestamptz
      from generate_series(1, 20)`);
    const refused = await send(dave, coach, { text: 'Are you there?' });
    expect(expectError(refused, 429, 'rate_limited').message).toMatch(/a lot of coaching/);
    expect((await page(dave, coach)).messages).toEqual([]);
    // Help is never limited: crisis words still get the help response.
    const help = eventsOf((await send(dave, coach, { text: 'I want to kill myself' })).body);
    expect(help.map((e) => e.event)).toEqual(['message', 'crisis']);
  });

  it('limits how fast one person writes, with a 429 that says when to try again', async () => {
    const carol = await harness.user();
    const coach = await addCoach(carol, 'career');
    for (let i = 0; i < 20; i += 1) {
      expect((await send(carol, coach, { text: `Message ${i}` })).statusCode).toBe(200);
    }
    const refused = await send(carol, coach, { text: 'One more' });
    expect(expectError(refused, 429, 'rate_limited').message).toMatch(/Wait a minute/);
    expect(refused.headers['retry-after']).toBeDefined();
    const stored = (await page(carol, coach, '?limit=100')).messages;
    expect(stored.filter((m) => m.author === 'person')).toHaveLength(20);
  });
});
