import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  onboardingSchema,
  onboardingUpdateSchema,
  type Onboarding,
} from '#contracts/onboarding.ts';
import { acceptPlanResultSchema } from '#contracts/plan.ts';
import type { ScheduleUpdate } from '#contracts/schedule.ts';
import { OnboardingPage } from '#client/app/routes/app/onboarding.tsx';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';
import { makeChannels, makeSchedule, scheduleAnswer } from '#client/test/delivery-fixtures.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { createFakeAuth, makeSession, makeUser } from '#client/test/fake-auth.tsx';
import {
  breakdownAnswer,
  makeDetail,
  makeGoal,
  refineAnswer,
  smartGoal,
} from '#client/test/goal-fixtures.ts';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

/** The coach's plan for the first goal, dated far enough ahead for any day the test runs on. */
const plan = breakdownAnswer({
  engine: 'offline',
  model: 'trellis-offline-1',
  result: {
    kind: 'plan',
    milestones: [
      { title: 'Base', description: 'Run three times a week.', dueDate: '2099-03-20' },
      { title: 'Build', description: 'Longer runs.', dueDate: '2099-04-20' },
      { title: 'Race', description: 'Run the 10k.', dueDate: '2099-06-01' },
    ],
    tasks: [
      { title: 'Run 2 km', milestoneIndex: 0, scheduledDate: '2099-03-03', estimatedMinutes: 30 },
      { title: 'Stretch', milestoneIndex: 0, scheduledDate: '2099-03-04', estimatedMinutes: 15 },
    ],
    notes: [],
  },
});

function onboarding(change: Partial<Onboarding> = {}): Onboarding {
  return onboardingSchema.parse({
    step: 'welcome',
    focusDomains: [],
    coachTone: null,
    completedAt: null,
    skippedAt: null,
    ...change,
  });
}

/** A server that keeps the onboarding and the schedule it is sent. */
function onboardingApi(start: Onboarding, extra: Parameters<typeof fakeApi>[0] = {}) {
  let state = start;
  let schedule = makeSchedule({ saved: false, timeZone: 'Europe/Paris' });
  return fakeApi({
    'GET /api/onboarding': () => ({ body: state }),
    'PUT /api/onboarding': ({ body }) => {
      const update = onboardingUpdateSchema.parse(body);
      const { finish, ...rest } = update;
      state = {
        ...state,
        ...rest,
        ...(finish === 'complete' ? { completedAt: '2026-03-02T08:00:00.000Z' } : {}),
        ...(finish === 'skip' ? { skippedAt: '2026-03-02T08:00:00.000Z' } : {}),
      };
      return { body: state };
    },
    'GET /api/profile': () => ({
      body: { timeZone: 'Europe/Paris', dailyCapacityMinutes: 90, saved: true },
    }),
    'GET /api/schedule': () => ({ body: scheduleAnswer(schedule) }),
    'PUT /api/schedule': ({ body }) => {
      schedule = { ...(body as ScheduleUpdate), saved: true };
      return { body: scheduleAnswer(schedule) };
    },
    'GET /api/channels': () => ({ body: makeChannels() }),
    ...extra,
  });
}

function renderOnboarding(user = makeUser()) {
  // The channel cards read the signed-in user (the account's email address).
  const { auth, fake } = createFakeAuth();
  fake.getSession.mockResolvedValue({ data: { session: makeSession({ user }) }, error: null });
  return renderScreen(
    <AuthProvider auth={auth}>
      <AuthGate>
        <OnboardingPage />
      </AuthGate>
    </AuthProvider>,
    { route: '/onboarding', path: '/onboarding' },
  );
}

describe('Onboarding', { timeout: 30_000 }, () => {
  it('walks from the welcome through the time zone and the channels, saving each step', async () => {
    const user = userEvent.setup();
    const api = onboardingApi(onboarding());
    renderOnboarding();

    expect(await screen.findByRole('heading', { name: 'Welcome to Trellis' })).toBeVisible();
    expect(screen.getByText('Step 1 of 6')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Back/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Get started/ }));

    const zoneHeading = await screen.findByRole('heading', { name: 'Where are you?' });
    expect(zoneHeading).toHaveFocus();
    expect(screen.getByText('Step 2 of 6')).toBeVisible();
    expect(api.callsTo('PUT /api/onboarding')[0]?.body).toEqual({ step: 'time_zone' });

    // The zone this device reports is offered first; typing searches, Enter chooses.
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const picker = await screen.findByRole('combobox', { name: 'Your time zone' });
    expect(picker).toHaveValue(detected.replaceAll('_', ' ').replaceAll('/', ' / '));
    await user.clear(picker);
    await user.type(picker, 'tokyo');
    expect(screen.getByRole('option', { name: /Asia \/ Tokyo/ })).toBeVisible();
    await user.keyboard('{Enter}');
    expect(picker).toHaveValue('Asia / Tokyo');
    expect(api.callsTo('PUT /api/schedule')).toHaveLength(0);
    // Enter again, with the list closed, submits the step.
    await user.keyboard('{Enter}');

    const channelsHeading = await screen.findByRole('heading', {
      name: 'How should your top three reach you?',
    });
    expect(channelsHeading).toHaveFocus();
    expect(api.callsTo('PUT /api/schedule')[0]?.body).toMatchObject({ timeZone: 'Asia/Tokyo' });
    expect(api.callsTo('PUT /api/onboarding')[1]?.body).toEqual({ step: 'channels' });

    // The channel cards from Settings, each with its own times: every channel shows once.
    expect(await screen.findByRole('heading', { name: 'Email' })).toBeVisible();
    for (const [name, channel] of [
      ['Email', 'Email'],
      ['SMS', 'SMS'],
      ['Push', 'Push'],
    ] as const) {
      const card = screen.getByRole('region', { name });
      expect(within(card).getByRole('group', { name: `${channel} delivery times` })).toBeVisible();
    }
    expect(screen.getAllByRole('group', { name: /delivery times/ })).toHaveLength(3);
    // No word of the dev outbox to someone who is not an admin.
    expect(screen.queryByText(/outbox/)).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('region', { name: 'Push' })).getByRole('button', {
        name: 'Add a time for Push',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Saturday' }));
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(
      await screen.findByRole('heading', { name: 'What do you want to focus on?' }),
    ).toHaveFocus();
    expect(api.callsTo('PUT /api/schedule')[1]?.body).toMatchObject({
      timeZone: 'Asia/Tokyo',
      times: { email: ['07:30'], sms: [], push: ['07:30'] },
      days: [1, 2, 3, 4, 5, 7],
    });
    expect(api.callsTo('PUT /api/onboarding')[2]?.body).toEqual({ step: 'focus' });
  });

  it('offers push only to someone trying without an account, and says where email and texts come from', async () => {
    const user = userEvent.setup();
    const api = onboardingApi(onboarding({ step: 'channels' }));
    renderOnboarding(makeUser({ email: '', is_anonymous: true, app_metadata: {} }));

    expect(
      await screen.findByRole('heading', { name: 'How should your top three reach you?' }),
    ).toBeVisible();
    // Push, with its times; no email or SMS card to switch on and be refused.
    const push = await screen.findByRole('region', { name: 'Push' });
    expect(within(push).getByRole('group', { name: 'Push delivery times' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'SMS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Daily email' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /delivery times/ })).toHaveLength(1);

    const later = screen.getByRole('region', { name: 'Email and text messages' });
    expect(
      within(later).getByText(/Email and text messages arrive once you save your account\./),
    ).toBeVisible();
    expect(within(later).getByRole('link', { name: 'Save your account' })).toHaveAttribute(
      'href',
      '/settings#save-account',
    );
    expect(screen.queryByText(/forbidden|403/i)).not.toBeInTheDocument();

    // The step still saves and moves on, without touching a channel.
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(
      await screen.findByRole('heading', { name: 'What do you want to focus on?' }),
    ).toHaveFocus();
    expect(api.callsTo('PUT /api/onboarding')[0]?.body).toEqual({ step: 'focus' });
    expect(api.calls.filter((call) => call.path.startsWith('/api/channels/'))).toHaveLength(0);
  });

  it('takes someone trying without an account to Save your account in Settings', async () => {
    const user = userEvent.setup();
    onboardingApi(onboarding({ step: 'channels' }));
    renderOnboarding(makeUser({ email: '', is_anonymous: true, app_metadata: {} }));

    await user.click(await screen.findByRole('link', { name: 'Save your account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings'));
  });

  it('resumes at the saved step, goes back without saving, and finishes with the focus and tone chosen', async () => {
    const user = userEvent.setup();
    const api = onboardingApi(onboarding({ step: 'focus' }));
    renderOnboarding();

    expect(
      await screen.findByRole('heading', { name: 'What do you want to focus on?' }),
    ).toBeVisible();
    expect(screen.getByText('Step 4 of 6')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /Career/ }));
    await user.click(screen.getByRole('checkbox', { name: /Health/ }));
    expect(screen.getByRole('checkbox', { name: /Health/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    // The goals flow, which can be skipped.
    expect(
      await screen.findByRole('heading', { name: 'What do you want to achieve?' }),
    ).toHaveFocus();
    expect(api.callsTo('PUT /api/onboarding')[0]?.body).toEqual({
      step: 'first_goal',
      focusDomains: ['health', 'career'],
    });
    await user.click(screen.getByRole('button', { name: /Skip this step/ }));

    const toneHeading = await screen.findByRole('heading', {
      name: 'How should your coach talk to you?',
    });
    expect(toneHeading).toHaveFocus();
    expect(api.callsTo('PUT /api/onboarding')[1]?.body).toEqual({ step: 'tone' });

    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(
      await screen.findByRole('heading', { name: 'What do you want to achieve?' }),
    ).toHaveFocus();
    expect(api.callsTo('PUT /api/onboarding')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Skip this step/ }));
    await screen.findByRole('heading', { name: 'How should your coach talk to you?' });

    const direct = screen.getByRole('radio', { name: /Direct/ });
    expect(direct).toHaveAccessibleName(expect.stringContaining('it has waited two days'));
    await user.click(direct);
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(api.callsTo('PUT /api/onboarding').at(-1)?.body).toEqual({
      coachTone: 'direct',
      finish: 'complete',
    });
  });

  it('ends the goal step with the plan accepted in place, then moves on to the tone', async () => {
    const user = userEvent.setup();
    const goal = makeGoal({ title: 'Run a 10k', deadline: '2099-06-01' });
    const api = onboardingApi(onboarding({ step: 'first_goal' }), {
      'POST /api/coach/refine-goal': () => ({
        body: refineAnswer({
          engine: 'offline',
          model: 'trellis-offline-1',
          // A deadline after any day the test runs on.
          result: { kind: 'smart', goal: { ...smartGoal, deadline: '2099-06-01' }, notes: [] },
        }),
      }),
      'POST /api/goals': () => ({ status: 201, body: goal }),
      [`GET /api/goals/${goal.id}`]: () => ({ body: makeDetail(goal) }),
      [`POST /api/goals/${goal.id}/breakdown`]: () => ({ body: plan }),
      [`POST /api/goals/${goal.id}/plan`]: () => ({
        status: 201,
        body: acceptPlanResultSchema.parse({ goal, milestones: [], tasks: [] }),
      }),
    });
    renderOnboarding();

    // One progress bar and one way to skip: the flow's, not the goal page's too.
    await screen.findByRole('heading', { name: 'What do you want to achieve?' });
    expect(screen.getByText('Step 5 of 6')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /skip/i })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Back/ })).toHaveLength(1);

    await user.type(screen.getByLabelText('Your goal in one sentence'), 'I want to run a 10k');
    await user.click(screen.getByRole('button', { name: 'Shape it with the coach' }));
    // The coach's answer takes the focus, not the page.
    expect(await screen.findByRole('heading', { name: 'Review your SMART goal' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save goal' }));

    // The saved goal goes on to its plan, proposed and editable here.
    expect(await screen.findByRole('heading', { name: 'Plan your first steps' })).toHaveFocus();
    expect(await screen.findByRole('checkbox', { name: 'Run 2 km' })).toBeChecked();
    expect(api.callsTo('PUT /api/onboarding')).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /skip/i })).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Stretch' }));
    await user.click(screen.getByRole('button', { name: 'Accept 4 selected' }));

    expect(
      await screen.findByRole('heading', { name: 'How should your coach talk to you?' }),
    ).toHaveFocus();
    expect(api.callsTo('POST /api/goals')).toHaveLength(1);
    expect(api.callsTo(`POST /api/goals/${goal.id}/plan`)[0]?.body).toMatchObject({
      milestones: [{ title: 'Base' }, { title: 'Build' }, { title: 'Race' }],
      tasks: [{ title: 'Run 2 km', scheduledDate: '2099-03-03' }],
    });
    expect(api.callsTo('PUT /api/onboarding')[0]?.body).toEqual({ step: 'tone' });
  });

  it('offers the plan of a goal saved on an earlier visit, so it is not declared again', async () => {
    const user = userEvent.setup();
    const goal = makeGoal({ title: 'Run a 10k', deadline: '2099-06-01', nextMilestone: null });
    const api = onboardingApi(onboarding({ step: 'first_goal' }), {
      'GET /api/goals': () => ({ body: { goals: [goal] } }),
      [`GET /api/goals/${goal.id}`]: () => ({ body: makeDetail(goal) }),
      [`POST /api/goals/${goal.id}/breakdown`]: () => ({ body: plan }),
      [`POST /api/goals/${goal.id}/plan`]: () => ({
        status: 201,
        body: acceptPlanResultSchema.parse({ goal, milestones: [], tasks: [] }),
      }),
    });
    renderOnboarding();

    await user.click(await screen.findByRole('button', { name: 'Plan “Run a 10k”' }));
    expect(await screen.findByRole('heading', { name: 'Plan your first steps' })).toHaveFocus();
    await user.click(await screen.findByRole('button', { name: 'Accept all' }));
    await screen.findByRole('heading', { name: 'How should your coach talk to you?' });
    expect(api.callsTo('POST /api/goals')).toHaveLength(0);
    expect(api.callsTo(`POST /api/goals/${goal.id}/plan`)).toHaveLength(1);
  });

  it('lets the plan be skipped once the goal is saved', async () => {
    const user = userEvent.setup();
    const goal = makeGoal({ title: 'Run a 10k', deadline: '2099-06-01' });
    const api = onboardingApi(onboarding({ step: 'first_goal' }), {
      'POST /api/coach/refine-goal': () => ({
        body: refineAnswer({
          engine: 'offline',
          model: 'trellis-offline-1',
          result: { kind: 'smart', goal: { ...smartGoal, deadline: '2099-06-01' }, notes: [] },
        }),
      }),
      'POST /api/goals': () => ({ status: 201, body: goal }),
      [`GET /api/goals/${goal.id}`]: () => ({ body: makeDetail(goal) }),
      [`POST /api/goals/${goal.id}/breakdown`]: () => ({ body: plan }),
    });
    renderOnboarding();

    await user.type(
      await screen.findByLabelText('Your goal in one sentence'),
      'I want to run a 10k',
    );
    await user.click(screen.getByRole('button', { name: 'Shape it with the coach' }));
    await user.click(await screen.findByRole('button', { name: 'Save goal' }));
    await screen.findByRole('checkbox', { name: 'Run 2 km' });
    await user.click(screen.getByRole('button', { name: 'Skip the plan' }));

    await screen.findByRole('heading', { name: 'How should your coach talk to you?' });
    expect(api.callsTo(`POST /api/goals/${goal.id}/plan`)).toHaveLength(0);
    expect(api.callsTo('PUT /api/onboarding')[0]?.body).toEqual({ step: 'tone' });
  });

  it('leaves for the dashboard with “Skip for now”', async () => {
    const user = userEvent.setup();
    const api = onboardingApi(onboarding({ step: 'channels' }));
    renderOnboarding();

    await screen.findByRole('heading', { name: 'How should your top three reach you?' });
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(api.callsTo('PUT /api/onboarding')).toEqual([
      expect.objectContaining({ body: { finish: 'skip' } }),
    ]);
    expect(api.callsTo('PUT /api/schedule')).toHaveLength(0);
  });

  it('keeps the step and says so when the step cannot be saved', async () => {
    const user = userEvent.setup();
    onboardingApi(onboarding({ step: 'focus' }), {
      'PUT /api/onboarding': () => ({
        status: 500,
        body: {
          error: { code: 'internal', message: 'Something went wrong on our side.', requestId: 'r' },
        },
      }),
    });
    renderOnboarding();

    await screen.findByRole('heading', { name: 'What do you want to focus on?' });
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your progress was not saved. Something went wrong on our side.',
    );
    expect(screen.getByRole('heading', { name: 'What do you want to focus on?' })).toBeVisible();
  });

  it('says “You’re all set” once onboarding is complete, with where to go next', async () => {
    onboardingApi(onboarding({ step: 'tone', completedAt: '2026-03-01T08:00:00.000Z' }));
    renderOnboarding();

    const done = await screen.findByRole('heading', { name: 'You’re all set' });
    const card = done.parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(card).getByRole('link', { name: 'Delivery times and days' })).toHaveAttribute(
      'href',
      '/schedule',
    );
    expect(within(card).getByRole('link', { name: 'Email, SMS and push' })).toHaveAttribute(
      'href',
      '/settings#notifications',
    );
    expect(screen.queryByText(/Step \d of 6/)).not.toBeInTheDocument();
  });

  it('shows a failed load in place, with a way to try again', async () => {
    const user = userEvent.setup();
    let reads = 0;
    onboardingApi(onboarding(), {
      'GET /api/onboarding': () => {
        reads += 1;
        return reads === 1
          ? {
              status: 503,
              body: {
                error: { code: 'internal', message: 'The server is busy.', requestId: 'r' },
              },
            }
          : { body: onboarding() };
      },
    });
    renderOnboarding();

    expect(await screen.findByText('Your setup could not load')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Trellis' })).toBeVisible();
  });
});
