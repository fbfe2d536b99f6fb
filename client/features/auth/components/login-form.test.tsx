import { AuthApiError } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuth, makeSession, makeUser, renderWithAuth } from '#client/test/fake-auth.tsx';
import { LoginForm } from './login-form.tsx';

afterEach(() => {
  toast.dismiss();
});

function renderLogin(fakeAuth: ReturnType<typeof createFakeAuth>, entry = '/login') {
  return renderWithAuth([{ path: '/login', element: <LoginForm /> }], {
    auth: fakeAuth.auth,
    initialEntries: ['/somewhere-before', entry],
  });
}

async function fillAndSubmit(email = 'ada@example.com', password = 'correct horse') {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

function signInSucceeds(fakeAuth: ReturnType<typeof createFakeAuth>, role?: string) {
  const session = makeSession({ user: makeUser({ role }) });
  fakeAuth.fake.signInWithPassword.mockImplementation(async () => {
    fakeAuth.emit('SIGNED_IN', session);
    return { data: { user: session.user, session }, error: null };
  });
  return session;
}

describe('LoginForm', () => {
  it('has a required email-type field, a required password field and a reset link', async () => {
    renderLogin(createFakeAuth());
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it("reads 'Logging in...' while submitting", async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signInWithPassword.mockReturnValue(new Promise(() => undefined));
    renderLogin(fakeAuth);
    await fillAndSubmit();
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(fakeAuth.fake.signInWithPassword).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it.each([
    ['an admin', '/admin', 'admin'],
    ['a coach', '/coach', 'coach'],
    ['a user without a role', '/goals', undefined],
  ])(
    'sends %s to %s, replacing the history entry, and welcomes them back',
    async (_who, target, role) => {
      const fakeAuth = createFakeAuth();
      signInSucceeds(fakeAuth, role);
      const { router } = renderLogin(fakeAuth);
      await fillAndSubmit();
      await waitFor(() => expect(router.state.location.pathname).toBe(target));
      expect(router.state.historyAction).toBe('REPLACE');
      expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
      expect(screen.getByText("You've successfully logged in.")).toBeInTheDocument();
      // Back goes to the page before /login: the login entry was replaced.
      await router.navigate(-1);
      await waitFor(() => expect(router.state.location.pathname).toBe('/somewhere-before'));
    },
  );

  it('goes back to the requested page instead of the role home', async () => {
    const fakeAuth = createFakeAuth();
    signInSucceeds(fakeAuth, 'admin');
    const { router } = renderLogin(fakeAuth, '/login?next=%2Ftasks%3Fday%3Dtoday');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
    expect(router.state.location.search).toBe('?day=today');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('ignores a requested page on another origin', async () => {
    const fakeAuth = createFakeAuth();
    signInSucceeds(fakeAuth);
    const { router } = renderLogin(fakeAuth, '/login?next=%2F%2Fevil.example%2Fx');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/goals'));
  });

  it("shows 'Error' with the provider's message, then signs out", async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
    });
    const { router } = renderLogin(fakeAuth);
    await fillAndSubmit();
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Invalid login credentials')).toBeInTheDocument();
    await waitFor(() => expect(fakeAuth.fake.signOut).toHaveBeenCalledOnce());
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it("falls back to 'Failed to log in. Please try again.' when the failure has no message", async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signInWithPassword.mockRejectedValue(new Error(''));
    renderLogin(fakeAuth);
    await fillAndSubmit();
    expect(await screen.findByText('Failed to log in. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(fakeAuth.fake.signOut).toHaveBeenCalledOnce());
  });

  it("reports 'Failed to establish session' when sign-in returns no session, and signs out", async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signInWithPassword.mockResolvedValue({
      data: { user: makeUser(), session: null },
      error: null,
    });
    const { router } = renderLogin(fakeAuth);
    await fillAndSubmit();
    expect(await screen.findByText('Failed to establish session')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(fakeAuth.fake.signOut).toHaveBeenCalledOnce());
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for the authenticator code before redirecting when the account has one', async () => {
    const fakeAuth = createFakeAuth();
    const user = makeUser({
      role: 'coach',
      factors: [
        {
          id: 'factor-1',
          factor_type: 'totp',
          status: 'verified',
          created_at: '2025-01-01T00:00:00Z',
          updated_at: '2025-01-01T00:00:00Z',
        },
      ],
    });
    const session = makeSession({ user, aal: 'aal1' });
    fakeAuth.fake.signInWithPassword.mockImplementation(async () => {
      fakeAuth.emit('SIGNED_IN', session);
      return { data: { user, session }, error: null };
    });
    fakeAuth.fake.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: [] },
      error: null,
    });
    fakeAuth.fake.mfa.listFactors.mockResolvedValue({
      data: { all: user.factors, totp: user.factors, phone: [] },
      error: null,
    });
    const stepped = makeSession({ user, aal: 'aal2' });
    fakeAuth.fake.mfa.challengeAndVerify.mockImplementation(async () => {
      fakeAuth.emit('MFA_CHALLENGE_VERIFIED', stepped);
      return { data: { ...stepped }, error: null };
    });
    const { router } = renderLogin(fakeAuth);
    await fillAndSubmit();

    const code = await screen.findByLabelText('Authentication code');
    expect(router.state.location.pathname).toBe('/login');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fakeAuth.fake.mfa.challengeAndVerify).toHaveBeenCalledWith({
      factorId: 'factor-1',
      code: '123456',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/coach'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
