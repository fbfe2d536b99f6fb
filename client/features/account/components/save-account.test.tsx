import { AuthApiError } from '@supabase/supabase-js';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountAuthApi } from '../account-api.ts';
import { SaveAccount } from './save-account.tsx';

afterEach(() => {
  toast.dismiss();
});

function fakeAccountAuth() {
  const fake = {
    updateUser: vi.fn(),
    reauthenticate: vi.fn(),
    signOut: vi.fn(),
    refreshSession: vi.fn(async () => ({ data: {}, error: null })),
    mfa: { listFactors: vi.fn(), enroll: vi.fn(), challengeAndVerify: vi.fn(), unenroll: vi.fn() },
  };
  return { fake, auth: fake as unknown as AccountAuthApi };
}

async function fill(password = 'a saved password', confirmation = password) {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Save your account' }));
}

describe('SaveAccount', () => {
  it('adds the email and password to this account, then refreshes the session', async () => {
    const { fake, auth } = fakeAccountAuth();
    fake.updateUser.mockResolvedValue({ data: { user: {} }, error: null });
    render(
      <>
        <SaveAccount auth={auth} />
        <Toaster />
      </>,
    );
    expect(screen.getByText(/You are trying Trellis without an account/)).toBeInTheDocument();
    await fill();
    expect(fake.updateUser).toHaveBeenCalledWith(
      { email: 'ada@example.com', password: 'a saved password' },
      { emailRedirectTo: `${window.location.origin}/auth/confirm` },
    );
    expect(await screen.findByText('Account saved')).toBeInTheDocument();
    expect(fake.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('refuses two different passwords without asking the server', async () => {
    const { fake, auth } = fakeAccountAuth();
    render(<SaveAccount auth={auth} />);
    await fill('a saved password', 'something else');
    expect(screen.getByRole('alert')).toHaveTextContent('The passwords do not match.');
    expect(fake.updateUser).not.toHaveBeenCalled();
  });

  it("shows the server's words for an email someone already has", async () => {
    const { fake, auth } = fakeAccountAuth();
    fake.updateUser.mockResolvedValue({
      data: { user: null },
      error: new AuthApiError(
        'A user with this email address has already been registered',
        422,
        'email_exists',
      ),
    });
    render(
      <>
        <SaveAccount auth={auth} />
        <Toaster />
      </>,
    );
    await fill();
    expect(
      await screen.findByText('A user with this email address has already been registered'),
    ).toBeInTheDocument();
    expect(fake.refreshSession).not.toHaveBeenCalled();
  });
});
