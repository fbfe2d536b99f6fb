import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import type { CoachReplyInput, StreamedReply } from './conversation.ts';
import { createConversationGateway, wordChunks } from './conversation-gateway.ts';
import {
  readAll,
  replyParts,
  setup,
  steppingClock,
  type StreamStep,
} from './conversation-test-models.ts';
import { AppError } from '#server/errors.ts';
import { createLazyConversationGateway } from './lazy-gateway.ts';
import type { AiCallRecord } from './model-calls.ts';
import { OFFLINE_MODEL, SAFETY_MODEL } from './model-calls.ts';
import { coachReplyOffline } from './offline/conversation/reply.ts';
import { id, persona, samFacts, TODAY } from './offline/conversation/test-fixtures.ts';

const USER = id(7000);
const input = (message: string, extra: Partial<CoachReplyInput> = {}): CoachReplyInput => ({
  coach: persona({ tone: 'direct' }),
  facts: samFacts(),
  message,
  history: [],
  ...extra,
});

function streamed(reply: StreamedReply): Extract<StreamedReply, { text: AsyncIterable<string> }> {
  if (reply.crisis)
    throw new Error(`expected a reply, got the crisis response (${reply.crisis.category})`);
  return reply;
}

const MOVE_FLASHCARDS = {
  name: 'propose_move_task',
  input: {
    taskId: id(201),
    title: 'whatever the model calls it',
    from: '2026-03-01',
    to: '2026-03-13',
    reason: 'Friday is empty.',
  },
};

describe('the offline engine behind the conversation gateway', () => {
  const calls: AiCallRecord[] = [];
  const gateway = createConversationGateway({
    settings: { engine: 'offline', timeoutMs: 20_000 },
    clock: steppingClock(),
    recordCall: (record) => void calls.push(record),
  });

  it('streams the offline reply in words and records the call once, with the person', async () => {
    const reply = streamed(await gateway.coachReply(input('I missed my tasks'), { userId: USER }));
    const chunks = await readAll(reply.text);
    const result = await reply.result;
    const offline = coachReplyOffline(input('I missed my tasks'));
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.join('')).toBe(offline.text);
    expect(result).toEqual({ ...offline, engine: 'offline', model: OFFLINE_MODEL });
    expect(result.intent).toBe('missed');
    expect(calls.at(-1)).toEqual({
      userId: USER,
      operation: 'coachReply',
      engine: 'offline',
      model: OFFLINE_MODEL,
      latencyMs: 250,
      inputTokens: 0,
      outputTokens: 0,
      outcome: 'ok',
    });
  });

  it('splits words so that nothing is lost', () => {
    expect(wordChunks('  Hello **you**,\n\n- one\n')).toEqual([
      '  ',
      'Hello ',
      '**you**,\n\n',
      '- ',
      'one\n',
    ]);
  });

  it('answers reflections and the team offline, and previews and check-ins instantly', async () => {
    const reflection = await gateway.reflect(
      { coach: persona(), facts: samFacts(), period: 'daily', text: 'ok day', mood: 3 },
      { userId: USER },
    );
    expect(reflection).toMatchObject({ engine: 'offline', model: OFFLINE_MODEL });
    expect(!reflection.crisis && reflection.text).toContain('**3 of 5**');
    const team = await gateway.teamConsult(
      { coaches: [persona()], facts: samFacts(), question: 'Too much running?' },
      { userId: USER },
    );
    expect(!team.crisis && team.views).toHaveLength(1);
    expect(calls.slice(-2).map((c) => c.operation)).toEqual(['reflect', 'teamConsult']);
    expect(gateway.preview({ coach: persona(), facts: samFacts() })).toContain('Spanish lesson 4');
    expect(
      gateway.checkIn({ coach: persona(), facts: samFacts(), reason: 'quiet_week' }),
    ).toContain('**12 tasks**');
  });
});

describe('the crisis guard reads everything the person wrote first', () => {
  it('answers a crisis message with help, calling no engine', async () => {
    const { gateway, model, calls } = setup({ streams: [] });
    const reply = await gateway.coachReply(input("I don't want to be alive anymore"), {
      userId: USER,
    });
    expect(reply.crisis).toMatchObject({ kind: 'crisis', category: 'suicide' });
    expect(reply).toMatchObject({ engine: 'offline', model: SAFETY_MODEL });
    expect(model.doStreamCalls).toHaveLength(0);
    expect(calls).toEqual([
      expect.objectContaining({
        userId: USER,
        operation: 'coachReply',
        outcome: 'crisis',
        detail: 'suicide',
      }),
    ]);
  });

  it('reads the persona note, reflections and the team question too', async () => {
    const { gateway, model } = setup({ streams: [], generates: [] });
    const note = persona({ note: 'I have been planning to kill myself' });
    const viaNote = await gateway.coachReply(input('hello', { coach: note }), { userId: USER });
    expect(viaNote.crisis?.category).toBe('suicide');
    const reflection = await gateway.reflect(
      {
        coach: persona(),
        facts: samFacts(),
        period: 'daily',
        text: 'I keep cutting myself to cope',
        mood: 1,
      },
      { userId: USER },
    );
    expect(reflection.crisis?.category).toBe('self_harm');
    const team = await gateway.teamConsult(
      {
        coaches: [persona()],
        facts: samFacts(),
        question: 'My partner hits me when I miss a workout',
      },
      { userId: USER },
    );
    expect(team.crisis?.category).toBe('abuse');
    expect(model.doStreamCalls).toHaveLength(0);
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});

describe.each(['openai', 'anthropic', 'openai-compatible'] as const)(
  'a %s model streams the reply',
  (engine) => {
    it('in chunks, without its safety line, with the proposals it called checked against the facts', async () => {
      const { gateway, model, calls, modelId } = setup(
        {
          streams: [
            {
              parts: replyParts(
                [
                  'SAF',
                  'ETY: none\n',
                  '\nYou have **3 open tasks**; ',
                  'the oldest is “Review Spanish flashcards”. ',
                  'Move it to Friday.',
                ],
                [MOVE_FLASHCARDS],
              ),
            },
          ],
        },
        { engine },
      );
      const reply = streamed(
        await gateway.coachReply(input('I missed my tasks'), { userId: USER }),
      );
      expect(reply).toMatchObject({ engine, model: modelId });
      const chunks = await readAll(reply.text);
      const result = await reply.result;

      expect(chunks.length).toBeGreaterThanOrEqual(3);
      expect(chunks.join('')).toBe(result.text);
      expect(result.text).toBe(
        'You have **3 open tasks**; the oldest is “Review Spanish flashcards”. Move it to Friday.',
      );
      // the move keeps the task's real title and date
      expect(result.proposals).toEqual([
        {
          draft: {
            kind: 'move_task',
            taskId: id(201),
            title: 'Review Spanish flashcards',
            from: '2026-03-06',
            to: '2026-03-13',
          },
          reason: 'Friday is empty.',
        },
      ]);
      expect(result).toMatchObject({ engine, model: modelId, intent: null });
      expect(result.notice).toBeUndefined();
      expect(model.doStreamCalls[0]?.tools?.map((tool) => tool.name)).toEqual([
        'propose_add_task',
        'propose_move_task',
        'propose_experiment',
      ]);
      expect(calls).toEqual([
        {
          userId: USER,
          operation: 'coachReply',
          engine,
          model: modelId,
          latencyMs: 250,
          inputTokens: 300,
          outputTokens: 90,
          outcome: 'ok',
        },
      ]);
    });
  },
);

describe('proposals from a model', () => {
  const bad = {
    name: 'propose_move_task',
    input: { taskId: id(999), title: 'x', from: null, to: '2026-03-01', reason: 'Because.' },
  };
  const stream: StreamStep = { parts: replyParts(['SAFETY: none\n\nHere is a change.'], [bad]) };

  it('sends the invalid ones back once with the problems, and takes the repaired ones', async () => {
    const repaired = JSON.stringify({
      proposals: [
        {
          draft: {
            kind: 'add_task',
            title: '15 minutes of Spanish',
            goalId: id(2),
            date: TODAY,
            minutes: 15,
          },
          reason: 'Spanish has room today.',
        },
      ],
    });
    const { gateway, model, calls } = setup({ streams: [stream], generates: [repaired] });
    const reply = streamed(await gateway.coachReply(input('help'), { userId: USER }));
    await readAll(reply.text);
    const result = await reply.result;

    expect(result.text).toBe('Here is a change.');
    expect(result.proposals).toEqual([
      {
        draft: {
          kind: 'add_task',
          title: '15 minutes of Spanish',
          goalId: id(2),
          date: TODAY,
          minutes: 15,
        },
        reason: 'Spanish has room today.',
      },
    ]);
    const repair = JSON.stringify(model.doGenerateCalls[0]?.prompt);
    expect(repair).toContain('is not one of the person');
    expect(repair).toContain('is before today');
    expect(calls[0]).toMatchObject({ outcome: 'repaired', inputTokens: 600, outputTokens: 180 });
  });

  it('drops what is still invalid and keeps the reply', async () => {
    const { gateway, calls } = setup({
      streams: [stream],
      generates: [JSON.stringify({ proposals: [{ draft: { kind: 'move_task' }, reason: '' }] })],
    });
    const reply = streamed(await gateway.coachReply(input('help'), { userId: USER }));
    await readAll(reply.text);
    const result = await reply.result;
    expect(result.text).toBe('Here is a change.');
    expect(result.proposals).toEqual([]);
    expect(result.notice).toBeUndefined();
    expect(calls[0]?.outcome).toBe('ok');
    expect(calls[0]?.detail).toMatch(/^proposals dropped: /);
  });
});

describe('when the model fails', () => {
  it('falls back to the offline reply, streamed, with a notice when the provider errs', async () => {
    const failure = new APICallError({
      message: 'Service Unavailable',
      url: 'https://example.invalid/v1',
      requestBodyValues: {},
      statusCode: 503,
      isRetryable: false,
    });
    const { gateway, calls, modelId } = setup({ streams: [failure] });
    const reply = streamed(await gateway.coachReply(input('I missed my tasks'), { userId: USER }));
    const chunks = await readAll(reply.text);
    const result = await reply.result;
    const offline = coachReplyOffline(input('I missed my tasks'));
    expect(reply).toMatchObject({ engine: 'offline', model: OFFLINE_MODEL });
    expect(reply.notice).toBe(
      'The OpenAI model could not be reached, so the built-in offline coach answered instead.',
    );
    expect(chunks.join('')).toBe(offline.text);
    expect(result).toMatchObject({ text: offline.text, notice: reply.notice, intent: 'missed' });
    expect(calls).toEqual([
      expect.objectContaining({ model: modelId, engine: 'openai', outcome: 'error' }),
    ]);
    expect(calls[0]?.detail).toContain('Service Unavailable');
  });

  it('falls back with a notice when no token comes within the time budget', async () => {
    const { gateway, calls } = setup(
      { streams: [{ parts: replyParts(['SAFETY: none\n\nToo late']), holdAfter: 0 }] },
      { timeOutOnHang: true },
    );
    const reply = streamed(await gateway.coachReply(input('How am I doing?'), { userId: USER }));
    expect(reply.engine).toBe('offline');
    expect(reply.notice).toBe(
      'The OpenAI model did not start answering within 20 seconds, so the built-in offline coach answered instead.',
    );
    expect((await readAll(reply.text)).join('')).toContain('**1/3 done**');
    expect(calls[0]).toMatchObject({ outcome: 'fallback', detail: 'timeout' });
  });

  it('falls back when the model sends nothing but its safety line', async () => {
    const { gateway, calls } = setup({ streams: [{ parts: replyParts(['SAFETY: none']) }] });
    const reply = streamed(await gateway.coachReply(input('How am I doing?'), { userId: USER }));
    expect(reply.engine).toBe('offline');
    expect(reply.notice).toMatch(/sent an empty reply/);
    expect(calls[0]).toMatchObject({ outcome: 'fallback', detail: 'empty reply' });
  });

  it('keeps the text that came when the model breaks off later, with a notice', async () => {
    const { gateway, calls } = setup({
      streams: [
        {
          parts: replyParts(
            ['SAFETY: none\n\nYour streak is ', '4 days and '],
            [],
            new Error('connection reset'),
          ),
        },
      ],
    });
    const reply = streamed(await gateway.coachReply(input('How am I doing?'), { userId: USER }));
    expect(reply.engine).toBe('openai');
    const text = (await readAll(reply.text)).join('');
    const result = await reply.result;
    expect(text).toBe('Your streak is 4 days and ');
    expect(result.text).toBe('Your streak is 4 days and');
    expect(result.notice).toBe('The model stopped partway through its reply. You can ask again.');
    expect(result.proposals).toEqual([]);
    expect(calls[0]).toMatchObject({ outcome: 'error' });
    expect(calls[0]?.detail).toContain('connection reset');
  });

  it('ends the reply where it got when the rest takes longer than its budget', async () => {
    const { gateway, budgets, calls } = setup({
      streams: [
        { parts: replyParts(['SAFETY: none\n\nFirst part. ', 'Second part.']), holdAfter: 3 },
      ],
    });
    const reply = streamed(await gateway.coachReply(input('How am I doing?'), { userId: USER }));
    // the budgets: the first token, then the rest of the reply
    expect(budgets).toHaveLength(2);
    budgets[1]?.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    const text = (await readAll(reply.text)).join('');
    const result = await reply.result;
    expect(text).toBe('First part. ');
    expect(result.notice).toMatch(/took too long to finish/);
    expect(calls[0]).toMatchObject({ outcome: 'error', detail: 'timeout after the first token' });
  });

  it('stops quietly when the person stops the reply', async () => {
    const stop = new AbortController();
    const { gateway, calls } = setup({
      streams: [
        { parts: replyParts(['SAFETY: none\n\nFirst part. ', 'Second part.']), holdAfter: 3 },
      ],
    });
    const reply = streamed(
      await gateway.coachReply(input('How am I doing?'), { userId: USER, signal: stop.signal }),
    );
    const chunks: string[] = [];
    for await (const chunk of reply.text) {
      chunks.push(chunk);
      stop.abort();
    }
    const result = await reply.result;
    expect(chunks).toEqual(['First part. ']);
    expect(result).toMatchObject({ text: 'First part.', proposals: [], engine: 'openai' });
    expect(result.notice).toBeUndefined();
    expect(calls[0]).toMatchObject({ outcome: 'ok', detail: 'stopped' });
  });
});

describe('the model’s own safety verdict', () => {
  it('shows help instead of the reply when the model flags what the guard missed', async () => {
    const { gateway, calls, modelId } = setup({
      streams: [{ parts: replyParts(['SAFETY: eating\n\n', 'Here is a diet plan']) }],
    });
    const reply = await gateway.coachReply(input('I want to get very light by summer'), {
      userId: USER,
    });
    expect(reply.crisis).toMatchObject({ kind: 'crisis', category: 'eating' });
    expect(reply).toMatchObject({ engine: 'openai', model: modelId });
    expect(calls).toEqual([
      expect.objectContaining({ outcome: 'crisis', detail: 'model: eating', model: modelId }),
    ]);
  });

  it('reads the verdict even without a newline before the end', async () => {
    const { gateway } = setup({ streams: [{ parts: replyParts(['**SAFETY: self_harm**']) }] });
    const reply = await gateway.coachReply(input('rough week'), { userId: USER });
    expect(reply.crisis?.category).toBe('self_harm');
  });

  it('takes a reply without a verdict line as it is', async () => {
    const { gateway } = setup({
      streams: [{ parts: replyParts(['Sam, your streak is 4 days.']) }],
    });
    const reply = streamed(await gateway.coachReply(input('hi'), { userId: USER }));
    expect((await readAll(reply.text)).join('')).toBe('Sam, your streak is 4 days.');
  });
});

describe('the person’s limits', () => {
  it('are checked after the guard and before any engine; help is never limited', async () => {
    const checked: string[] = [];
    const gateway = createConversationGateway({
      settings: { engine: 'offline', timeoutMs: 20_000 },
      clock: steppingClock(),
      recordCall: () => undefined,
      assertWithinLimits: async (userId) => {
        checked.push(userId);
        throw new AppError('rate_limited', 'Please wait 40 seconds and try again.', {
          retryAfterSeconds: 40,
        });
      },
    });
    const limited = await gateway
      .coachReply(input('hello'), { userId: USER })
      .catch((e: unknown) => e);
    expect(limited).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 40 });
    const reflect = await gateway
      .reflect(
        { coach: persona(), facts: samFacts(), period: 'daily', text: 'ok', mood: null },
        { userId: USER },
      )
      .catch((e: unknown) => e);
    expect(reflect).toMatchObject({ code: 'rate_limited' });
    const team = await gateway
      .teamConsult({ coaches: [persona()], facts: samFacts(), question: 'ok?' }, { userId: USER })
      .catch((e: unknown) => e);
    expect(team).toMatchObject({ code: 'rate_limited' });
    expect(checked).toEqual([USER, USER, USER]);
    const help = await gateway.coachReply(input('I want to kill myself'), { userId: USER });
    expect(help.crisis?.category).toBe('suicide');
    expect(checked).toHaveLength(3);
  });
});

describe('the lazy conversation gateway', () => {
  it('loads the gateway on the first reply and answers previews without it', async () => {
    const calls: AiCallRecord[] = [];
    const gateway = createLazyConversationGateway({
      settings: { engine: 'offline', timeoutMs: 20_000 },
      clock: steppingClock(),
      recordCall: (record) => void calls.push(record),
    });
    expect(gateway.preview({ coach: persona(), facts: samFacts() })).toContain('Sam');
    const reply = streamed(await gateway.coachReply(input('hello'), { userId: USER }));
    expect((await readAll(reply.text)).join('')).toBe((await reply.result).text);
    expect(calls).toHaveLength(1);
  });
});
