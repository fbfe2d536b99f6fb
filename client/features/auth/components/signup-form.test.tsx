import { AuthApiError } from '@supabase/supabase-js';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuth, makeSession, makeUser, renderWithAuth } from '#client/test/fake-auth.tsx';
import { ALREADY_REGISTERED_MESSAGE, SignupForm } from './signup-form.tsx';

afterEach(() => {
  toast.dismiss();
});

function renderSignup(fakeAuth: ReturnType<typeof createFakeAuth>) {
  return renderWithAuth([{ path: '/signup', element: <SignupForm /> }], {
    auth: fakeAuth.auth,
    initialEntries: ['/signup'],
  });
}

async function fillAndSubmit(email = 'new@example.com', password = 'long enough') {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

function signUpSucceeds(fakeAuth: ReturnType<typeof createFakeAuth>) {
  const session = makeSession({
    user: makeUser({ email: 'new@example.com', email_confirmed_at: undefined }),
  });
  fakeAuth.fake.signUp.mockImplementation(async () => {
    fakeAuth.emit('SIGNED_IN', session);
    return { data: { user: session.user, session }, error: null };
  });
}

describe('SignupForm', () => {
  it('requires both fields, an email-type field and a password of at least 8 characters', async () => {
    renderSignup(createFakeAuth());
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    const password = screen.getByLabelText('Password');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('minLength', '8');
  });

  it("shows 'Error' / 'Please fill in all fields' when a field is empty", async () => {
    const fakeAuth = createFakeAuth();
    renderSignup(fakeAuth);
    await userEvent.type(await screen.findByLabelText('Email'), 'new@example.com');
    // The browser's own required check is bypassed, as an older browser or a script would.
    fireEvent.submit(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(fakeAuth.fake.signUp).not.toHaveBeenCalled();
  });

  it("reads 'Creating account...' while submitting", async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signUp.mockReturnValue(new Promise(() => undefined));
    renderSignup(fakeAuth);
    await fillAndSubmit();
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  });

  it('creates the account, asks to verify the email and goes to /onboarding', async () => {
    const fakeAuth = createFakeAuth();
    signUpSucceeds(fakeAuth);
    const { router } = renderSignup(fakeAuth);
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(fakeAuth.fake.signUp).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'long enough',
      options: { emailRedirectTo: `${window.location.origin}/auth/confirm` },
    });
    expect(fakeAuth.fake.signOut).not.toHaveBeenCalled();
    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(screen.getByText('Please check your email to verify your account.')).toBeInTheDocument();
    // The new account's own sign-in is no reason for the signed-in warning.
    expect(screen.queryByText('You are already logged in')).not.toBeInTheDocument();
  });

  it("shows 'Error creating account' with the server's message", async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signUp.mockResolvedValue({
      data: { user: null, session: null },
      error: new AuthApiError('Password should be at least 8 characters.', 422, 'weak_password'),
    });
    const { router } = renderSignup(fakeAuth);
    await fillAndSubmit();
    expect(await screen.findByText('Error creating account')).toBeInTheDocument();
    expect(screen.getByText('Password should be at least 8 characters.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('says the address already has an account (user_already_exists) and offers to log in', async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signUp.mockResolvedValue({
      data: { user: null, session: null },
      error: new AuthApiError('User already registered', 422, 'user_already_exists'),
    });
    const { router } = renderSignup(fakeAuth);
    await fillAndSubmit();
    expect(await screen.findByText('Error creating account')).toBeInTheDocument();
    expect(screen.getByText(ALREADY_REGISTERED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('User already registered')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("falls back to 'An error occurred during signup'", async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signUp.mockRejectedValue(new Error(''));
    renderSignup(fakeAuth);
    await fillAndSubmit();
    expect(await screen.findByText('An error occurred during signup')).toBeInTheDocument();
  });

  it('warns a signed-in user, then signs them out before creating the account', async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.getSession.mockResolvedValue({
      data: { session: makeSession({ user: makeUser({ email: 'current@example.com' }) }) },
      error: null,
    });
    signUpSucceeds(fakeAuth);
    const { router } = renderSignup(fakeAuth);
    expect(await screen.findByText('You are already logged in')).toBeInTheDocument();
    expect(
      screen.getByText('Creating a new account will sign you out of your current one.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/You're logged in as current@example.com/)).toBeInTheDocument();

    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(fakeAuth.fake.signOut).toHaveBeenCalledOnce();
    const signedOutAt = fakeAuth.fake.signOut.mock.invocationCallOrder[0] ?? Infinity;
    const signedUpAt = fakeAuth.fake.signUp.mock.invocationCallOrder[0] ?? -Infinity;
    expect(signedOutAt).toBeLessThan(signedUpAt);
  });
});
