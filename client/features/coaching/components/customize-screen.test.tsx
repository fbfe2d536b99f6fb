import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomizeCoach, PreviewRequest, UserCoach } from '#contracts/coaching.ts';
import { makeCoach, USER } from '#client/test/coach-screen-fixtures.ts';
import { deferred, fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { CustomizeScreen } from './customize-screen.tsx';
import { OwnCoachPage } from './own-coach-page.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const samples = {
  supportive: { sample: 'Static supportive.' },
  direct: { sample: 'Static direct.' },
  analytical: { sample: 'Static analytical.' },
  motivational: { sample: 'Static motivational.' },
  mindful: { sample: 'Static mindful.' },
};

function renderCustomize(coachId: string) {
  return renderScreen(
    <OwnCoachPage
      userId={USER}
      coachId={coachId}
      loadingTitle="Customize coach"
      notFound={<h1>Page not found</h1>}
    >
      {(coach) => <CustomizeScreen userId={USER} coach={coach} toneSamples={samples} />}
    </OwnCoachPage>,
    { path: `/coaching/customize/${coachId}`, route: '/coaching/customize/:userCoachId' },
  );
}

function api(coach: UserCoach, previews: Promise<void> = Promise.resolve()) {
  let current = coach;
  return fakeApi({
    'GET /api/coach/coaches': () => ({ body: { coaches: [current] } }),
    [`POST /api/coach/coaches/${coach.id}/preview`]: async (call) => {
      await previews;
      const { tone } = call.body as PreviewRequest;
      return { body: { text: `Your week, in a **${tone}** voice.` } };
    },
    [`PATCH /api/coach/coaches/${coach.id}`]: (call) => {
      const body = call.body as CustomizeCoach;
      current =
        'reset' in body
          ? { ...current, name: 'Rowan', tone: 'supportive' }
          : { ...current, ...body };
      return { body: current };
    },
  });
}

describe('/coaching/customize/{userCoachId}', () => {
  it("another person's or an unknown coach is the not-found page", async () => {
    api(makeCoach());
    renderCustomize('5b0f7a3e-9999-4c2a-9d7e-000000000000');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('each tone shows a fixed sample until the coach’s own sample from the server arrives', async () => {
    const coach = makeCoach();
    const release = deferred<void>();
    const calls = api(coach, release.promise);
    renderCustomize(coach.id);
    const tones = await screen.findByRole('group', { name: 'Tone' });
    const direct = within(tones).getByRole('radio', { name: 'Direct' });
    expect(direct).toHaveAccessibleDescription('Static direct.');
    expect(within(tones).getByRole('radio', { name: 'Supportive' })).toBeChecked();
    release.resolve();
    await waitFor(() =>
      expect(direct).toHaveAccessibleDescription('Your week, in a direct voice.'),
    );
    const asked = calls.callsTo(`POST /api/coach/coaches/${coach.id}/preview`);
    expect(asked.map((call) => (call.body as PreviewRequest).tone).sort()).toEqual([
      'analytical',
      'direct',
      'mindful',
      'motivational',
      'supportive',
    ]);
    expect((asked[0]?.body as PreviewRequest).replyLength).toBe('short');
  });

  it('checks the name as it is typed, and saves only what changed', async () => {
    const coach = makeCoach();
    const calls = api(coach);
    renderCustomize(coach.id);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Give your coach a name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(name, 'x'.repeat(41));
    expect(screen.getByRole('alert')).toHaveTextContent('Keep it to 40 characters (this is 41).');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.callsTo(`PATCH /api/coach/coaches/${coach.id}`)).toHaveLength(0);
    expect(name).toHaveFocus();

    await userEvent.clear(name);
    await userEvent.type(name, 'Coach Sam');
    await userEvent.click(screen.getByRole('radio', { name: 'Direct' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Coach saved')).toBeInTheDocument();
    expect(screen.getByText('Coach Sam now speaks in a direct tone.')).toBeInTheDocument();
    expect(calls.callsTo(`PATCH /api/coach/coaches/${coach.id}`)[0]?.body).toEqual({
      name: 'Coach Sam',
      tone: 'direct',
    });
    expect(await screen.findByRole('heading', { name: 'Customize Coach Sam' })).toBeInTheDocument();
  });

  it('Reset to default asks the server to reset, and shows what it came back as', async () => {
    const coach = makeCoach({ name: 'Coach Sam', tone: 'mindful' });
    const calls = api(coach);
    renderCustomize(coach.id);
    expect(await screen.findByRole('radio', { name: 'Mindful' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(await screen.findByText('Back to the default')).toBeInTheDocument();
    expect(calls.callsTo(`PATCH /api/coach/coaches/${coach.id}`)[0]?.body).toEqual({
      reset: true,
    });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Rowan');
    expect(screen.getByRole('radio', { name: 'Supportive' })).toBeChecked();
  });

  it("a refused save says the server's words in a toast", async () => {
    const coach = makeCoach();
    fakeApi({
      'GET /api/coach/coaches': () => ({ body: { coaches: [coach] } }),
      [`POST /api/coach/coaches/${coach.id}/preview`]: () => ({ body: { text: 'Hi.' } }),
      [`PATCH /api/coach/coaches/${coach.id}`]: () => ({
        status: 429,
        body: {
          error: {
            code: 'rate_limited',
            message: 'You have reached the limit for now. Try again in a minute.',
            requestId: 't',
          },
        },
      }),
    });
    renderCustomize(coach.id);
    await userEvent.click(await screen.findByRole('radio', { name: 'Analytical' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your coach was not saved')).toBeInTheDocument();
    expect(
      screen.getByText('You have reached the limit for now. Try again in a minute.'),
    ).toBeInTheDocument();
  });
});
