import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insightSchema, type Insight, type InsightList } from '#contracts/insights.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { ProgressInsightsPage } from './progress.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const INSIGHT_ID = '00000000-0000-4000-8000-0000000000aa';
const SUGGESTION_ID = '00000000-0000-4000-8000-0000000000bb';

const insight: Insight = insightSchema.parse({
  id: INSIGHT_ID,
  weekStart: '2025-03-10',
  engine: 'offline',
  generatedAt: '2025-03-10T06:00:00.000Z',
  content: {
    period: { from: '2025-03-03', to: '2025-03-09' },
    figures: {
      tasksDone: 6,
      skipped: 1,
      movedForward: [],
      slipping: [],
      stalledGoals: [],
      topThree: { days: 7, allDone: 4, rate: 4 / 7 },
      streak: { before: 0, after: 4, best: 4 },
      lightestDay: null,
    },
    words: {
      headline: '“Run a 10k” moved forward this week.',
      movedForward: 'You did 6 tasks.',
      slipping: 'Nothing kept slipping.',
      topThree: 'You finished your whole top three on 4 of 7 days.',
      streak: 'Your streak grew from 0 days to 4 days, your best so far.',
    },
    suggestions: [
      {
        id: SUGGESTION_ID,
        kind: 'add_task',
        goalId: '00000000-0000-4000-8000-0000000000cc',
        title: '10 minutes on Learn Spanish',
        minutes: 10,
        text: 'Add a 10-minute task for “Learn Spanish”: it had no progress this week.',
        state: 'open',
        taskId: null,
        decidedAt: null,
      },
    ],
  },
});

describe('/progress', () => {
  it('offers to write the first insight, then shows it with the engine that wrote it', async () => {
    const empty: InsightList = { weekStart: '2025-03-10', current: null, past: [] };
    const api = fakeApi({
      'GET /api/insights': () => ({
        body: api.callsTo('POST /api/insights/refresh').length
          ? { ...empty, current: insight }
          : empty,
      }),
      'POST /api/insights/refresh': () => ({ body: insight }),
    });
    renderScreen(<ProgressInsightsPage />);
    expect(screen.getByRole('status', { name: 'Loading your insights' })).toBeInTheDocument();
    await screen.findByText('No insight for this week yet');
    await userEvent.click(screen.getByRole('button', { name: 'Write this week’s insight' }));
    const card = await screen.findByRole('region', { name: 'This week’s insight' });
    expect(within(card).getByText(/Written by the offline coach/)).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Top-three completion' })).toHaveTextContent(
      '57%',
    );
    expect(within(card).getByRole('group', { name: 'Streak' })).toHaveTextContent('+4 days');
  });

  it('accepting a suggestion posts the decision and shows it was accepted', async () => {
    const accepted = {
      ...insight,
      content: {
        ...insight.content,
        suggestions: insight.content.suggestions.map((s) => ({
          ...s,
          state: 'accepted' as const,
          taskId: '00000000-0000-4000-8000-0000000000dd',
          decidedAt: '2025-03-10T07:00:00.000Z',
        })),
      },
    };
    const api = fakeApi({
      'GET /api/insights': () => ({
        body: { weekStart: '2025-03-10', current: insight, past: [] },
      }),
      [`POST /api/insights/${INSIGHT_ID}/suggestions/${SUGGESTION_ID}`]: () => ({
        body: { insight: accepted, suggestion: accepted.content.suggestions[0] },
      }),
    });
    renderScreen(<ProgressInsightsPage />);
    const accept = await screen.findByRole('button', { name: /^Accept: Add a 10-minute task/ });
    await userEvent.click(accept);
    expect(await screen.findByText('Accepted: your task is updated')).toBeInTheDocument();
    expect(
      api.callsTo(`POST /api/insights/${INSIGHT_ID}/suggestions/${SUGGESTION_ID}`)[0]?.body,
    ).toEqual({
      decision: 'accept',
    });
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
  });

  it('says so when the insights cannot load, with a retry', async () => {
    fakeApi({
      'GET /api/insights': () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'x', requestId: 'r' } },
      }),
    });
    renderScreen(<ProgressInsightsPage />);
    expect(await screen.findByText('Your insights could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('an accepted experiment links to it on /experiments', async () => {
    const EXPERIMENT_ID = '00000000-0000-4000-8000-0000000000ee';
    const proposal = {
      id: SUGGESTION_ID,
      kind: 'experiment' as const,
      targetTaskId: '00000000-0000-4000-8000-0000000000dd',
      draft: {
        title: 'Try “Stretch” first thing for 7 days',
        hypothesis: 'Doing “Stretch” first makes it happen.',
        change: 'For 7 days, do “Stretch” first thing.',
        days: 7,
        goalId: null,
      },
      experimentId: null,
      text: 'Run an experiment: try “Stretch” first thing for 7 days, rating each day how it went. It slipped 3 times this week.',
      state: 'open' as const,
      taskId: null,
      decidedAt: null,
    };
    const withProposal = insightSchema.parse({
      ...insight,
      content: { ...insight.content, suggestions: [proposal] },
    });
    const accepted = {
      ...proposal,
      state: 'accepted' as const,
      experimentId: EXPERIMENT_ID,
      decidedAt: '2025-03-10T07:00:00.000Z',
    };
    const acceptedInsight = insightSchema.parse({
      ...insight,
      content: { ...insight.content, suggestions: [accepted] },
    });
    fakeApi({
      'GET /api/insights': () => ({
        body: { weekStart: '2025-03-10', current: withProposal, past: [] },
      }),
      [`POST /api/insights/${INSIGHT_ID}/suggestions/${SUGGESTION_ID}`]: () => ({
        body: { insight: acceptedInsight, suggestion: accepted },
      }),
    });
    renderScreen(<ProgressInsightsPage />);
    expect(
      await screen.findByText(/^Run an experiment: try “Stretch” first thing for 7 days/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open the experiment/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Accept: Run an experiment/ }));
    expect(await screen.findByText('Accepted: your experiment is planned')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the experiment' })).toHaveAttribute(
      'href',
      `/experiments?id=${EXPERIMENT_ID}`,
    );
  });
});
