import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiCoachCatalogue, type CoachMessage, type UserCoach } from '#contracts/coaching.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { CoachingHub } from './coaching-hub.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const USER = '5b0f7a3e-1111-4c2a-9d7e-000000000002';
const HARPER = '5b0f7a3e-3333-4c2a-9d7e-0000000000c2';
const ROWAN = '5b0f7a3e-3333-4c2a-9d7e-0000000000c1';

function ownCoach(extra: Partial<UserCoach> & Pick<UserCoach, 'id'>): UserCoach {
  return {
    catalogueId: 'ai-career',
    kind: 'ai',
    domain: 'career',
    name: 'Harper',
    tone: 'direct',
    personality: {
      traits: { warmth: 3, directness: 3, humour: 2, formality: 2, challenge: 3 },
      replyLength: 'medium',
      personaNote: null,
    },
    teamPosition: 1,
    addedAt: '2025-03-01T08:00:00.000Z',
    lastMessageAt: null,
    unread: 0,
    ...extra,
  };
}

const reply = (engine: CoachMessage['engine'], model: string): CoachMessage => ({
  id: '00000000-0000-4000-8000-000000000002',
  coachId: HARPER,
  author: 'coach',
  kind: 'chat',
  state: 'complete',
  text: 'Ship the draft today.',
  engine,
  model,
  notice: null,
  proposals: [],
  createdAt: '2025-03-02T09:00:00.000Z',
});

const renderHub = (focusDomains: CoachDomain[] | undefined = []) =>
  renderScreen(<CoachingHub userId={USER} timeZone="UTC" focusDomains={focusDomains} />, {
    path: '/coaching',
    route: '/coaching',
  });

const catalogue = () => ({ body: { coaches: aiCoachCatalogue } });

describe('/coaching', () => {
  it('lists the person’s coaches with unread count, last message and their actions', async () => {
    const api = fakeApi({
      'GET /api/coach/catalogue': catalogue,
      'GET /api/coach/coaches': () => ({
        body: {
          coaches: [
            ownCoach({ id: HARPER, unread: 2, lastMessageAt: '2025-03-02T09:00:00.000Z' }),
            ownCoach({
              id: ROWAN,
              catalogueId: 'ai-health',
              domain: 'health',
              name: 'Coach Ro',
              tone: 'mindful',
              teamPosition: null,
            }),
          ],
        },
      }),
      [`GET /api/coach/coaches/${HARPER}/messages`]: () => ({
        body: {
          coach: ownCoach({ id: HARPER }),
          messages: [reply('openai', 'gpt-4o-mini')],
          olderCursor: null,
        },
      }),
    });
    renderHub();
    const harper = await screen.findByRole('article', { name: 'Harper' });
    expect(within(harper).getByText('2 unread')).toBeInTheDocument();
    expect(within(harper).getByText('Career · Direct tone')).toBeInTheDocument();
    expect(within(harper).getByText(/^Last message .*2025/)).toBeInTheDocument();
    expect(within(harper).getByText('On your team')).toBeInTheDocument();
    expect(within(harper).getByRole('link', { name: 'Chat with Harper' })).toHaveAttribute(
      'href',
      `/coaching/chat/${HARPER}`,
    );
    expect(within(harper).getByRole('link', { name: 'Customize Harper' })).toHaveAttribute(
      'href',
      `/coaching/customize/${HARPER}`,
    );
    expect(within(harper).getByRole('link', { name: 'Harper’s personality' })).toHaveAttribute(
      'href',
      `/coaching/personality/${HARPER}`,
    );
    const ro = screen.getByRole('article', { name: 'Coach Ro' });
    expect(within(ro).getByText('No messages yet')).toBeInTheDocument();
    expect(within(ro).queryByText('On your team')).not.toBeInTheDocument();
    // The engine of the newest reply, read from the thread that moved last.
    expect(
      await screen.findByText('Your last reply came from OpenAI gpt-4o-mini.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`GET /api/coach/coaches/${HARPER}/messages`)).toHaveLength(1);
  });

  it('shows a card per domain, with what it helps with and a link to its page', async () => {
    fakeApi({
      'GET /api/coach/catalogue': catalogue,
      'GET /api/coach/coaches': () => ({ body: { coaches: [] } }),
    });
    renderHub();
    const domains = await screen.findByRole('region', { name: 'Coaches by domain' });
    const cards = await within(domains).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Health',
      'Career',
      'Relationships',
      'Personal development',
    ]);
    const health = within(domains).getByRole('article', { name: 'Health' });
    expect(within(health).getByText('Sleep and energy routines')).toBeInTheDocument();
    expect(
      within(health).getByRole('link', { name: 'Meet Rowan, the health coach' }),
    ).toHaveAttribute('href', '/coaching/domains/health');
    expect(screen.getByRole('link', { name: /Open your team/ })).toHaveAttribute(
      'href',
      '/coaching/team',
    );
    expect(screen.getByRole('link', { name: 'Quick assessment' })).toHaveAttribute(
      'href',
      '/coaching/assessment',
    );
    expect(screen.getByRole('link', { name: 'In-depth assessment' })).toHaveAttribute(
      'href',
      '/coaching/assessment-enhanced',
    );
    expect(screen.getByRole('link', { name: 'Your recommendations' })).toHaveAttribute(
      'href',
      '/coaching/recommendations',
    );
    // Reflection is on the hub itself.
    expect(screen.getByRole('region', { name: 'Reflect' })).toBeInTheDocument();
    // No conversation yet: the default engine.
    expect(screen.getByText('Replies come from the built-in offline coach.')).toBeInTheDocument();
  });

  it('says which engine answers before any reply, and when it changed since the last one', async () => {
    fakeApi({
      'GET /api/coach/catalogue': catalogue,
      'GET /api/coach/coaches': () => ({ body: { coaches: [] } }),
      'GET /api/coaching/engine': () => ({
        body: { engine: 'anthropic', model: 'claude-haiku-4-5' },
      }),
    });
    renderHub();
    expect(
      await screen.findByText('Replies come from Anthropic claude-haiku-4-5.'),
    ).toBeInTheDocument();
  });

  it('adds the engine in use when the last reply came from another one', async () => {
    fakeApi({
      'GET /api/coach/catalogue': catalogue,
      'GET /api/coach/coaches': () => ({
        body: { coaches: [ownCoach({ id: HARPER, lastMessageAt: '2025-03-02T09:00:00.000Z' })] },
      }),
      [`GET /api/coach/coaches/${HARPER}/messages`]: () => ({
        body: {
          coach: ownCoach({ id: HARPER }),
          messages: [reply('offline', 'offline')],
          olderCursor: null,
        },
      }),
      'GET /api/coaching/engine': () => ({ body: { engine: 'openai', model: 'gpt-4.1-mini' } }),
    });
    renderHub();
    expect(
      await screen.findByText(
        'Your last reply came from the built-in offline coach. New replies come from OpenAI gpt-4.1-mini.',
      ),
    ).toBeInTheDocument();
  });

  it('a first visit suggests the focus areas’ coaches, one click each', async () => {
    let coaches: UserCoach[] = [];
    const api = fakeApi({
      'GET /api/coach/catalogue': catalogue,
      'GET /api/coach/coaches': () => ({ body: { coaches } }),
      'POST /api/coach/coaches': () => {
        coaches = [
          ownCoach({ id: ROWAN, catalogueId: 'ai-health', domain: 'health', name: 'Rowan' }),
        ];
        return { status: 201, body: coaches[0] };
      },
    });
    const user = userEvent.setup();
    renderHub(['health', 'relationships']);
    const yours = await screen.findByRole('region', { name: 'Your coaches' });
    expect(
      await within(yours).findByText(/You chose these focus areas when you started/),
    ).toBeInTheDocument();
    expect(within(yours).queryByRole('button', { name: /Harper/ })).not.toBeInTheDocument();
    await user.click(
      within(yours).getByRole('button', {
        name: 'Add Rowan, the health coach, to my coaches',
      }),
    );
    expect(api.callsTo('POST /api/coach/coaches')[0]?.body).toEqual({ catalogueId: 'ai-health' });
    expect(await screen.findByText('Rowan is now one of your coaches.')).toBeVisible();
    expect(await within(yours).findByRole('article', { name: 'Rowan' })).toBeInTheDocument();
  });

  it('without focus areas, points to the domains and the assessments', async () => {
    fakeApi({
      'GET /api/coach/catalogue': catalogue,
      'GET /api/coach/coaches': () => ({ body: { coaches: [] } }),
    });
    renderHub([]);
    expect(await screen.findByText(/You have no coaches yet/)).toBeInTheDocument();
  });

  it('a list that cannot load says so in place, with Try again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/coach/catalogue': catalogue,
      'GET /api/coach/coaches': () =>
        fail
          ? {
              status: 500,
              body: { error: { code: 'internal', message: 'Internal error', requestId: 'r' } },
            }
          : { body: { coaches: [ownCoach({ id: HARPER })] } },
    });
    const user = userEvent.setup();
    renderHub();
    expect(await screen.findByText('Your coaches could not load')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Harper' })).toBeInTheDocument(),
    );
  });
});
