import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('a note the crisis guard refuses: no sample, the help instead, and nothing saved', async () => {
    const coach = makeCoach();
    const refusal = {
      status: 422,
      body: {
        crisis: {
          kind: 'crisis',
          category: 'self_harm',
          message: 'It sounds like you are carrying a lot right now.',
          resources: [
            { name: '988 Suicide & Crisis Lifeline', contact: 'Call or text 988', region: 'US' },
          ],
        },
      },
    };
    fakeApi({
      [`POST /api/coach/coaches/${coach.id}/preview`]: (call) =>
        (call.body as PreviewRequest).personaNote ? refusal : { body: { text: 'Hello.' } },
      [`PUT /api/coach/coaches/${coach.id}/personality`]: () => refusal,
    });
    renderPage(coach);
    expect(await screen.findByText('Hello.')).toBeInTheDocument();
    const note = screen.getByRole('textbox', { name: 'Persona note (optional)' });
    await userEvent.type(note, 'words the guard reads as a crisis');
    // The help appears while typing, without taking the focus from the note.
    const help = await screen.findByRole('region', { name: 'Let’s pause the coaching for now' });
    expect(note).toHaveFocus();
    expect(
      within(help).getByText('It sounds like you are carrying a lot right now.'),
    ).toBeVisible();
    expect(within(help).getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988');
    expect(
      screen.getByText('No sample with this note: the help beside the note comes first.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This note was not saved. Your coach will not use it.',
    );
    expect(
      screen.getAllByRole('region', { name: 'Let’s pause the coaching for now' }),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Let’s pause the coaching for now' }),
      ).toHaveFocus(),
    );
    expect(screen.queryByText('Personality saved')).not.toBeInTheDocument();
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
