import { AuthApiError } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuth, makeSession, makeUser, renderWithAuth } from '#client/test/fake-auth.tsx';
import { ConfirmEmail } from './confirm-email.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

afterEach(() => {
  toast.dismiss();
});

describe('ForgotPasswordForm', () => {
  it('sends the reset link to /reset-password and answers neutrally', async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.resetPasswordForEmail.mockResolvedValue({ data: {}, error: null });
    renderWithAuth([{ path: '/forgot-password', element: <ForgotPasswordForm /> }], {
      auth: fakeAuth.auth,
      initialEntries: ['/forgot-password'],
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(fakeAuth.fake.resetPasswordForEmail).toHaveBeenCalledWith('someone@example.com', {
      redirectTo: `${window.location.origin}/reset-password`,
    });
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter the code from the email' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it('gives the same answer when the address was just emailed (which only a real account can be)', async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.resetPasswordForEmail.mockResolvedValue({
      data: null,
      error: new AuthApiError(
        'For security purposes, you can only request this after 42 seconds.',
        429,
        'over_email_send_rate_limit',
      ),
    });
    renderWithAuth([{ path: '/forgot-password', element: <ForgotPasswordForm /> }], {
      auth: fakeAuth.auth,
      initialEntries: ['/forgot-password'],
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.queryByText(/42 seconds/)).not.toBeInTheDocument();
  });
});

describe('ResetPasswordForm', () => {
  it('exchanges the code once, drops it from the URL, then sets the new password', async () => {
    const fakeAuth = createFakeAuth();
    const session = makeSession();
    fakeAuth.fake.exchangeCodeForSession.mockImplementation(async () => {
      fakeAuth.emit('PASSWORD_RECOVERY', session);
      return { data: { session, user: session.user }, error: null };
    });
    fakeAuth.fake.updateUser.mockResolvedValue({ data: { user: session.user }, error: null });
    const { router } = renderWithAuth(
      [{ path: '/reset-password', element: <ResetPasswordForm /> }],
      {
        auth: fakeAuth.auth,
        initialEntries: ['/reset-password?code=reset-code-1'],
      },
    );
    const password = await screen.findByLabelText('New password');
    expect(fakeAuth.fake.exchangeCodeForSession).toHaveBeenCalledOnce();
    expect(fakeAuth.fake.exchangeCodeForSession).toHaveBeenCalledWith('reset-code-1');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();

    await userEvent.type(password, 'brand new password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand new password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(fakeAuth.fake.updateUser).toHaveBeenCalledWith({ password: 'brand new password' });
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/goals'));
  });

  it('explains an expired link and offers a new one', async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.exchangeCodeForSession.mockResolvedValue({
      data: { session: null, user: null },
      error: new AuthApiError(
        'invalid flow state, no valid flow state found',
        404,
        'flow_state_not_found',
      ),
    });
    renderWithAuth([{ path: '/reset-password', element: <ResetPasswordForm /> }], {
      auth: fakeAuth.auth,
      initialEntries: ['/reset-password?code=reset-code-2'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Send a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // The code from the same email still works.
    expect(screen.getByLabelText('Code from the email')).toBeInTheDocument();
  });

  it('redeems a token-hash link itself (any browser), once, and drops it from the URL', async () => {
    const fakeAuth = createFakeAuth();
    const session = makeSession();
    fakeAuth.fake.verifyOtp.mockImplementation(async () => {
      fakeAuth.emit('PASSWORD_RECOVERY', session);
      return { data: { session, user: session.user }, error: null };
    });
    const { router } = renderWithAuth(
      [{ path: '/reset-password', element: <ResetPasswordForm /> }],
      {
        auth: fakeAuth.auth,
        initialEntries: ['/reset-password?token_hash=reset-hash-1&type=recovery'],
      },
    );
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(fakeAuth.fake.verifyOtp).toHaveBeenCalledOnce();
    expect(fakeAuth.fake.verifyOtp).toHaveBeenCalledWith({
      token_hash: 'reset-hash-1',
      type: 'recovery',
    });
    expect(fakeAuth.fake.exchangeCodeForSession).not.toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('takes the six-digit code from the email when there is no link', async () => {
    const fakeAuth = createFakeAuth();
    const session = makeSession();
    fakeAuth.fake.verifyOtp
      .mockResolvedValueOnce({
        data: { session: null, user: null },
        error: new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'),
      })
      .mockImplementationOnce(async () => {
        fakeAuth.emit('PASSWORD_RECOVERY', session);
        return { data: { session, user: session.user }, error: null };
      });
    renderWithAuth([{ path: '/reset-password', element: <ResetPasswordForm /> }], {
      auth: fakeAuth.auth,
      initialEntries: [{ pathname: '/reset-password', state: { email: 'ada@example.com' } }],
    });
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    const code = screen.getByLabelText('Code from the email');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is wrong or has expired');
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(fakeAuth.fake.verifyOtp).toHaveBeenLastCalledWith({
      email: 'ada@example.com',
      token: '123456',
      type: 'recovery',
    });
  });
});

describe('ConfirmEmail', () => {
  it('shows "Email confirmed" for a verified link and signs in the browser that signed up', async () => {
    const fakeAuth = createFakeAuth();
    const session = makeSession({ user: makeUser() });
    fakeAuth.fake.exchangeCodeForSession.mockImplementation(async () => {
      fakeAuth.emit('SIGNED_IN', session);
      return { data: { session, user: session.user }, error: null };
    });
    const { router } = renderWithAuth([{ path: '/auth/confirm', element: <ConfirmEmail /> }], {
      auth: fakeAuth.auth,
      initialEntries: ['/auth/confirm?code=confirm-code-1'],
    });
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(fakeAuth.fake.exchangeCodeForSession).toHaveBeenCalledWith('confirm-code-1');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('still confirms when this browser cannot sign in with the code (another device)', async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.exchangeCodeForSession.mockResolvedValue({
      data: { session: null, user: null },
      error: new Error('PKCE code verifier not found in storage.'),
    });
    renderWithAuth([{ path: '/auth/confirm', element: <ConfirmEmail /> }], {
      auth: fakeAuth.auth,
      initialEntries: ['/auth/confirm?code=confirm-code-2'],
    });
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('explains a failed link and resends the confirmation', async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.resend.mockResolvedValue({ data: {}, error: null });
    renderWithAuth([{ path: '/auth/confirm', element: <ConfirmEmail /> }], {
      auth: fakeAuth.auth,
      initialEntries: [
        '/auth/confirm?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ],
    });
    expect(
      await screen.findByRole('heading', { name: "We couldn't confirm your email" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Email link is invalid or has expired');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(fakeAuth.fake.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'ada@example.com',
      options: { emailRedirectTo: `${window.location.origin}/auth/confirm` },
    });
    expect(await screen.findByText('Confirmation email sent')).toBeInTheDocument();
  });

  it('checks a token-hash link itself', async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.verifyOtp.mockResolvedValue({ data: { session: null, user: null }, error: null });
    renderWithAuth([{ path: '/auth/confirm', element: <ConfirmEmail /> }], {
      auth: fakeAuth.auth,
      initialEntries: ['/auth/confirm?token_hash=abc123&type=signup'],
    });
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(fakeAuth.fake.verifyOtp).toHaveBeenCalledOnce();
    expect(fakeAuth.fake.verifyOtp).toHaveBeenCalledWith({ token_hash: 'abc123', type: 'signup' });
  });
});
