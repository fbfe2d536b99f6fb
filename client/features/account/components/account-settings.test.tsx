import { AuthApiError, type User } from '@supabase/supabase-js';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSessionsResponseSchema } from '#contracts/account.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import type { AccountAuthApi } from '../account-api.ts';
import { AuthenticatorSettings, qrCodeSource } from './authenticator-settings.tsx';
import { EmailSettings } from './email-settings.tsx';
import { PasswordSettings } from './password-settings.tsx';
import { SignedInDevices } from './signed-in-devices.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const user = {
  id: 'u1',
  aud: 'authenticated',
  email: 'ada@example.com',
  app_metadata: {},
  user_metadata: {},
  created_at: '2025-01-01T00:00:00Z',
} satisfies User;

function fakeAccountAuth() {
  const fake = {
    updateUser: vi.fn(),
    reauthenticate: vi.fn(),
    signOut: vi.fn(),
    mfa: {
      listFactors: vi.fn(
        async (): Promise<{ data: Record<'all' | 'totp' | 'phone', object[]>; error: null }> => ({
          data: { all: [], totp: [], phone: [] },
          error: null,
        }),
      ),
      enroll: vi.fn(),
      challengeAndVerify: vi.fn(),
      unenroll: vi.fn(async () => ({ data: {}, error: null })),
    },
  };
  // Only what these components call, with loose result types.
  return { fake, auth: fake as unknown as AccountAuthApi };
}

function withToaster(ui: React.ReactNode) {
  return render(
    <>
      {ui}
      <Toaster />
    </>,
  );
}

describe('EmailSettings', () => {
  it('asks the server to change the address and says a confirmation was sent', async () => {
    const { fake, auth } = fakeAccountAuth();
    fake.updateUser.mockResolvedValue({ data: { user }, error: null });
    withToaster(<EmailSettings auth={auth} user={user} />);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New email'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(fake.updateUser).toHaveBeenCalledWith(
      { email: 'new@example.com' },
      { emailRedirectTo: `${window.location.origin}/auth/confirm` },
    );
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(screen.getByText(/We sent a confirmation link to new@example.com/)).toBeInTheDocument();
  });

  it('shows a pending change', () => {
    const { auth } = fakeAccountAuth();
    render(<EmailSettings auth={auth} user={{ ...user, new_email: 'next@example.com' }} />);
    expect(screen.getByText('next@example.com')).toBeInTheDocument();
  });
});

describe('PasswordSettings', () => {
  async function typePasswords(password = 'a new password', confirmation = password) {
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
  }

  it('changes the password', async () => {
    const { fake, auth } = fakeAccountAuth();
    fake.updateUser.mockResolvedValue({ data: { user }, error: null });
    withToaster(<PasswordSettings auth={auth} user={user} />);
    expect(screen.getByLabelText('New password')).toHaveAttribute('minLength', '8');
    await typePasswords();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(fake.updateUser).toHaveBeenCalledWith({ password: 'a new password' });
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('refuses two different passwords', async () => {
    const { fake, auth } = fakeAccountAuth();
    render(<PasswordSettings auth={auth} user={user} />);
    await typePasswords('a new password', 'another one');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The passwords do not match.');
    expect(fake.updateUser).not.toHaveBeenCalled();
  });

  it('on reauthentication_needed, emails a code and sends it as the nonce', async () => {
    const { fake, auth } = fakeAccountAuth();
    fake.updateUser
      .mockResolvedValueOnce({
        data: { user: null },
        error: new AuthApiError(
          'Password update requires reauthentication',
          400,
          'reauthentication_needed',
        ),
      })
      .mockResolvedValueOnce({ data: { user }, error: null });
    fake.reauthenticate.mockResolvedValue({ data: { user: null, session: null }, error: null });
    withToaster(<PasswordSettings auth={auth} user={user} />);
    await typePasswords();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    const code = await screen.findByLabelText('Verification code');
    expect(fake.reauthenticate).toHaveBeenCalledOnce();
    expect(screen.getByText(/we emailed a code to/)).toBeInTheDocument();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and change password' }));
    expect(fake.updateUser).toHaveBeenLastCalledWith({
      password: 'a new password',
      nonce: '123456',
    });
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
  });

  it("shows the server's reason when the change is refused", async () => {
    const { fake, auth } = fakeAccountAuth();
    fake.updateUser.mockResolvedValue({
      data: { user: null },
      error: new AuthApiError(
        'New password should be different from the old password.',
        422,
        'same_password',
      ),
    });
    withToaster(<PasswordSettings auth={auth} user={user} />);
    await typePasswords();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('New password should be different from the old password.'),
    ).toBeInTheDocument();
  });
});

describe('AuthenticatorSettings', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h1v1H0z"/></svg>';

  it('encodes the QR code markup so a "#" cannot cut the data URL short', () => {
    const source = qrCodeSource(`data:image/svg+xml;utf-8,${svg}`);
    expect(source).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    expect(source).not.toContain('#');
  });

  it('enrols an app: QR code and secret, then the code turns it on', async () => {
    const { fake, auth } = fakeAccountAuth();
    fake.mfa.enroll.mockResolvedValue({
      data: {
        id: 'factor-1',
        type: 'totp',
        friendly_name: 'Authenticator app',
        totp: {
          qr_code: `data:image/svg+xml;utf-8,${svg}`,
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
        },
      },
      error: null,
    });
    fake.mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    withToaster(<AuthenticatorSettings auth={auth} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));

    expect(fake.mfa.enroll).toHaveBeenCalledWith({
      factorType: 'totp',
      friendlyName: 'Authenticator app',
    });
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const verified = {
      id: 'factor-1',
      friendly_name: 'Authenticator app',
      factor_type: 'totp',
      status: 'verified',
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
    };
    fake.mfa.listFactors.mockResolvedValue({
      data: { all: [verified], totp: [verified], phone: [] },
      error: null,
    });
    await userEvent.type(screen.getByLabelText('Enter the 6-digit code the app shows'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(fake.mfa.challengeAndVerify).toHaveBeenCalledWith({
      factorId: 'factor-1',
      code: '654321',
    });
    expect(await screen.findByText('Authenticator app added')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('removes an app after a confirmation', async () => {
    const { fake, auth } = fakeAccountAuth();
    const verified = {
      id: 'factor-9',
      factor_type: 'totp',
      status: 'verified',
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
    };
    fake.mfa.listFactors.mockResolvedValue({
      data: { all: [verified], totp: [verified], phone: [] },
      error: null,
    });
    withToaster(<AuthenticatorSettings auth={auth} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(fake.mfa.unenroll).not.toHaveBeenCalled();
    fake.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [], phone: [] }, error: null });
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(fake.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-9' });
    expect(await screen.findByText('Authenticator app removed')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Set up authenticator app' }),
    ).toBeInTheDocument();
  });
});

describe('SignedInDevices', () => {
  const now = '2026-11-20T09:30:00.000Z';
  const sessions = {
    sessions: [
      {
        id: '0b4c9d4e-9a57-4d55-9d3c-3f0b7f1f2a01',
        current: true,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
        ip: '127.0.0.1',
        createdAt: now,
        lastActiveAt: now,
        aal: 'aal1',
      },
      {
        id: '1c5dae5f-ab68-4e66-ae4d-4f1c8f2f3b02',
        current: false,
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
        ip: '10.0.0.7',
        createdAt: now,
        lastActiveAt: now,
        aal: 'aal1',
      },
    ],
  };

  it('lists where the account is signed in, marking this device', async () => {
    fakeApi({
      'GET /api/account/sessions': () => ({ body: accountSessionsResponseSchema.parse(sessions) }),
    });
    const { auth } = fakeAccountAuth();
    renderScreen(<SignedInDevices auth={auth} />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(within(list).getByText('Safari on iOS')).toBeInTheDocument();
    // This device has no per-device sign-out; the other one does.
    expect(within(list).getAllByRole('button', { name: /^Sign out / })).toHaveLength(1);
  });

  it('signs one other device out and drops it from the list', async () => {
    const api = fakeApi({
      'GET /api/account/sessions': () => ({ body: sessions }),
      [`DELETE /api/account/sessions/${sessions.sessions[1]?.id}`]: () => ({
        body: { deleted: true },
      }),
    });
    const { auth } = fakeAccountAuth();
    renderScreen(<SignedInDevices auth={auth} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/account/sessions/${sessions.sessions[1]?.id}`)).toHaveLength(1);
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
  });

  it('signs out every other session and keeps this one', async () => {
    // The server's answer after scope=others: only this session is left.
    let othersSignedOut = false;
    fakeApi({
      'GET /api/account/sessions': () => ({
        body: othersSignedOut
          ? { sessions: sessions.sessions.filter((session) => session.current) }
          : sessions,
      }),
    });
    const { fake, auth } = fakeAccountAuth();
    fake.signOut.mockImplementation(async () => {
      othersSignedOut = true;
      return { error: null };
    });
    renderScreen(<SignedInDevices auth={auth} />);
    await screen.findByText('Safari on iOS');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    expect(fake.signOut).toHaveBeenCalledWith({ scope: 'others' });
    expect(await screen.findByText('Signed out of other devices')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(screen.getByText('Chrome on Linux')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot load', async () => {
    fakeApi({
      'GET /api/account/sessions': () => ({
        status: 500,
        body: {
          error: { code: 'internal', message: 'Something went wrong on our side.', requestId: 'r' },
        },
      }),
    });
    const { auth } = fakeAccountAuth();
    renderScreen(<SignedInDevices auth={auth} />);
    expect(await screen.findByText('Could not load your signed-in devices.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
