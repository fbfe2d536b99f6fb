import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { createFakeAuth, makeSession } from '#client/test/fake-auth.tsx';
import { DoneLink } from './done-link.tsx';
import { UnsubscribeLink } from './unsubscribe-link.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: null }, error: null }) },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** A link token shaped like the server's (its signature is the server's business). */
function token(payload: object): string {
  return `${base64url({ alg: 'HS256' })}.${base64url(payload)}.signature-${Math.random().toString(36).slice(2)}`;
}

function render(page: React.ReactNode, path: string, { signedIn = false } = {}) {
  const { auth, fake } = createFakeAuth();
  if (signedIn)
    fake.getSession.mockResolvedValue({ data: { session: makeSession() }, error: null });
  return renderScreen(
    <StrictMode>
      <AuthProvider auth={auth}>
        <AuthGate>{page}</AuthGate>
      </AuthProvider>
    </StrictMode>,
    { path, route: path.split('?')[0] },
  );
}

const apiError = (status: number, message: string) => ({
  status,
  body: {
    error: { code: status === 404 ? 'not_found' : 'invalid_input', message, requestId: 'r' },
  },
});

describe('/done', () => {
  it('completes the task once as the page opens and names it', async () => {
    const link = token({ k: 'c' });
    const api = fakeApi({
      'POST /api/links/complete': () => ({ body: { taskTitle: 'Run 5 km', outcome: 'done' } }),
    });
    render(<DoneLink />, `/done?token=${link}`, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Marked done' })).toBeInTheDocument();
    expect(screen.getByText(/Marked done:/)).toHaveTextContent('Marked done: Run 5 km');
    expect(api.callsTo('POST /api/links/complete')).toHaveLength(1);
    expect(api.callsTo('POST /api/links/complete')[0]?.body).toEqual({ token: link });
    expect(screen.getByRole('link', { name: 'Open your tasks' })).toHaveAttribute('href', '/tasks');
  });

  it('says when the task was already done', async () => {
    fakeApi({
      'POST /api/links/complete': () => ({
        body: { taskTitle: 'Call Sam', outcome: 'already_done' },
      }),
    });
    render(<DoneLink />, `/done?token=${token({ k: 'c' })}`);
    expect(await screen.findByRole('heading', { name: 'Already done' })).toBeInTheDocument();
    expect(screen.getByText(/Already done:/)).toHaveTextContent('Already done: Call Sam');
  });

  it('asks before completing a task the person skipped in the app, and completes it on yes', async () => {
    const link = token({ k: 'c' });
    const api = fakeApi({
      'POST /api/links/complete': (call) => ({
        body: {
          taskTitle: 'Stretch',
          outcome: (call.body as { evenIfSkipped?: boolean }).evenIfSkipped ? 'done' : 'skipped',
        },
      }),
    });
    render(<DoneLink />, `/done?token=${link}`, { signedIn: true });
    expect(
      await screen.findByRole('heading', { name: 'You skipped this one' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You skipped Stretch in Trellis.');
    expect(screen.getByRole('link', { name: 'Keep it skipped' })).toHaveAttribute('href', '/tasks');
    expect(api.callsTo('POST /api/links/complete')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Yes, mark it done' }));
    expect(await screen.findByRole('heading', { name: 'Marked done' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/links/complete')[1]?.body).toEqual({
      token: link,
      evenIfSkipped: true,
    });
  });

  it('shows the server’s reason for a bad link and a way into Trellis', async () => {
    fakeApi({
      'POST /api/links/complete': () =>
        apiError(400, 'This link has expired. Open Trellis to mark the task done.'),
    });
    render(<DoneLink />, `/done?token=${token({ k: 'c' })}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired. Open Trellis to mark the task done.',
    );
    expect(screen.getByRole('heading', { name: 'This link didn’t work' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Trellis' })).toHaveAttribute(
      'href',
      '/login?next=%2Ftasks',
    );
  });

  it('calls nothing without a token', async () => {
    const api = fakeApi({});
    render(<DoneLink />, '/done');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is missing its token.');
    expect(api.calls.filter((call) => call.path.startsWith('/api/links'))).toHaveLength(0);
  });
});

describe('/unsubscribe', () => {
  it('asks first, names the channel, then turns it off and links back to the settings', async () => {
    const link = token({ k: 'u', c: 's' });
    const api = fakeApi({
      'POST /api/links/unsubscribe': () => ({ body: { channel: 'sms' } }),
    });
    render(<UnsubscribeLink />, `/unsubscribe?token=${link}`);
    const button = await screen.findByRole('button', {
      name: 'Unsubscribe from daily SMS messages',
    });
    expect(api.callsTo('POST /api/links/unsubscribe')).toHaveLength(0);

    await userEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'You’re unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(/no more daily SMS messages/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/links/unsubscribe')[0]?.body).toEqual({ token: link });
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings#notifications',
    );
  });

  it('words the button generally when the token cannot be read, and shows a refusal', async () => {
    fakeApi({
      'POST /api/links/unsubscribe': () => apiError(400, 'This link is not valid.'),
    });
    render(<UnsubscribeLink />, '/unsubscribe?token=not-a-jwt-but-long-enough');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Unsubscribe from daily messages' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Open notification settings' })).toHaveAttribute(
        'href',
        '/settings#notifications',
      ),
    );
  });
});
