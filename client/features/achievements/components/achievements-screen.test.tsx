import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BADGES, type AchievementList } from '#contracts/achievements.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { AchievementsScreen } from './achievements-screen.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

const USER = '5b0f7a3e-1111-4c2a-9d7e-000000000001';

function list(earned: Record<string, string> = {}): AchievementList {
  const achievements = BADGES.map((b) => ({
    badge: b.id,
    title: b.title,
    howToEarn: b.howToEarn,
    available: b.available,
    earnedAt: earned[b.id] ?? null,
    progress:
      b.id === 'streak_7' && !earned[b.id]
        ? { current: 5, target: 7, unit: 'days' as const }
        : null,
  }));
  return {
    achievements,
    earned: achievements.filter((a) => a.earnedAt).length,
    total: achievements.length,
  };
}

const renderPage = () =>
  renderScreen(<AchievementsScreen userId={USER} timeZone="UTC" />, {
    path: '/achievements',
    route: '/achievements',
  });

afterEach(() => vi.unstubAllGlobals());

describe('/achievements', () => {
  it('with nothing earned: an empty state that leads to a first goal, and every badge locked', async () => {
    fakeApi({ 'GET /api/achievements': () => ({ body: list() }) });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading achievements' })).toBeInTheDocument();
    expect(await screen.findByText('No badges yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set your first goal' })).toHaveAttribute(
      'href',
      '/goals/new',
    );
    const locked = screen.getByRole('region', { name: 'Still to earn' });
    expect(within(locked).getAllByRole('listitem')).toHaveLength(16);
    expect(screen.queryByRole('region', { name: 'Earned' })).not.toBeInTheDocument();
  });

  it('earned badges with their date, locked ones in words with progress, and the closest next', async () => {
    fakeApi({
      'GET /api/achievements': () => ({
        body: list({ first_goal: '2025-03-03T09:00:00.000Z' }),
      }),
    });
    renderPage();
    const earned = await screen.findByRole('region', { name: 'Earned' });
    const goal = within(earned).getByRole('listitem', { name: 'First goal' });
    // The date in the reader's locale, machine-readable beside it.
    expect(goal).toHaveTextContent(/Earned (3 March|March 3,) 2025/);
    expect(within(goal).getByText(/2025/)).toHaveAttribute('datetime', '2025-03-03T09:00:00.000Z');
    const locked = screen.getByRole('region', { name: 'Still to earn' });
    const streak = within(locked).getByRole('listitem', { name: '7-day streak' });
    expect(streak).toHaveTextContent('Locked · Finish your top three 7 days in a row.');
    expect(
      within(streak).getByRole('progressbar', { name: '7-day streak: 5 of 7 days' }),
    ).toHaveAttribute('aria-valuenow', '71');
    expect(within(locked).getByRole('listitem', { name: 'First reflection' })).toHaveTextContent(
      'Coming soon',
    );
    expect(screen.getByText('1 of 16')).toBeInTheDocument();
    expect(screen.getByText(/Closest next:/)).toHaveTextContent(
      'Closest next: 7-day streak (5 of 7 days)',
    );
  });

  it('a failed load says so and tries again on request', async () => {
    let fail = true;
    fakeApi({
      'GET /api/achievements': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x', requestId: 't' } } }
          : { body: list() },
    });
    renderPage();
    expect(await screen.findByText('Your achievements could not load')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No badges yet')).toBeInTheDocument();
  });
});
