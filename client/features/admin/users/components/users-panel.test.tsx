import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUserListSchema, adminUserSchema, type AdminUser } from '#contracts/admin-users.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { UsersPanel } from './users-panel.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const ME = '00000000-0000-4000-8000-000000000001';

function account(index: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return adminUserSchema.parse({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    email: `person${index}@example.com`,
    phone: null,
    name: null,
    role: 'user',
    createdAt: '2025-03-01T09:00:00.000Z',
    lastSignInAt: '2025-03-02T09:00:00.000Z',
    confirmed: true,
    mfa: false,
    bannedUntil: null,
    isAnonymous: false,
    hasPassword: true,
    ...overrides,
  });
}

const page = (users: AdminUser[], total = users.length, pageNumber = 1) => ({
  body: adminUserListSchema.parse({ users, total, page: pageNumber, perPage: 25 }),
});

const error = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message, requestId: 't' } },
});

describe('UsersPanel', () => {
  it('lists accounts with their standing, and pages', async () => {
    const api = fakeApi({
      'GET /api/admin/users': (call) =>
        new URL(call.url, 'http://x').searchParams.get('page') === '2'
          ? page([account(30)], 26, 2)
          : page(
              [
                account(1, { role: 'admin' }),
                account(2, { mfa: true, bannedUntil: '2125-01-01T00:00:00.000Z' }),
                account(3, { confirmed: false }),
              ],
              26,
            ),
    });
    renderScreen(<UsersPanel currentUserId={ME} />);
    const items = within(await screen.findByRole('list', { name: 'Accounts' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('person1@example.com');
    expect(items[0]).toHaveTextContent('You');
    expect(items[1]).toHaveTextContent('Two-factor on');
    expect(items[1]).toHaveTextContent('Suspended');
    expect(items[2]).toHaveTextContent('Unconfirmed');
    expect(screen.getByText('1–3 of 26')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('person30@example.com')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/users').at(-1)?.url).toContain('page=2');
  });

  it('searches and filters by role from the first page', async () => {
    const api = fakeApi({ 'GET /api/admin/users': () => page([]) });
    renderScreen(<UsersPanel currentUserId={ME} />);
    expect(await screen.findByText('Nobody has an account yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email or name'), 'ada{Enter}');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'coach');
    await waitFor(() =>
      expect(api.callsTo('GET /api/admin/users').at(-1)?.url).toBe(
        '/api/admin/users?page=1&perPage=25&q=ada&role=coach',
      ),
    );
    expect(await screen.findByText('No accounts match')).toBeInTheDocument();
  });

  it('changes a role with its Save button and says so; a refusal shows the server’s words', async () => {
    let refuse = false;
    const api = fakeApi({
      'GET /api/admin/users': () => page([account(2)]),
      'PUT /api/admin/users/00000000-0000-4000-8000-000000000002/role': (call) =>
        refuse
          ? error(409, 'conflict', 'This is the only admin left.')
          : { body: account(2, { role: (call.body as { role: 'coach' }).role }) },
    });
    renderScreen(<UsersPanel currentUserId={ME} />);
    const select = await screen.findByLabelText('Role of person2@example.com');
    await userEvent.selectOptions(select, 'coach');
    expect(api.callsTo('PUT /api/admin/users/00000000-0000-4000-8000-000000000002/role')).toEqual(
      [],
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Save the role of person2@example.com' }),
    );
    expect(await screen.findByText('person2@example.com is now Coach')).toBeInTheDocument();
    expect(
      api.callsTo('PUT /api/admin/users/00000000-0000-4000-8000-000000000002/role')[0]?.body,
    ).toEqual({ role: 'coach' });

    refuse = true;
    await userEvent.selectOptions(screen.getByLabelText('Role of person2@example.com'), 'admin');
    await userEvent.click(screen.getByRole('button', { name: /Save the role/ }));
    expect(await screen.findByText('This is the only admin left.')).toBeInTheDocument();
  });

  it('deletes after a confirmation that names the person', async () => {
    let deleted = false;
    fakeApi({
      'GET /api/admin/users': () => page(deleted ? [account(3)] : [account(2), account(3)]),
      'DELETE /api/admin/users/00000000-0000-4000-8000-000000000002': () => {
        deleted = true;
        return { body: { deleted: true } };
      },
    });
    renderScreen(<UsersPanel currentUserId={ME} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'More for person2@example.com' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete person2@example.com?' });
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('person2@example.com is deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('person2@example.com')).not.toBeInTheDocument());
  });

  it('does not offer to suspend or delete oneself', async () => {
    fakeApi({ 'GET /api/admin/users': () => page([account(1, { role: 'admin' })]) });
    renderScreen(<UsersPanel currentUserId={ME} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'More for person1@example.com' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Suspend' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Delete account…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('suspends, sends a reset, and creates an account', async () => {
    const api = fakeApi({
      'GET /api/admin/users': () => page([account(2)]),
      'PUT /api/admin/users/00000000-0000-4000-8000-000000000002/ban': () => ({
        body: account(2, { bannedUntil: '2125-01-01T00:00:00.000Z' }),
      }),
      'POST /api/admin/users/00000000-0000-4000-8000-000000000002/link': () => ({
        status: 202,
        body: { sent: true, to: 'person2@example.com' },
      }),
      'POST /api/admin/users': (call) => ({
        status: 201,
        body: account(9, { email: (call.body as { email: string }).email, hasPassword: false }),
      }),
    });
    renderScreen(<UsersPanel currentUserId={ME} />);
    const more = await screen.findByRole('button', { name: 'More for person2@example.com' });
    await userEvent.click(more);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send password reset' }));
    expect(await screen.findByText('Password reset sent')).toBeInTheDocument();
    expect(
      api.callsTo('POST /api/admin/users/00000000-0000-4000-8000-000000000002/link')[0]?.body,
    ).toEqual({
      kind: 'recovery',
    });
    await userEvent.click(more);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Suspend' }));
    expect(await screen.findByText('person2@example.com is suspended')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an account' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'coach');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    expect(await screen.findByText('new@example.com has an account')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users')[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'coach',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create an account' })).not.toBeInTheDocument(),
    );
  });

  it('says when the list could not load, and tries again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/users': () =>
        fail ? error(500, 'internal', 'Something went wrong.') : page([account(2)]),
    });
    renderScreen(<UsersPanel currentUserId={ME} />);
    expect(await screen.findByText('The accounts could not load')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('person2@example.com')).toBeInTheDocument();
  });
});
