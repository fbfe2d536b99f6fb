import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiCoachCatalogue, type Consultation, type UserCoach } from '#contracts/coaching.ts';
import { makeCoach, makeConsultation, USER, uuid } from '#client/test/coach-screen-fixtures.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { TeamScreen } from './team-screen.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderScreen(<TeamScreen userId={USER} today="2026-03-02" timeZone="UTC" />, {
    path: '/coaching/team',
    route: '/coaching/team',
  });

function teamApi(
  start: UserCoach[],
  consultations: Consultation[] = [],
  olderConsultations: Consultation[] = [],
) {
  let coaches = start;
  return fakeApi({
    'GET /api/coach/coaches': () => ({ body: { coaches } }),
    'GET /api/coach/catalogue': () => ({ body: { coaches: aiCoachCatalogue } }),
    'GET /api/coach/consultations': (call) =>
      new URL(call.url, 'http://x').searchParams.get('cursor') === 'older'
        ? { body: { consultations: olderConsultations, nextCursor: null } }
        : { body: { consultations, nextCursor: olderConsultations.length > 0 ? 'older' : null } },
    'PUT /api/coach/team-order': (call) => {
      const ids = (call.body as { coachIds: string[] }).coachIds;
      coaches = coaches.map((c) => ({ ...c, teamPosition: ids.indexOf(c.id) + 1 || null }));
      return { body: { coaches } };
    },
    'DELETE /api/coach/team/career': () => {
      coaches = coaches.map((c) =>
        c.domain === 'career' ? { ...c, teamPosition: null } : { ...c, teamPosition: 1 },
      );
      return { body: { removed: true } };
    },
    'POST /api/coach/coaches': (call) => {
      const { catalogueId } = call.body as { catalogueId: string };
      const entry = aiCoachCatalogue.find((c) => c.id === catalogueId)!;
      const added = makeCoach({
        catalogueId,
        domain: entry.domain,
        name: entry.name,
        teamPosition: coaches.filter((c) => c.teamPosition).length + 1,
      });
      coaches = [...coaches, added];
      return { body: added };
    },
  });
}

describe('/coaching/team', () => {
  it('an empty team says so, with a way to add a coach and the assessment', async () => {
    teamApi([]);
    renderPage();
    expect(await screen.findByText('No coaches on your team yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a coach' })).toHaveAttribute(
      'href',
      '#add-coaches',
    );
    expect(screen.getByRole('link', { name: /Find my coaches/ })).toHaveAttribute(
      'href',
      '/coaching/assessment',
    );
    expect(screen.getByRole('button', { name: 'Ask the team' })).toBeDisabled();
    // Every catalogue coach can join.
    const add = await screen.findAllByRole('button', { name: /^Add .* to your team$/ });
    expect(add).toHaveLength(4);
  });

  it('moves a coach with the keyboard: the order is saved, announced, and the focus follows', async () => {
    const rowan = makeCoach({ name: 'Rowan', teamPosition: 1 });
    const harper = makeCoach({
      name: 'Harper',
      domain: 'career',
      catalogueId: 'ai-career',
      teamPosition: 2,
    });
    const api = teamApi([harper, rowan]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your team, in order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Rowan'), expect.stringContaining('Harper')]);
    expect(within(list).getByRole('button', { name: 'Move Rowan up' })).toBeDisabled();

    within(list).getByRole('button', { name: 'Move Rowan down' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Harper'),
    );
    expect(api.callsTo('PUT /api/coach/team-order')[0]?.body).toEqual({
      coachIds: [harper.id, rowan.id],
    });
    expect(screen.getByText('Rowan moved to place 2 of 2.')).toBeInTheDocument();
    // At the bottom "down" is disabled, so "up" has the focus.
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'Move Rowan up' })).toHaveFocus(),
    );
  });

  it('takes a coach off the team (it stays among your coaches) and adds one back', async () => {
    const rowan = makeCoach({ name: 'Rowan', teamPosition: 1 });
    const harper = makeCoach({
      name: 'Harper',
      domain: 'career',
      catalogueId: 'ai-career',
      teamPosition: 2,
    });
    const api = teamApi([rowan, harper]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your team, in order' });
    await userEvent.click(within(list).getByRole('button', { name: 'Take Harper off the team' }));
    expect(await screen.findByText('Harper is off your team')).toBeInTheDocument();
    expect(within(list).queryByText('Harper')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/coach/team/career')).toHaveLength(1);

    const back = await screen.findByRole('button', { name: 'Add Harper to your team' });
    await userEvent.click(back);
    expect(api.callsTo('POST /api/coach/coaches')[0]?.body).toEqual({
      catalogueId: 'ai-career',
      addToTeam: true,
    });
  });

  it('Ask the team: each view, the trade-offs, a way through, and proposals to accept', async () => {
    const rowan = makeCoach({ name: 'Rowan', teamPosition: 1 });
    const proposalId = uuid();
    const answer = makeConsultation({
      question: 'Evenings: run or course?',
      views: [
        { coachId: rowan.id, coachName: 'Rowan', domain: 'health', view: 'Keep **three** runs.' },
      ],
      tradeOffs: ['Your goals want 9 h a week; you said you have 6.'],
      suggestion: 'Move two runs to the morning.',
      proposals: [
        {
          id: proposalId,
          coachId: rowan.id,
          draft: {
            kind: 'add_task',
            title: 'Morning run',
            goalId: null,
            date: '2026-03-03',
            minutes: 30,
          },
          reason: 'Mornings are free on Tuesdays.',
          state: 'open',
          decidedAt: null,
          taskId: null,
          experimentId: null,
        },
      ],
    });
    let stored: Consultation[] = [];
    const api = fakeApi({
      'GET /api/coach/coaches': () => ({ body: { coaches: [rowan] } }),
      'GET /api/coach/catalogue': () => ({ body: { coaches: aiCoachCatalogue } }),
      'GET /api/coach/consultations': () => ({ body: { consultations: stored, nextCursor: null } }),
      'POST /api/coach/consultations': () => {
        stored = [answer];
        return { body: answer };
      },
      [`PATCH /api/coach/proposals/${proposalId}`]: () => {
        const proposal = {
          ...answer.proposals[0]!,
          state: 'accepted' as const,
          decidedAt: '2026-03-02T10:00:00.000Z',
          taskId: uuid(),
        };
        stored = [{ ...answer, proposals: [proposal] }];
        return { body: { proposal } };
      },
    });
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    await userEvent.click(screen.getByRole('button', { name: 'Ask the team' }));
    expect(await screen.findByText('Write a question for your team first.')).toBeInTheDocument();

    await userEvent.type(box, 'Evenings: run or course?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the team' }));
    const heading = await screen.findByRole('heading', {
      name: 'Your team on: “Evenings: run or course?”',
    });
    expect(heading).toHaveFocus();
    expect(api.callsTo('POST /api/coach/consultations')[0]?.body).toEqual({
      question: 'Evenings: run or course?',
    });
    expect(
      screen.getByText('Your goals want 9 h a week; you said you have 6.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Move two runs to the morning.')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'New task: Morning run' });
    expect(card).toHaveTextContent('proposed by Rowan');
    await userEvent.click(
      within(card).getByRole('button', { name: 'Accept: New task: Morning run' }),
    );
    expect(await within(card).findByText('Accepted')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /See it in Tasks/ })).toHaveAttribute(
      'href',
      '/tasks',
    );
    expect(api.callsTo(`PATCH /api/coach/proposals/${proposalId}`)[0]?.body).toEqual({
      decision: 'accept',
    });
  });

  it('lists past consultations a page at a time, each opening to its answer', async () => {
    const past = makeConsultation({ question: 'Is my week too full?', suggestion: 'Drop one.' });
    const older = makeConsultation({ question: 'Gym or climbing?' });
    teamApi([makeCoach()], [past], [older]);
    renderPage();
    const summary = await screen.findByText('Is my week too full?');
    await userEvent.click(summary);
    expect(await screen.findByText('Drop one.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show older consultations' }));
    expect(await screen.findByText('Gym or climbing?')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Show older consultations' }),
    ).not.toBeInTheDocument();
  });
});
