import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReflectionRequest } from '#contracts/coaching.ts';
import { makeReflection, USER } from '#client/test/coach-screen-fixtures.ts';
import { deferred, fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { ReflectionPanel } from './reflection-panel.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const renderPanel = (coachId?: string) =>
  renderScreen(<ReflectionPanel userId={USER} {...(coachId ? { coachId } : {})} />);

describe('ReflectionPanel', () => {
  it('asks for words first, then sends the period, text and mood, and shows the reply', async () => {
    const release = deferred<void>();
    const api = fakeApi({
      'POST /api/coach/reflections': async (call) => {
        await release.promise;
        const body = call.body as ReflectionRequest;
        return { body: makeReflection({ period: body.period, text: body.text, mood: body.mood }) };
      },
    });
    renderPanel();
    const panel = screen.getByRole('region', { name: 'Reflect' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Reflect with your coach' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Write a few words first.');
    expect(api.calls).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('radio', { name: 'This week' }));
    await userEvent.type(
      within(panel).getByRole('textbox', { name: 'How did this week go?' }),
      '  Ran twice, read once.  ',
    );
    await userEvent.click(within(panel).getByRole('radio', { name: '4 Good' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Reflect with your coach' }));
    expect(
      await within(panel).findByRole('button', { name: 'Your coach is reading...' }),
    ).toBeDisabled();
    release.resolve();

    const heading = await within(panel).findByRole('heading', { name: 'Rowan replied' });
    expect(heading).toHaveFocus();
    expect(within(panel).getByText('2 of 3').tagName).toBe('STRONG');
    expect(within(panel).getByText('Answered by the offline coach')).toBeInTheDocument();
    expect(api.callsTo('POST /api/coach/reflections')[0]?.body).toEqual({
      period: 'weekly',
      text: 'Ran twice, read once.',
      mood: 4,
    });

    await userEvent.click(within(panel).getByRole('button', { name: 'Write another' }));
    expect(within(panel).getByRole('textbox', { name: 'How did this week go?' })).toHaveValue('');
  });

  it('a crisis reply shows the crisis response instead of coaching', async () => {
    fakeApi({
      'POST /api/coach/reflections': () => ({
        body: makeReflection({
          crisis: true,
          reply: 'You deserve support right now. **Call or text 988** (US).',
        }),
      }),
    });
    renderPanel('5b0f7a3e-1111-4c2a-9d7e-0000000000aa');
    await userEvent.type(screen.getByRole('textbox', { name: 'How did today go?' }), 'words');
    await userEvent.click(screen.getByRole('button', { name: 'Reflect with your coach' }));
    const heading = await screen.findByRole('heading', {
      name: 'Let’s pause the coaching for now',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Call or text 988')).toBeInTheDocument();
    expect(screen.queryByText(/Answered by/)).not.toBeInTheDocument();
  });

  it("keeps the words when the server refuses, and says the server's reason", async () => {
    fakeApi({
      'POST /api/coach/reflections': () => ({
        status: 429,
        body: {
          error: {
            code: 'rate_limited',
            message: 'You have written a lot today. Try again in a minute.',
            requestId: 't',
          },
        },
      }),
    });
    renderPanel();
    const box = screen.getByRole('textbox', { name: 'How did today go?' });
    await userEvent.type(box, 'A long day.');
    await userEvent.click(screen.getByRole('button', { name: 'Reflect with your coach' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have written a lot today. Try again in a minute.',
    );
    expect(box).toHaveValue('A long day.');
  });

  it('with no coach on the team, says so and leads to the team page', async () => {
    fakeApi({
      'POST /api/coach/reflections': () => ({
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message:
              'Add a coach to your team first: your coach is the one who answers a reflection.',
            requestId: 't',
          },
        },
      }),
    });
    renderPanel();
    await userEvent.type(screen.getByRole('textbox', { name: 'How did today go?' }), 'A day.');
    await userEvent.click(screen.getByRole('button', { name: 'Reflect with your coach' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Add a coach to your team first');
    expect(within(alert).getByRole('link', { name: 'Choose a coach' })).toHaveAttribute(
      'href',
      '/coaching/team',
    );
  });
});
