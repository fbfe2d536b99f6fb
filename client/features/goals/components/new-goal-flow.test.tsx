import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { makeGoal, refineAnswer, smartGoal } from '#client/test/goal-fixtures.ts';
import { NewGoalFlow } from './new-goal-flow.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

const TODAY = '2026-03-02';

const questions = refineAnswer({
  engine: 'offline',
  model: 'trellis-offline-1',
  notice: 'OpenAI did not answer in time, so the offline coach answered.',
  result: {
    kind: 'questions',
    questions: [
      {
        id: 'outcome',
        question: 'What would “be healthier” look like in practice?',
        suggestions: ['Run 5 km', 'Run 10 km'],
      },
      {
        id: 'deadline',
        question: 'By when would you like to get there?',
        suggestions: ['In 3 months'],
      },
      { id: 'why', question: 'Why does this matter to you right now?', suggestions: [] },
    ],
    notes: [],
  },
});

const proposal = refineAnswer({
  engine: 'openai',
  model: 'gpt-4o-mini',
  result: {
    kind: 'smart',
    goal: smartGoal,
    notes: ['I set the deadline to 1 June.'],
    flags: ['over_ambitious', 'fixed_date'],
  },
});

async function declare(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByLabelText('Your goal in one sentence'), text);
  await user.click(screen.getByRole('button', { name: 'Shape it with the coach' }));
}

// Typing with userEvent is slow on a busy machine.
describe('NewGoalFlow', { timeout: 20_000 }, () => {
  it('moves the focus to the coach’s answer even when a frame comes before it is on screen', async () => {
    // On a busy machine the browser can paint a frame before the next view renders; focus must
    // still land on the new view's heading, not fall to the page.
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 0;
    });
    try {
      const user = userEvent.setup();
      fakeApi({ 'POST /api/coach/refine-goal': () => ({ body: proposal }) });
      renderScreen(<NewGoalFlow today={TODAY} />, { route: '/goals/new', path: '/goals/new' });
      await declare(user, 'I want to run a 10k');
      const review = await screen.findByRole('heading', { name: 'Review your SMART goal' });
      await waitFor(() => expect(review).toHaveFocus());
    } finally {
      frame.mockRestore();
    }
  });

  it('asks the questions, sends the answers, shows who answered, and saves the goal as edited', async () => {
    const user = userEvent.setup();
    const saved = makeGoal({ title: 'Run my first 10k' });
    let round = 0;
    const api = fakeApi({
      'POST /api/coach/refine-goal': () => ({ body: round++ === 0 ? questions : proposal }),
      'POST /api/goals': () => ({ status: 201, body: saved }),
    });
    renderScreen(<NewGoalFlow today={TODAY} />, { route: '/goals/new', path: '/goals/new' });

    await declare(user, 'I want to be healthier');
    // The answer takes the focus: the button that asked is gone.
    expect(await screen.findByRole('heading', { name: 'A few questions first' })).toHaveFocus();
    expect(screen.getByText('Answered by the offline coach')).toBeVisible();
    expect(
      screen.getByText('OpenAI did not answer in time, so the offline coach answered.'),
    ).toBeVisible();
    expect(api.callsTo('POST /api/coach/refine-goal')[0]?.body).toEqual({
      text: 'I want to be healthier',
    });

    // One tap answers with a suggestion; a typed answer works too; an empty one is left out.
    await user.click(screen.getByRole('button', { name: 'Run 10 km' }));
    expect(screen.getByRole('button', { name: 'Run 10 km' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.type(screen.getByLabelText(/By when would you like/), 'By June');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Review your SMART goal' })).toHaveFocus();
    expect(api.callsTo('POST /api/coach/refine-goal')[1]?.body).toEqual({
      text: 'I want to be healthier',
      answers: [
        { questionId: 'outcome', answer: 'Run 10 km' },
        { questionId: 'deadline', answer: 'By June' },
      ],
    });
    expect(screen.getByText('Answered by OpenAI gpt-4o-mini')).toBeVisible();
    expect(screen.getByText('I set the deadline to 1 June.')).toBeVisible();
    const noticed = screen.getByRole('list', { name: 'What the coach noticed' });
    expect(
      within(noticed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ambitious for the time', 'Fixed date kept']);

    // Nothing is written before the person says yes.
    expect(api.callsTo('POST /api/goals')).toHaveLength(0);
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue('Run a 10k');
    await user.clear(title);
    await user.type(title, 'Run my first 10k');
    await user.clear(screen.getByLabelText('Target'));
    await user.type(screen.getByLabelText('Target'), '12');
    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    await user.click(screen.getByLabelText('Pin as one of my top three goals'));
    await user.click(screen.getByRole('button', { name: 'Save goal' }));

    expect(await screen.findByRole('heading', { name: 'Goal saved' })).toHaveFocus();
    expect(api.callsTo('POST /api/goals')[0]?.body).toEqual({
      goal: {
        ...smartGoal,
        title: 'Run my first 10k',
        metric: { ...smartGoal.metric, target: 12 },
      },
      priority: 'high',
      pinned: true,
      proposedBy: 'openai',
    });

    await user.click(screen.getByRole('button', { name: /Break it down/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/goals/${saved.id}/breakdown`);
  });

  it('says what to fix on the SMART goal and saves nothing until it is fixed', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/coach/refine-goal': () => ({ body: proposal }),
    });
    renderScreen(<NewGoalFlow today={TODAY} />);
    await declare(user, 'Run a 10k by June');
    await screen.findByRole('heading', { name: 'Review your SMART goal' });

    await user.clear(screen.getByLabelText('Title'));
    await user.clear(screen.getByLabelText('Deadline'));
    await user.type(screen.getByLabelText('Deadline'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Save goal' }));

    expect(screen.getByText(/Give the goal a short title/)).toBeVisible();
    expect(screen.getByText('Choose a date after today.')).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(api.callsTo('POST /api/goals')).toHaveLength(0);
  });

  it('stops on a crisis answer and shows its message and help, kindly', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/coach/refine-goal': () => ({
        body: refineAnswer({
          engine: 'offline',
          model: 'trellis-safety-guard',
          result: {
            kind: 'crisis',
            category: 'self_harm',
            message: 'It sounds like you are going through something really painful.',
            resources: [
              {
                name: '988 Suicide & Crisis Lifeline',
                contact: 'Call or text 988',
                url: 'https://988lifeline.org',
                region: 'US',
              },
              { name: 'Samaritans', contact: 'Call 116 123 (free, 24/7)', region: 'UK & Ireland' },
            ],
          },
        }),
      }),
    });
    renderScreen(<NewGoalFlow today={TODAY} />);
    await declare(user, 'I want to end it all');

    const panel = (
      await screen.findByRole('heading', { name: 'Let’s pause the coaching for now' })
    ).closest('section');
    expect(panel).not.toBeNull();
    const help = within(panel as HTMLElement);
    expect(help.getByText(/going through something really painful/)).toBeVisible();
    expect(help.getByText('988 Suicide & Crisis Lifeline')).toBeVisible();
    expect(help.getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988');
    expect(help.getByRole('link', { name: /Call 116 123/ })).toHaveAttribute('href', 'tel:116123');
    expect(help.getByRole('link', { name: /988lifeline\.org/ })).toHaveAttribute(
      'href',
      'https://988lifeline.org',
    );
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Let’s pause the coaching for now' }),
      ).toHaveFocus(),
    );
    // The flow does not go on: no questions, no goal form, nothing saved.
    expect(screen.queryByRole('button', { name: 'Save goal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/goals')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to my goals' })).toBeVisible();
  });
});
