import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import type { AccountAuthApi } from '../account-api.ts';
import { DeleteAccount } from './delete-account.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) },
  }),
}));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

function fakeAuth() {
  const fake = {
    reauthenticate: vi.fn(async () => ({ data: {}, error: null })),
    signOut: vi.fn(async () => ({ error: null })),
  };
  return { fake, auth: fake as unknown as AccountAuthApi };
}

const wrongPassword = {
  status: 400,
  body: {
    error: {
      code: 'invalid_input',
      message: 'That password is not right. Your account was not deleted.',
      requestId: 't',
    },
  },
};

describe('DeleteAccount', () => {
  it('asks for the password, shows a wrong one beside the field, then deletes and goes home', async () => {
    let attempts = 0;
    const api = fakeApi({
      'GET /api/account/deletion': () => ({ body: { proof: 'password', email: 'a@example.com' } }),
      'POST /api/account/deletion': () => {
        attempts += 1;
        return attempts === 1 ? wrongPassword : { body: { deleted: true } };
      },
    });
    const { fake, auth } = fakeAuth();
    renderScreen(<DeleteAccount auth={auth} />, { path: '/settings', route: '/settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const field = await within(dialog).findByLabelText('Your password');
    await userEvent.type(field, 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('That password is not right. Your account was not deleted.'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fake.signOut).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, 'right-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account is deleted')).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/deletion')[1]?.body).toEqual({
      password: 'right-password',
    });
    expect(fake.signOut).toHaveBeenCalledWith({ scope: 'local' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('without a password: emails a code and sends it', async () => {
    const api = fakeApi({
      'GET /api/account/deletion': () => ({ body: { proof: 'code', email: 'a@example.com' } }),
      'POST /api/account/deletion': () => ({ body: { deleted: true } }),
    });
    const { fake, auth } = fakeAuth();
    renderScreen(<DeleteAccount auth={auth} />, { path: '/settings', route: '/settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Email me a code' }));
    expect(fake.reauthenticate).toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Code from the email'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/account/deletion')[0]?.body).toEqual({ code: '123456' }),
    );
  });

  it('keeps the account when the person changes their mind', async () => {
    const api = fakeApi({
      'GET /api/account/deletion': () => ({ body: { proof: 'none', email: null } }),
    });
    renderScreen(<DeleteAccount auth={fakeAuth().auth} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/account/deletion')).toEqual([]);
  });
});
