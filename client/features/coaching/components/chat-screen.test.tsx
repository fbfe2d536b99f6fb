import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoachMessage, MessagePage, Proposal, UserCoach } from '#contracts/coaching.ts';
import { publishLiveEvent } from '#client/lib/live-events.ts';
import { fakeApi, renderScreen, type RecordedCall } from '#client/test/fake-api.tsx';
import { ChatScreen } from './chat-screen.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const USER = '5b0f7a3e-1111-4c2a-9d7e-000000000002';
const COACH = '5b0f7a3e-3333-4c2a-9d7e-0000000000c1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const coach: UserCoach = {
  id: COACH,
  catalogueId: 'ai-health',
  kind: 'ai',
  domain: 'health',
  name: 'Rowan',
  tone: 'supportive',
  personality: {
    traits: { warmth: 3, directness: 3, humour: 2, formality: 2, challenge: 3 },
    replyLength: 'medium',
    personaNote: null,
  },
  teamPosition: 1,
  addedAt: '2025-03-01T08:00:00.000Z',
  lastMessageAt: null,
  unread: 0,
};

function message(n: number, author: 'person' | 'coach', extra: Partial<CoachMessage> = {}) {
  return {
    id: id(n),
    coachId: COACH,
    author,
    kind: 'chat',
    state: 'complete',
    text: author === 'person' ? `I wrote ${n}` : `Coach answer ${n}`,
    engine: author === 'coach' ? 'offline' : null,
    model: author === 'coach' ? 'offline-coach' : null,
    notice: null,
    proposals: [],
    createdAt: new Date(Date.UTC(2025, 2, 1, 9, 0, n)).toISOString(),
    ...extra,
  } satisfies CoachMessage;
}

const page = (messages: CoachMessage[], olderCursor: string | null = null): MessagePage => ({
  coach,
  messages,
  olderCursor,
});

const frame = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A streamed answer the test feeds event by event; aborting the request errors it, as fetch does. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>;
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(c) {
      controller = c;
    },
  });
  return {
    body,
    push: (name: string, data: unknown) =>
      controller.enqueue(new TextEncoder().encode(frame(name, data))),
    close: () => controller.close(),
    abortWith: (signal: AbortSignal | null | undefined) =>
      signal?.addEventListener('abort', () =>
        controller.error(new DOMException('The operation was aborted.', 'AbortError')),
      ),
  };
}

type Stream = ReturnType<typeof controlledStream>;

/**
 * The API at the network boundary: JSON routes through fakeApi, and the message POST answered by
 * `onSend` (a stream to feed, or a JSON error).
 */
function chatApi(
  handlers: Parameters<typeof fakeApi>[0],
  onSend: (call: RecordedCall) => Stream | { status: number; body: unknown },
) {
  const api = fakeApi({
    [`POST /api/coach/coaches/${COACH}/read`]: () => ({ status: 204, body: null }),
    ...handlers,
  });
  const json = globalThis.fetch;
  const sends: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method === 'POST' && url === `/api/coach/coaches/${COACH}/messages`) {
      const call: RecordedCall = {
        method: 'POST',
        path: url,
        url,
        body: JSON.parse(init.body as string) as unknown,
      };
      sends.push(call);
      const answer = onSend(call);
      if ('push' in answer) {
        answer.abortWith(init.signal);
        return new Response(answer.body, { headers: { 'content-type': 'text/event-stream' } });
      }
      return Response.json(answer.body, { status: answer.status });
    }
    return json(input, init);
  });
  return { ...api, sends };
}

const renderChat = (coachId = COACH) =>
  renderScreen(
    <ChatScreen
      userId={USER}
      coachId={coachId}
      timeZone="UTC"
      today="2025-03-01"
      notFound={<h1>Page not found</h1>}
    />,
    { path: `/coaching/chat/${coachId}`, route: '/coaching/chat/:coachId' },
  );

const composer = () => screen.getByRole('textbox', { name: 'Message Rowan' });

describe('/coaching/chat/{coachId}', () => {
  it('shows the thread with which engine answered, and marks it read on opening', async () => {
    const api = chatApi(
      {
        [`GET /api/coach/coaches/${COACH}/messages`]: () => ({
          body: page([
            message(1, 'person'),
            message(2, 'coach', {
              text: 'Try **one** short walk. [Why walking](https://example.org/walk)',
              engine: 'openai',
              model: 'gpt-4o-mini',
              notice: 'The model was slow, so the offline coach answered part of this.',
            }),
          ]),
        }),
      },
      () => ({ status: 500, body: null }),
    );
    renderChat();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rowan' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(within(list).getByText('I wrote 1')).toBeInTheDocument();
    expect(within(list).getByText('one').tagName).toBe('STRONG');
    const link = within(list).getByRole('link', { name: /Why walking/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(list).getByText('Answered by OpenAI gpt-4o-mini')).toBeInTheDocument();
    expect(within(list).getByRole('note')).toHaveTextContent('The model was slow');
    expect(screen.getByRole('link', { name: 'Reflect on your day' })).toHaveAttribute(
      'href',
      '/coaching?reflect=daily',
    );
    await waitFor(() =>
      expect(api.callsTo(`POST /api/coach/coaches/${COACH}/read`)).toHaveLength(1),
    );
  });

  it('a check-in that arrives live joins the open thread and is read at once', async () => {
    const api = chatApi(
      {
        [`GET /api/coach/coaches/${COACH}/messages`]: () => ({
          body: page([message(1, 'person'), message(2, 'coach')]),
        }),
      },
      () => ({ status: 500, body: null }),
    );
    renderChat();
    await screen.findByText('Coach answer 2');
    await waitFor(() =>
      expect(api.callsTo(`POST /api/coach/coaches/${COACH}/read`)).toHaveLength(1),
    );
    act(() =>
      publishLiveEvent({
        type: 'coach.message',
        data: message(3, 'coach', { kind: 'checkin', text: 'Your top three is still open.' }),
      }),
    );
    expect(await screen.findByText('Your top three is still open.')).toBeInTheDocument();
    expect(screen.getByText('checked in')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo(`POST /api/coach/coaches/${COACH}/read`)).toHaveLength(2),
    );
  });

  it('renders no raw HTML from a reply', async () => {
    chatApi(
      {
        [`GET /api/coach/coaches/${COACH}/messages`]: () => ({
          body: page([
            message(2, 'coach', {
              text: 'Hello <img src=x onerror="alert(1)"> <b>bold</b> [x](javascript:alert(1))',
            }),
          ]),
        }),
      },
      () => ({ status: 500, body: null }),
    );
    const { container } = renderChat();
    await screen.findByText(/Hello/);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    // The unsafe link loses its target: its words stay, as text.
    expect(screen.getByText(/Hello/)).toHaveTextContent('x');
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('streams the reply token by token after Enter, and keeps it when done', async () => {
    const stream = controlledStream();
    const api = chatApi(
      { [`GET /api/coach/coaches/${COACH}/messages`]: () => ({ body: page([]) }) },
      () => stream,
    );
    const user = userEvent.setup();
    renderChat();
    expect(await screen.findByText('Start the conversation')).toBeInTheDocument();
    await user.type(composer(), 'I skipped my run{Shift>}{Enter}{/Shift}again');
    expect(composer()).toHaveValue('I skipped my run\nagain');
    await user.keyboard('{Enter}');
    expect(api.sends[0]?.body).toEqual({ text: 'I skipped my run\nagain' });
    expect(composer()).toHaveValue('');
    expect(screen.getByText('Sending…')).toBeInTheDocument();

    const person = message(1, 'person', { text: 'I skipped my run\nagain' });
    stream.push('message', person);
    stream.push('start', { engine: 'offline', model: 'offline-coach' });
    stream.push('delta', { text: 'One missed run ' });
    expect(await screen.findByText('One missed run')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    stream.push('delta', { text: 'is not a pattern.' });
    expect(await screen.findByText('One missed run is not a pattern.')).toBeInTheDocument();
    stream.push('done', message(2, 'coach', { text: 'One missed run is not a pattern.' }));
    stream.close();
    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.getAllByText('One missed run is not a pattern.')).toHaveLength(1);
    expect(screen.getByText('Answered by the offline coach')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Rowan replied.');
  });

  it('Stop keeps what arrived, and Retry answers the same message again', async () => {
    const first = controlledStream();
    const second = controlledStream();
    const api = chatApi(
      { [`GET /api/coach/coaches/${COACH}/messages`]: () => ({ body: page([]) }) },
      () => (api.sends.length === 1 ? first : second),
    );
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Start the conversation');
    await user.type(composer(), 'Plan my week{Enter}');
    const person = message(1, 'person', { text: 'Plan my week' });
    first.push('message', person);
    first.push('delta', { text: 'Monday: a' });
    await screen.findByText('Monday: a');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('You stopped this reply.')).toBeInTheDocument();
    expect(screen.getByText('Monday: a')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(api.sends[1]?.body).toEqual({ text: 'Plan my week', retryOf: person.id });
    second.push('message', person);
    second.push('done', message(2, 'coach', { text: 'Monday: a walk.' }));
    second.close();
    expect(await screen.findByText('Monday: a walk.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('a Stop before the message was confirmed shows it once, as stored, with Retry', async () => {
    const stream = controlledStream();
    let stored: CoachMessage[] = [];
    chatApi(
      { [`GET /api/coach/coaches/${COACH}/messages`]: () => ({ body: page(stored) }) },
      () => {
        // The server stores the message before it streams anything.
        stored = [message(1, 'person', { text: 'Plan my week' })];
        return stream;
      },
    );
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Start the conversation');
    await user.type(composer(), 'Plan my week{Enter}');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('You stopped the reply before it began.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    expect(screen.getAllByText('Plan my week')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers Retry for a reply that failed, keeping the person’s message', async () => {
    const stream = controlledStream();
    chatApi(
      { [`GET /api/coach/coaches/${COACH}/messages`]: () => ({ body: page([]) }) },
      () => stream,
    );
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Start the conversation');
    await user.type(composer(), 'Hello{Enter}');
    stream.push('message', message(1, 'person', { text: 'Hello' }));
    stream.push('error', { message: 'The coach engine did not answer.', status: 502 });
    stream.close();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The coach could not answer. Your message is kept.');
    expect(alert).toHaveTextContent('The coach engine did not answer.');
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a rate limit gets a friendly message and the words go back into the box', async () => {
    chatApi({ [`GET /api/coach/coaches/${COACH}/messages`]: () => ({ body: page([]) }) }, () => ({
      status: 429,
      body: {
        error: {
          code: 'rate_limited',
          message: 'You can send 20 messages a minute. Try again in 40 seconds.',
          requestId: 'r',
        },
      },
    }));
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Start the conversation');
    await user.type(composer(), 'One more thing{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You’ve sent a lot of messages for now.');
    expect(alert).toHaveTextContent('Try again in 40 seconds.');
    expect(composer()).toHaveValue('One more thing');
  });

  it('accepts a proposal: the PATCH, the card’s new state and a toast', async () => {
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
      reason: 'A short walk keeps the streak going.',
      state: 'open',
      decidedAt: null,
      taskId: null,
      experimentId: null,
    };
    const api = chatApi(
      {
        [`GET /api/coach/coaches/${COACH}/messages`]: () => ({
          body: page([message(1, 'person'), message(2, 'coach', { proposals: [proposal] })]),
        }),
        [`PATCH /api/coach/proposals/${proposal.id}`]: () => ({
          body: {
            proposal: {
              ...proposal,
              state: 'accepted',
              decidedAt: '2025-03-01T10:00:00.000Z',
              taskId: id(77),
            },
          },
        }),
      },
      () => ({ status: 500, body: null }),
    );
    const user = userEvent.setup();
    renderChat();
    const card = await screen.findByRole('article', { name: 'Walk 20 minutes' });
    expect(within(card).getByText('Tomorrow · 20 min')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Accept: Walk 20 minutes' }));
    expect(api.callsTo(`PATCH /api/coach/proposals/${proposal.id}`)[0]?.body).toEqual({
      decision: 'accept',
    });
    expect(
      await screen.findByText('Added “Walk 20 minutes” to your tasks for tomorrow.'),
    ).toBeVisible();
    expect(within(card).getByText('Accepted')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See your tasks' })).toHaveAttribute(
      'href',
      '/tasks',
    );
    expect(within(card).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });

  it('a crisis message gets the crisis response, with the focus on it', async () => {
    const stream = controlledStream();
    chatApi(
      { [`GET /api/coach/coaches/${COACH}/messages`]: () => ({ body: page([]) }) },
      () => stream,
    );
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Start the conversation');
    await user.type(composer(), 'something frightening{Enter}');
    stream.push('message', message(1, 'person', { text: 'something frightening' }));
    stream.push(
      'crisis',
      message(2, 'coach', {
        kind: 'crisis',
        text: 'Thank you for telling me. **988 Suicide & Crisis Lifeline**: call or text 988.',
      }),
    );
    stream.close();
    const heading = await screen.findByRole('heading', {
      name: 'Let’s pause the coaching for now',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('988 Suicide & Crisis Lifeline')).toBeInTheDocument();
  });

  it('loads older messages above on request', async () => {
    const api = chatApi(
      {
        [`GET /api/coach/coaches/${COACH}/messages`]: (call) => ({
          body: call.url.includes('before=c1')
            ? page([message(1, 'person'), message(2, 'coach')])
            : page([message(3, 'person'), message(4, 'coach')], 'c1'),
        }),
      },
      () => ({ status: 500, body: null }),
    );
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('I wrote 3');
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('I wrote 1')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('I wrote 1'),
      expect.stringContaining('Coach answer 2'),
      expect.stringContaining('I wrote 3'),
      expect.stringContaining('Coach answer 4'),
    ]);
    expect(screen.getByText('The start of your conversation with Rowan')).toBeInTheDocument();
    expect(api.callsTo(`GET /api/coach/coaches/${COACH}/messages`)[1]?.url).toContain('before=c1');
  });

  it('counts characters near the limit and will not send past it', async () => {
    chatApi({ [`GET /api/coach/coaches/${COACH}/messages`]: () => ({ body: page([]) }) }, () => ({
      status: 500,
      body: null,
    }));
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Start the conversation');
    await user.click(composer());
    await user.paste('a'.repeat(3600));
    expect(screen.getByText('3,600 / 4,000')).toBeInTheDocument();
    await user.paste('a'.repeat(401));
    expect(screen.getByText('1 characters over the 4,000 limit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('another person’s or an unknown coach is the not-found page', async () => {
    chatApi(
      {
        [`GET /api/coach/coaches/${COACH}/messages`]: () => ({
          status: 404,
          body: { error: { code: 'not_found', message: 'No such coach.', requestId: 'r' } },
        }),
      },
      () => ({ status: 500, body: null }),
    );
    renderChat();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('a coach id that is not an id at all is the not-found page without asking', () => {
    const api = chatApi({}, () => ({ status: 500, body: null }));
    renderChat('not-a-coach');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
