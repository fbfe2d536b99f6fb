import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';
import { createFakeAuth, makeSession, makeUser } from '#client/test/fake-auth.tsx';
import { AppLayout, type RoleHandle } from './app-layout.tsx';

// The bell polls the API and opens /api/events; it has tests of its own (features/notifications).
vi.mock('#client/features/notifications/components/notifications-bell.tsx', () => ({
  NotificationsBell: () => null,
}));

beforeEach(() => {
  // Radix measures its pop-over content; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderApp(fakeAuth: ReturnType<typeof createFakeAuth>, entry: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider auth={fakeAuth.auth}>
            <AuthGate>
              <Outlet />
            </AuthGate>
          </AuthProvider>
        ),
        children: [
          { path: '/', element: <Where /> },
          { path: '/login', element: <Where /> },
          { path: '/logout', element: <Navigate to="/" replace /> },
          {
            element: <AppLayout />,
            children: [
              { path: '/goals', element: <h1>Goals</h1> },
              { path: '/dashboard', element: <h1>Dashboard</h1> },
              {
                path: '/coach',
                handle: { roles: ['coach', 'admin'] } satisfies RoleHandle,
                element: <h1>Coach area</h1>,
              },
              {
                path: '/admin',
                handle: { roles: ['admin'] } satisfies RoleHandle,
                element: <h1>Admin area</h1>,
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function signedIn(role?: string, overrides: Parameters<typeof makeUser>[0] = {}) {
  const fakeAuth = createFakeAuth();
  fakeAuth.fake.getSession.mockResolvedValue({
    data: { session: makeSession({ user: makeUser({ role, ...overrides }) }) },
    error: null,
  });
  return fakeAuth;
}

describe('the signed-in guard', () => {
  it('sends a visitor to /login, remembering the requested page', async () => {
    const router = renderApp(createFakeAuth(), '/goals?view=week');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/goals?view=week');
    expect(screen.queryByRole('heading', { name: 'Goals' })).not.toBeInTheDocument();
  });

  it('shows a signed-in user the page', async () => {
    renderApp(signedIn(), '/goals');
    expect(await screen.findByRole('heading', { name: 'Goals' })).toBeInTheDocument();
  });

  it.each([
    ['a user', undefined, '/coach', '/dashboard'],
    ['a user', undefined, '/admin', '/dashboard'],
    ['a coach', 'coach', '/admin', '/dashboard'],
    ['a coach', 'coach', '/coach', '/coach'],
    ['an admin', 'admin', '/coach', '/coach'],
    ['an admin', 'admin', '/admin', '/admin'],
  ])('takes %s asking for %s to %s', async (_who, role, requested, landed) => {
    const router = renderApp(signedIn(role), requested);
    await waitFor(() => expect(router.state.location.pathname).toBe(landed));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('sends a session that still owes its authenticator code back to /login', async () => {
    const fakeAuth = createFakeAuth();
    const user = makeUser({
      factors: [
        { id: 'f', factor_type: 'totp', status: 'verified', created_at: '', updated_at: '' },
      ],
    });
    fakeAuth.fake.getSession.mockResolvedValue({
      data: { session: makeSession({ user, aal: 'aal1' }) },
      error: null,
    });
    const router = renderApp(fakeAuth, '/goals');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('the signed-in menus', () => {
  const mainLinks = [
    ['Dashboard', '/dashboard'],
    ['Goals', '/goals'],
    ['Tasks', '/tasks'],
    ['AI Coaching', '/coaching'],
    ['History', '/history'],
    ['Analytics', '/analytics'],
    ['Progress Insights', '/progress'],
    ['Engagement', '/engagement-analytics'],
  ];

  it('lists the main menu, without Coach for a regular user', async () => {
    renderApp(signedIn(), '/goals');
    await screen.findByRole('heading', { name: 'Goals' });
    const [desktop] = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
    const links = within(desktop as HTMLElement)
      .getAllByRole('link', { hidden: true })
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(mainLinks);
  });

  it('adds Coach for a coach', async () => {
    renderApp(signedIn('coach'), '/goals');
    await screen.findByRole('heading', { name: 'Goals' });
    const [desktop] = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
    expect(
      within(desktop as HTMLElement).getByRole('link', { name: 'Coach', hidden: true }),
    ).toHaveAttribute('href', '/coach');
  });

  it('adds Admin, last, for an admin only', async () => {
    renderApp(signedIn('admin'), '/goals');
    await screen.findByRole('heading', { name: 'Goals' });
    const [desktop] = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
    const links = within(desktop as HTMLElement)
      .getAllByRole('link', { hidden: true })
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([...mainLinks, ['Admin', '/admin']]);
  });

  it('toggles the narrow-screen panel', async () => {
    renderApp(signedIn(), '/goals');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('shows email, role "user" by default, the initial, and the user menu items', async () => {
    renderApp(signedIn(), '/goals');
    const trigger = await screen.findByRole('button', { name: 'Account menu for ada@example.com' });
    expect(trigger).toHaveTextContent('A');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('user')).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Settings',
      'Engagement Analytics',
      'Sign out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('offers the Coach Dashboard to a coach', async () => {
    renderApp(signedIn('coach'), '/goals');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('coach')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Coach Dashboard' })).toHaveAttribute(
      'href',
      '/coach',
    );
  });

  it('signs out, then goes to /logout (and from there to /)', async () => {
    const fakeAuth = signedIn();
    const router = renderApp(fakeAuth, '/goals');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fakeAuth.fake.signOut).toHaveBeenCalledOnce();
  });

  it('shows a spinner while signing out', async () => {
    const fakeAuth = signedIn();
    fakeAuth.fake.signOut.mockReturnValue(new Promise(() => undefined));
    renderApp(fakeAuth, '/goals');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Goals' })).not.toBeInTheDocument();
  });

  it('asks an unconfirmed user to confirm the email and resends the link', async () => {
    const fakeAuth = signedIn(undefined, { email_confirmed_at: undefined });
    fakeAuth.fake.resend.mockResolvedValue({ data: {}, error: null });
    renderApp(fakeAuth, '/goals');
    expect(await screen.findByText(/Please confirm your email address/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('A new link is on its way.')).toBeInTheDocument();
    expect(fakeAuth.fake.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'ada@example.com',
      options: { emailRedirectTo: `${window.location.origin}/auth/confirm` },
    });
  });
});
