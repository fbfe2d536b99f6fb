import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, USER } from '#client/test/coach-screen-fixtures.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { HistoryScreen } from './history-screen.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const GOAL = '5b0f7a3e-3333-4c2a-9d7e-000000000001';
const goals = [{ id: GOAL, title: 'Run a 10k' }];

const renderPage = (path = '/history') =>
  renderScreen(
    <HistoryScreen
      userId={USER}
      timeZone="UTC"
      today="2026-03-02"
      goals={goals}
      reflection={<p>reflection here</p>}
    />,
    { path, route: '/history' },
  );

describe('/history', () => {
  it('shows the timeline by day, newest first, each entry linking to its source, a page at a time', async () => {
    const api = fakeApi({
      'GET /api/history': (call) =>
        new URL(call.url, 'http://x').searchParams.get('cursor') === 'page-2'
          ? {
              body: {
                entries: [
                  makeEntry({
                    type: 'milestone_reached',
                    title: 'Reached: 5 km without stopping',
                    at: '2026-02-20T08:00:00.000Z',
                    href: `/goals/${GOAL}`,
                  }),
                ],
                nextCursor: null,
              },
            }
          : {
              body: {
                entries: [
                  makeEntry({ title: 'Run 2 km', at: '2026-03-02T18:00:00.000Z' }),
                  makeEntry({
                    type: 'reflection',
                    title: 'Daily reflection',
                    detail: 'Ran in the morning.',
                    at: '2026-03-02T07:00:00.000Z',
                    href: '/history?types=reflection',
                  }),
                  makeEntry({
                    type: 'task_skipped',
                    title: 'Read 10 pages',
                    at: '2026-03-01T20:00:00.000Z',
                  }),
                ],
                nextCursor: 'page-2',
              },
            },
    });
    renderPage();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(
      within(today)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Run 2 km', 'Daily reflection']);
    expect(within(today).getByText('Ran in the morning.')).toBeInTheDocument();
    const yesterday = screen.getByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByRole('link', { name: 'Read 10 pages' })).toHaveAttribute(
      'href',
      '/tasks',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const older = await screen.findByRole('link', { name: 'Reached: 5 km without stopping' });
    expect(older).toHaveAttribute('href', `/goals/${GOAL}`);
    expect(await screen.findByText('That is everything.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/history').map((call) => call.url)).toEqual([
      '/api/history?limit=30',
      '/api/history?cursor=page-2&limit=30',
    ]);
  });

  it('reads the filters from the URL, and writes each change back into it', async () => {
    const api = fakeApi({
      'GET /api/history': () => ({ body: { entries: [], nextCursor: null } }),
    });
    const { router } = renderPage(`/history?types=reflection&goal=${GOAL}&from=2026-03-01`);
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    expect(api.callsTo('GET /api/history')[0]?.url).toBe(
      `/api/history?types=reflection&goalId=${GOAL}&from=2026-03-01&limit=30`,
    );
    // Filters in the link: the panel opens with them.
    expect(screen.getByRole('checkbox', { name: 'Reflections' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Goal' })).toHaveValue(GOAL);
    expect(screen.getByText('3 on')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Tasks done' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'health');
    expect(router.state.location.search).toBe(
      `?types=task_done%2Creflection&goal=${GOAL}&domain=health&from=2026-03-01`,
    );
    expect(api.callsTo('GET /api/history').at(-1)?.url).toBe(
      `/api/history?types=task_done%2Creflection&goalId=${GOAL}&domain=health&from=2026-03-01&limit=30`,
    );

    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(router.state.location.search).toBe('');
  });

  it('with nothing yet: an empty state that leads to today’s tasks, and reflection beside it', async () => {
    fakeApi({ 'GET /api/history': () => ({ body: { entries: [], nextCursor: null } }) });
    renderPage();
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open today’s tasks' })).toHaveAttribute(
      'href',
      '/tasks',
    );
    expect(screen.getByText('reflection here')).toBeInTheDocument();
  });

  it('a failed read offers to try again', async () => {
    fakeApi({
      'GET /api/history': () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong.', requestId: 't' } },
      }),
    });
    renderPage();
    expect(await screen.findByText('Your history could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
