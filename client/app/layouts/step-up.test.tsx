import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { onStepUpRequired } from '#client/lib/auth/assurance.ts';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';
import { openEventStream } from '#client/lib/event-stream.ts';
import { createFakeAuth, makeSession, makeUser } from '#client/test/fake-auth.tsx';
import { AppLayout } from './app-layout.tsx';

// When /api answers insufficient_aal (the person has an authenticator app this session has not
// used), the app takes them to the code step of the login flow and then back where they were.

vi.mock('#client/features/notifications/components/notifications-bell.tsx', () => ({
  NotificationsBell: () => null,
}));
vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'aal1-token' } }, error: null }),
    },
  }),
}));

const refusal = () =>
  new Response(
    JSON.stringify({
      error: {
        code: 'insufficient_aal',
        message: 'Enter the code from your authenticator app to continue.',
        requestId: 'r1',
      },
    }),
    { status: 403, headers: { 'content-type': 'application/json' } },
  );

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('the product API asking for the second factor', () => {
  it('apiRequest reports it and throws insufficient_aal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal()),
    );
    const heard = vi.fn();
    const stop = onStepUpRequired(heard);
    const failure = await apiRequest(z.unknown(), '/api/goals').catch((error: unknown) => error);
    stop();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'insufficient_aal', status: 403 });
    expect(heard).toHaveBeenCalledOnce();
  });

  it('the event stream reports it too', async () => {
    const heard = new Promise<void>((resolve) => {
      const stop = onStepUpRequired(() => {
        stop();
        resolve();
      });
    });
    const close = openEventStream({
      getToken: async () => 'aal1-token',
      onEvent: () => undefined,
      fetch: async () => refusal(),
      backoff: { initialMs: 60_000, maxMs: 60_000 },
    });
    await heard;
    close();
  });

  it('takes the person to the code step and back to the page they were on', async () => {
    const fakeAuth = createFakeAuth();
    // This tab's copy of the user predates the factor: only the server knows.
    const user = makeUser();
    fakeAuth.fake.getSession.mockResolvedValue({
      data: { session: makeSession({ user, aal: 'aal1' }) },
      error: null,
    });
    const factor = {
      id: 'factor-1',
      factor_type: 'totp',
      status: 'verified',
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
    };
    fakeAuth.fake.mfa.listFactors.mockResolvedValue({
      data: { all: [factor], totp: [factor], phone: [] },
      error: null,
    });
    const stepped = makeSession({ user: makeUser({ factors: [factor] as never }), aal: 'aal2' });
    fakeAuth.fake.mfa.challengeAndVerify.mockImplementation(async () => {
      fakeAuth.emit('MFA_CHALLENGE_VERIFIED', stepped);
      return { data: { ...stepped }, error: null };
    });
    let answer = refusal;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    function Goals() {
      return (
        <>
          <h1>Goals</h1>
          <button
            type="button"
            onClick={() => void apiRequest(z.unknown(), '/api/goals').catch(() => null)}
          >
            Load
          </button>
        </>
      );
    }
    const router = createMemoryRouter(
      [
        {
          element: (
            <AuthProvider auth={fakeAuth.auth}>
              <AuthGate>
                <Outlet />
              </AuthGate>
            </AuthProvider>
          ),
          children: [
            { path: '/login', element: <LoginForm /> },
            { element: <AppLayout />, children: [{ path: '/goals', element: <Goals /> }] },
          ],
        },
      ],
      { initialEntries: ['/goals?view=week'] },
    );
    render(<RouterProvider router={router} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Load' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/goals?view=week');
    expect(
      screen.queryByText('Enter the code from your authenticator app to continue.'),
    ).toBeNull();

    answer = () => new Response('[]', { status: 200 });
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fakeAuth.fake.mfa.challengeAndVerify).toHaveBeenCalledWith({
      factorId: 'factor-1',
      code: '123456',
    });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/goals?view=week',
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Goals' })).toBeInTheDocument();
  });
});
