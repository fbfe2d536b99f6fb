import { AuthApiError } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuth, makeSession, makeUser, renderWithAuth } from '#client/test/fake-auth.tsx';
import { LoginForm } from './login-form.tsx';
import { toE164 } from './phone-sign-in-form.tsx';

afterEach(() => {
  toast.dismiss();
});

function renderLogin(fakeAuth: ReturnType<typeof createFakeAuth>, phoneSignIn = true) {
  return renderWithAuth([{ path: '/login', element: <LoginForm phoneSignIn={phoneSignIn} /> }], {
    auth: fakeAuth.auth,
    initialEntries: ['/login'],
  });
}

async function askForCode(number = '7700 900123', country = 'United Kingdom (+44)') {
  await userEvent.click(await screen.findByRole('button', { name: 'Use a phone number instead' }));
  await userEvent.selectOptions(screen.getByLabelText('Country code'), country);
  await userEvent.type(screen.getByLabelText('Phone number'), number);
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

describe('phone sign-in on the login page', () => {
  it('is offered only when the server allows it', async () => {
    renderLogin(createFakeAuth(), false);
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('button', { name: 'Use a phone number instead' })).toBeNull();
  });

  it('texts a code to the number with its country code, then signs in with the code', async () => {
    const fakeAuth = createFakeAuth();
    const session = makeSession({ user: makeUser({ email: '', phone: '447700900123' }) });
    fakeAuth.fake.signInWithOtp.mockResolvedValue({
      data: { user: null, session: null, messageId: 'm1' },
      error: null,
    });
    fakeAuth.fake.verifyOtp.mockImplementation(async () => {
      fakeAuth.emit('SIGNED_IN', session);
      return { data: { user: session.user, session }, error: null };
    });
    const { router } = renderLogin(fakeAuth);
    await askForCode();
    expect(fakeAuth.fake.signInWithOtp).toHaveBeenCalledWith({ phone: '+447700900123' });

    expect(await screen.findByText('+447700900123')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(fakeAuth.fake.verifyOtp).toHaveBeenCalledWith({
      phone: '+447700900123',
      token: '123456',
      type: 'sms',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/goals'));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });

  it('says what is wrong with a number, and with a code that is not 6 digits', async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signInWithOtp.mockResolvedValue({
      data: { user: null, session: null },
      error: null,
    });
    renderLogin(fakeAuth);
    await askForCode('12');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a phone number with its country code',
    );
    expect(fakeAuth.fake.signInWithOtp).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '4155550123');
    await userEvent.selectOptions(
      screen.getByLabelText('Country code'),
      'United States / Canada (+1)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from the text message.',
    );
    expect(fakeAuth.fake.verifyOtp).not.toHaveBeenCalled();
  });

  it("shows the server's words for a wrong code and signs out", async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signInWithOtp.mockResolvedValue({
      data: { user: null, session: null },
      error: null,
    });
    fakeAuth.fake.verifyOtp.mockResolvedValue({
      data: { user: null, session: null },
      error: new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'),
    });
    renderLogin(fakeAuth);
    await askForCode();
    await userEvent.type(await screen.findByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Token has expired or is invalid');
    expect(fakeAuth.fake.signOut).toHaveBeenCalled();
  });

  it('goes back to email sign-in', async () => {
    renderLogin(createFakeAuth());
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use a phone number instead' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use email instead' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});

describe('toE164', () => {
  it.each([
    ['44', '07700 900123', '+447700900123'],
    ['1', '(415) 555-0123', '+14155550123'],
    ['1', '+33 6 12 34 56 78', '+33612345678'],
    ['', '+61 412 345 678', '+61412345678'],
    ['1', '12', null],
    ['', 'call me', null],
  ])('country %s, typed %s → %s', (country, typed, expected) => {
    expect(toE164(country, typed)).toBe(expected);
  });
});
