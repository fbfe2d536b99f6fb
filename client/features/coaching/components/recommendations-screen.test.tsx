import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Recommendations, Team } from '#contracts/assessments.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { RecommendationsScreen } from './recommendations-screen.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

const USER = '5b0f7a3e-1111-4c2a-9d7e-000000000002';
const AT = '2025-03-03T09:00:00.000Z';

const ranked: Recommendations = {
  assessment: { id: '5b0f7a3e-2222-4c2a-9d7e-000000000001', kind: 'quick', completedAt: AT },
  recommendations: (['health', 'career', 'relationships', 'personal_development'] as const).map(
    (domain, index) => ({
      domain,
      rank: index + 1,
      score: 50 - index * 10,
      reason: domain === 'health' ? 'You chose Health as a focus.' : 'Not among your focus areas.',
      suggestedTone: 'direct' as const,
      toneReason: 'You chose a direct tone; what keeps you going is clear deadlines.',
    }),
  ),
};

const renderPage = () =>
  renderScreen(<RecommendationsScreen userId={USER} timeZone="UTC" />, {
    path: '/coaching/recommendations',
    route: '/coaching/recommendations',
  });

afterEach(() => vi.unstubAllGlobals());

describe('/coaching/recommendations', () => {
  it('before any assessment: an empty state leading to both assessments', async () => {
    fakeApi({
      'GET /api/coach/recommendations': () => ({
        body: { assessment: null, recommendations: [] },
      }),
      'GET /api/coach/team': () => ({ body: { coaches: [] } }),
    });
    renderPage();
    expect(await screen.findByText('No recommendations yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the quick assessment' })).toHaveAttribute(
      'href',
      '/coaching/assessment',
    );
    expect(screen.getByRole('link', { name: 'Take the in-depth assessment' })).toHaveAttribute(
      'href',
      '/coaching/assessment-enhanced',
    );
  });

  it('ranked coaches with reason and tone; Add to team turns into On your team', async () => {
    let team: Team = { coaches: [] };
    const api = fakeApi({
      'GET /api/coach/recommendations': () => ({ body: ranked }),
      'GET /api/coach/team': () => ({ body: team }),
      'POST /api/coach/team': (call) => {
        const member = { ...(call.body as { domain: 'health'; tone: 'direct' }), addedAt: AT };
        team = { coaches: [member] };
        return { body: member };
      },
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Recommended coaches, best match first' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-labelledby'))).toEqual([
      'coach-health',
      'coach-career',
      'coach-relationships',
      'coach-personal_development',
    ]);
    const health = within(list).getByRole('article', { name: 'Health coach' });
    expect(health).toHaveTextContent('Best match');
    expect(health).toHaveTextContent('You chose Health as a focus.');
    expect(health).toHaveTextContent('Suggested tone: Direct.');
    expect(screen.getByText('From your quick assessment of Mar 3, 2025.')).toBeInTheDocument();
    await userEvent.click(within(health).getByRole('button', { name: 'Add to team' }));
    expect(await within(health).findByRole('button', { name: 'On your team' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/coach/team')[0]?.body).toEqual({
      domain: 'health',
      tone: 'direct',
    });
  });

  it('Start chat opens the person’s own copy of the coach, made on the way', async () => {
    const own = '5b0f7a3e-3333-4c2a-9d7e-0000000000c1';
    const api = fakeApi({
      'GET /api/coach/recommendations': () => ({ body: ranked }),
      'GET /api/coach/team': () => ({ body: { coaches: [] } }),
      'POST /api/coach/coaches': () => ({
        status: 201,
        body: {
          id: own,
          catalogueId: 'ai-health',
          kind: 'ai',
          domain: 'health',
          name: 'Rowan',
          tone: 'direct',
          personality: {
            traits: { warmth: 3, directness: 3, humour: 2, formality: 2, challenge: 3 },
            replyLength: 'medium',
            personaNote: null,
          },
          teamPosition: null,
          addedAt: AT,
          lastMessageAt: null,
          unread: 0,
        },
      }),
    });
    renderPage();
    const health = await screen.findByRole('article', { name: 'Health coach' });
    await userEvent.click(
      within(health).getByRole('button', { name: 'Start chat with the Health coach' }),
    );
    expect(api.callsTo('POST /api/coach/coaches')[0]?.body).toEqual({
      catalogueId: 'ai-health',
      addToTeam: false,
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/coaching/chat/${own}`);
  });
});
