import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiCoachCatalogue, HEALTH_NOTE, type UserCoach } from '#contracts/coaching.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { makeGoal } from '#client/test/goal-fixtures.ts';
import { CoachingDomainPage } from './coaching-domain.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

vi.mock('#client/lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ user: { id: '5b0f7a3e-1111-4c2a-9d7e-000000000002' } }),
}));

afterEach(() => vi.unstubAllGlobals());

const ROWAN = '5b0f7a3e-3333-4c2a-9d7e-0000000000c1';
const GOAL = '00000000-0000-4000-8000-000000000001';

const rowan: UserCoach = {
  id: ROWAN,
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
  teamPosition: null,
  addedAt: '2025-03-01T08:00:00.000Z',
  lastMessageAt: null,
  unread: 0,
};

const goals = {
  goals: [
    makeGoal({
      id: GOAL,
      title: 'Run a 10K',
      domain: 'health',
      progress: 40,
      deadline: '2099-06-30',
    }),
  ],
};

const renderDomain = (domain: string) =>
  renderScreen(<CoachingDomainPage />, {
    path: `/coaching/domains/${domain}`,
    route: '/coaching/domains/:domainId',
  });

describe('/coaching/domains/{domainId}', () => {
  it('shows what the coach helps with, the health note and the person’s goals in the domain', async () => {
    const api = fakeApi({
      'GET /api/coach/catalogue': () => ({ body: { coaches: aiCoachCatalogue } }),
      'GET /api/coach/coaches': () => ({ body: { coaches: [] } }),
      'GET /api/goals': () => ({ body: goals }),
    });
    renderDomain('health');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rowan, your health coach' }),
    ).toBeInTheDocument();
    const helps = screen.getByRole('region', { name: 'What Rowan helps with' });
    expect(within(helps).getByText('Sleep and energy routines')).toBeInTheDocument();
    expect(within(helps).getByRole('note')).toHaveTextContent(HEALTH_NOTE);
    const goalsPanel = screen.getByRole('region', { name: 'Your health goals' });
    expect(await within(goalsPanel).findByRole('link', { name: 'Run a 10K' })).toHaveAttribute(
      'href',
      `/goals/${GOAL}`,
    );
    expect(
      within(goalsPanel).getByRole('progressbar', { name: 'Run a 10K progress' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(api.callsTo('GET /api/goals')[0]?.url).toBe('/api/goals?status=active&domain=health');
  });

  it('Start chat makes the person’s coach, then opens its thread', async () => {
    const api = fakeApi({
      'GET /api/coach/catalogue': () => ({ body: { coaches: aiCoachCatalogue } }),
      'GET /api/coach/coaches': () => ({ body: { coaches: [] } }),
      'POST /api/coach/coaches': () => ({ status: 201, body: rowan }),
      'GET /api/goals': () => ({ body: { goals: [] } }),
    });
    const user = userEvent.setup();
    renderDomain('health');
    await user.click(await screen.findByRole('button', { name: 'Start chat' }));
    expect(api.callsTo('POST /api/coach/coaches')[0]?.body).toEqual({
      catalogueId: 'ai-health',
      addToTeam: false,
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/coaching/chat/${ROWAN}`);
  });

  it('Add to team puts the coach on the team; once there it says so', async () => {
    let coaches: UserCoach[] = [rowan];
    const api = fakeApi({
      'GET /api/coach/catalogue': () => ({ body: { coaches: aiCoachCatalogue } }),
      'GET /api/coach/coaches': () => ({ body: { coaches } }),
      'POST /api/coach/coaches': () => {
        coaches = [{ ...rowan, teamPosition: 1 }];
        return { body: coaches[0] };
      },
      'GET /api/goals': () => ({ body: { goals: [] } }),
    });
    const user = userEvent.setup();
    renderDomain('health');
    expect(await screen.findByText('No health goals yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add to team' }));
    expect(api.callsTo('POST /api/coach/coaches')[0]?.body).toEqual({
      catalogueId: 'ai-health',
      addToTeam: true,
    });
    expect(await screen.findByText('Rowan is on your team.')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'On your team' })).toHaveAttribute(
      'href',
      '/coaching/team',
    );
  });

  it('other domains carry no health note', async () => {
    fakeApi({
      'GET /api/coach/catalogue': () => ({ body: { coaches: aiCoachCatalogue } }),
      'GET /api/coach/coaches': () => ({ body: { coaches: [] } }),
      'GET /api/goals': () => ({ body: { goals: [] } }),
    });
    renderDomain('personal_development');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Quinn, your personal development coach',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('an unknown domain is the not-found page', () => {
    const api = fakeApi({});
    renderDomain('astrology');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
