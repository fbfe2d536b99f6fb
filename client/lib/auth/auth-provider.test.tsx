import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { createFakeAuth, makeSession, makeUser } from '#client/test/fake-auth.tsx';
import { AuthProvider, useAuth } from './auth-provider.tsx';

afterEach(() => {
  toast.dismiss();
});

/** Shows the auth state the way a test can read it. */
function StateProbe() {
  const { user, session, loading, initialized, error, signOut } = useAuth();
  return (
    <>
      <dl>
        <dt>user</dt>
        <dd data-testid="user">{user?.email ?? 'none'}</dd>
        <dt>session</dt>
        <dd data-testid="session">{session ? session.refresh_token : 'none'}</dd>
        <dt>loading</dt>
        <dd data-testid="loading">{String(loading)}</dd>
        <dt>initialized</dt>
        <dd data-testid="initialized">{String(initialized)}</dd>
        <dt>error</dt>
        <dd data-testid="error">{error?.message ?? 'none'}</dd>
      </dl>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

function renderProvider(auth: ReturnType<typeof createFakeAuth>['auth']) {
  return render(
    <AuthProvider auth={auth}>
      <StateProbe />
    </AuthProvider>,
  );
}

const field = (name: string) => screen.getByTestId(name).textContent;

describe('AuthProvider', () => {
  it('starts with no user, no session, loading, not initialized and no error', () => {
    const { fake, auth } = createFakeAuth();
    fake.getSession.mockReturnValue(new Promise(() => undefined));
    renderProvider(auth);
    expect(field('user')).toBe('none');
    expect(field('session')).toBe('none');
    expect(field('loading')).toBe('true');
    expect(field('initialized')).toBe('false');
    expect(field('error')).toBe('none');
  });

  it('with no stored session: no user, loading ends, initialized', async () => {
    const { fake, auth } = createFakeAuth();
    renderProvider(auth);
    await waitFor(() => expect(field('initialized')).toBe('true'));
    expect(field('loading')).toBe('false');
    expect(field('user')).toBe('none');
    expect(fake.signOut).not.toHaveBeenCalled();
  });

  it('with an expired session: signs out and clears the user', async () => {
    const { fake, auth } = createFakeAuth();
    const expired = makeSession({ expiresAt: Math.floor(Date.now() / 1000) - 60 });
    fake.getSession.mockResolvedValue({ data: { session: expired }, error: null });
    renderProvider(auth);
    await waitFor(() => expect(field('initialized')).toBe('true'));
    expect(fake.signOut).toHaveBeenCalledOnce();
    expect(field('user')).toBe('none');
    expect(field('session')).toBe('none');
    expect(field('loading')).toBe('false');
  });

  it('with a valid session: sets user and session', async () => {
    const { fake, auth } = createFakeAuth();
    fake.getSession.mockResolvedValue({ data: { session: makeSession() }, error: null });
    renderProvider(auth);
    await waitFor(() => expect(field('initialized')).toBe('true'));
    expect(field('user')).toBe('ada@example.com');
    expect(field('session')).toBe('refresh-token');
    expect(field('loading')).toBe('false');
    expect(fake.signOut).not.toHaveBeenCalled();
  });

  it('stores a failure to read the session and ends loading (not initialized)', async () => {
    const { fake, auth } = createFakeAuth();
    fake.getSession.mockResolvedValue({
      data: { session: null },
      error: new Error('Storage is unavailable'),
    });
    renderProvider(auth);
    await waitFor(() => expect(field('error')).toBe('Storage is unavailable'));
    expect(field('loading')).toBe('false');
    expect(field('initialized')).toBe('false');
  });

  it('stores a thrown failure too', async () => {
    const { fake, auth } = createFakeAuth();
    fake.getSession.mockRejectedValue(new Error('Network down'));
    renderProvider(auth);
    await waitFor(() => expect(field('error')).toBe('Network down'));
    expect(field('loading')).toBe('false');
  });

  it.each(['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED'] as const)(
    '%s replaces user and session and clears the error',
    async (event) => {
      const { fake, auth, emit } = createFakeAuth();
      fake.getSession.mockResolvedValue({
        data: { session: null },
        error: new Error('Earlier failure'),
      });
      renderProvider(auth);
      await waitFor(() => expect(field('error')).toBe('Earlier failure'));
      const session = {
        ...makeSession({ user: makeUser({ email: 'grace@example.com' }) }),
        refresh_token: 'next',
      };
      act(() => emit(event, session));
      expect(field('user')).toBe('grace@example.com');
      expect(field('session')).toBe('next');
      expect(field('error')).toBe('none');
    },
  );

  it.each(['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED'] as const)(
    '%s without a user logs an error and changes nothing',
    async (event) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { fake, auth, emit } = createFakeAuth();
      fake.getSession.mockResolvedValue({ data: { session: makeSession() }, error: null });
      renderProvider(auth);
      await waitFor(() => expect(field('user')).toBe('ada@example.com'));
      act(() => emit(event, null));
      expect(consoleError).toHaveBeenCalledOnce();
      expect(String(consoleError.mock.calls[0]?.[0])).toContain(event);
      expect(field('user')).toBe('ada@example.com');
      expect(field('session')).toBe('refresh-token');
      expect(field('error')).toBe('none');
    },
  );

  it('SIGNED_OUT clears user and session', async () => {
    const { fake, auth, emit } = createFakeAuth();
    fake.getSession.mockResolvedValue({ data: { session: makeSession() }, error: null });
    renderProvider(auth);
    await waitFor(() => expect(field('user')).toBe('ada@example.com'));
    act(() => emit('SIGNED_OUT', null));
    expect(field('user')).toBe('none');
    expect(field('session')).toBe('none');
  });

  it('signOut sets loading while the backend signs out, and stores its failure', async () => {
    const { fake, auth } = createFakeAuth();
    fake.getSession.mockResolvedValue({ data: { session: makeSession() }, error: null });
    renderProvider(auth);
    await waitFor(() => expect(field('initialized')).toBe('true'));
    let finish: (value: { error: Error | null }) => void = () => undefined;
    fake.signOut.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(field('loading')).toBe('true');
    await act(async () => finish({ error: new Error('Sign-out failed at the server') }));
    expect(field('loading')).toBe('false');
    expect(field('error')).toBe('Sign-out failed at the server');
  });

  it('unsubscribes from auth events when unmounted', async () => {
    const { fake, auth } = createFakeAuth();
    const { unmount } = renderProvider(auth);
    await waitFor(() => expect(field('initialized')).toBe('true'));
    const subscription = fake.onAuthStateChange.mock.results[0]?.value as {
      data: { subscription: { unsubscribe: () => void } };
    };
    unmount();
    expect(subscription.data.subscription.unsubscribe).toHaveBeenCalled();
  });
});

describe('useAuth', () => {
  it('outside an AuthProvider throws the spec message', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
    consoleError.mockRestore();
  });
});

describe('AuthGate', () => {
  it('shows "Initializing..." and no content until the auth state is known', async () => {
    const { fake, auth } = createFakeAuth();
    let resolve: (value: { data: { session: null }; error: null }) => void = () => undefined;
    fake.getSession.mockReturnValue(new Promise((done) => (resolve = done)));
    render(
      <AuthProvider auth={auth}>
        <AuthGate>
          <p>App content</p>
        </AuthGate>
      </AuthProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Initializing...');
    expect(screen.queryByText('App content')).not.toBeInTheDocument();
    await act(async () => resolve({ data: { session: null }, error: null }));
    expect(screen.getByText('App content')).toBeInTheDocument();
    expect(screen.queryByText('Initializing...')).not.toBeInTheDocument();
  });

  it('shows the "Authentication Error" toast with the message when the state holds an error', async () => {
    const { fake, auth } = createFakeAuth();
    fake.getSession.mockResolvedValue({
      data: { session: null },
      error: new Error('Auth session missing!'),
    });
    render(
      <>
        <AuthProvider auth={auth}>
          <AuthGate>
            <p>App content</p>
          </AuthGate>
        </AuthProvider>
        <Toaster />
      </>,
    );
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    // The message shows in the toast and on the page that replaces the content.
    expect(screen.getAllByText('Auth session missing!')).toHaveLength(2);
    expect(screen.queryByText('App content')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
