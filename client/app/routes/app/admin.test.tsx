import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { AdminPage } from './admin.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));
vi.mock('#client/lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ user: { id: '00000000-0000-4000-8000-000000000001' } }),
}));

afterEach(() => vi.unstubAllGlobals());

function fakeAdminApi() {
  return fakeApi({
    'GET /api/admin/users': () => ({ body: { users: [], total: 0, page: 1, perPage: 25 } }),
    'GET /api/admin/outbox': () => ({ body: { messages: [], nextCursor: null } }),
  });
}

describe('AdminPage', () => {
  it('opens on the Users tab', async () => {
    fakeAdminApi();
    renderScreen(<AdminPage />, { path: '/admin', route: '/admin' });
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByText('Nobody has an account yet.')).toBeInTheDocument();
  });

  it('opens the tab the URL names, and falls back to Users for one it does not know', async () => {
    fakeAdminApi();
    renderScreen(<AdminPage />, { path: '/admin?tab=outbox', route: '/admin' });
    expect(screen.getByRole('tab', { name: 'Dev outbox' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel', { name: 'Dev outbox' })).toBeInTheDocument();
  });

  it('lists the areas in order, and moves between tabs with the arrow keys, Home and End, keeping the URL in step', async () => {
    fakeAdminApi();
    const { router } = renderScreen(<AdminPage />, { path: '/admin?tab=nope', route: '/admin' });
    const users = screen.getByRole('tab', { name: 'Users' });
    expect(users).toHaveAttribute('aria-selected', 'true');
    expect(users).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Dev outbox' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Users',
      'System',
      'Deliveries',
      'AI',
      'Audit log',
      'Broadcast',
      'Dev outbox',
    ]);
    users.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'System' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=system');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Dev outbox' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=outbox');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=users');
    await userEvent.keyboard('{ArrowLeft}');
    expect(router.state.location.search).toBe('?tab=outbox');
  });
});
