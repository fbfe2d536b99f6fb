import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreviewRequest, UpdatePersonality, UserCoach } from '#contracts/coaching.ts';
import { makeCoach, USER } from '#client/test/coach-screen-fixtures.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { PersonalityScreen } from './personality-screen.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const renderPage = (coach: UserCoach) =>
  renderScreen(<PersonalityScreen userId={USER} coach={coach} />, {
    path: `/coaching/personality/${coach.id}`,
    route: '/coaching/personality/:userCoachId',
  });

/** The preview answers with the warmth and length it was asked for, so a change shows. */
function previewText(body: PreviewRequest) {
  return `Warmth ${body.traits.warmth}, ${body.replyLength}.`;
}

describe('/coaching/personality/{userCoachId}', () => {
  it('the preview follows the sliders and the reply length, asked with the unsaved draft', async () => {
    const coach = makeCoach({ tone: 'direct' });
    const api = fakeApi({
      [`POST /api/coach/coaches/${coach.id}/preview`]: (call) => ({
        body: { text: previewText(call.body as PreviewRequest) },
      }),
    });
    renderPage(coach);
    expect(await screen.findByText('Warmth 3, medium.')).toBeInTheDocument();

    const warmth = screen.getByRole('slider', { name: 'Warmth' });
    expect(warmth).toHaveAttribute('aria-valuetext', '3 of 5, balanced');
    fireEvent.change(warmth, { target: { value: '5' } });
    expect(warmth).toHaveAttribute('aria-valuetext', '5 of 5, warm');
    await userEvent.click(screen.getByRole('radio', { name: /Short/ }));
    expect(await screen.findByText('Warmth 5, short.')).toBeInTheDocument();
    const last = api.callsTo(`POST /api/coach/coaches/${coach.id}/preview`).at(-1);
    expect(last?.body).toMatchObject({
      tone: 'direct',
      replyLength: 'short',
      traits: { warmth: 5 },
      personaNote: null,
    });
  });

  it('counts the persona note, refuses over 500 and saves the draft', async () => {
    const coach = makeCoach();
    let saved: UpdatePersonality | undefined;
    fakeApi({
      [`POST /api/coach/coaches/${coach.id}/preview`]: () => ({ body: { text: 'Hello.' } }),
      [`PUT /api/coach/coaches/${coach.id}/personality`]: (call) => {
        saved = call.body as UpdatePersonality;
        if ('reset' in saved) return { body: coach };
        return { body: { ...coach, personality: saved } };
      },
    });
    renderPage(coach);
    const note = screen.getByRole('textbox', { name: 'Persona note (optional)' });
    fireEvent.change(note, { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText(/501\/500 characters/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Keep the note to 500 characters');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toBeUndefined();
    expect(note).toHaveFocus();

    await userEvent.clear(note);
    await userEvent.type(note, ' Call me Sam. ');
    fireEvent.change(screen.getByRole('slider', { name: 'Challenge' }), {
      target: { value: '5' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Personality saved')).toBeInTheDocument();
    expect(saved).toEqual({
      traits: { ...coach.personality.traits, challenge: 5 },
      replyLength: 'medium',
      personaNote: 'Call me Sam.',
    });
  });

  it("a note the crisis guard refuses shows the server's response beside it", async () => {
    const coach = makeCoach();
    fakeApi({
      [`POST /api/coach/coaches/${coach.id}/preview`]: () => ({ body: { text: 'Hello.' } }),
      [`PUT /api/coach/coaches/${coach.id}/personality`]: () => ({
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message:
              'This note talks about harming yourself, so it was not saved. If you are in danger, call 988.',
            details: [
              {
                path: 'body.personaNote',
                message:
                  'this note talks about harming yourself, so it was not saved. If you are in danger, call 988.',
              },
            ],
            requestId: 't',
          },
        },
      }),
    });
    renderPage(coach);
    const note = screen.getByRole('textbox', { name: 'Persona note (optional)' });
    await userEvent.type(note, 'something the guard reads as a crisis');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This note talks about harming yourself');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(expect.stringContaining('call 988'));
  });

  it('Reset puts every trait back to the default', async () => {
    const coach = makeCoach({
      personality: {
        traits: { warmth: 5, directness: 1, humour: 5, formality: 5, challenge: 1 },
        replyLength: 'long',
        personaNote: 'Call me Sam.',
      },
    });
    const api = fakeApi({
      [`POST /api/coach/coaches/${coach.id}/preview`]: () => ({ body: { text: 'Hello.' } }),
      [`PUT /api/coach/coaches/${coach.id}/personality`]: () => ({
        body: makeCoach({ id: coach.id }),
      }),
    });
    renderPage(coach);
    expect(screen.getByRole('slider', { name: 'Warmth' })).toHaveValue('5');
    await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(screen.getByRole('slider', { name: 'Warmth' })).toHaveValue('3'));
    expect(screen.getByRole('textbox', { name: 'Persona note (optional)' })).toHaveValue('');
    expect(api.callsTo(`PUT /api/coach/coaches/${coach.id}/personality`)[0]?.body).toEqual({
      reset: true,
    });
  });
});
