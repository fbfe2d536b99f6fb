import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { isPagePath, pagePaths } from '#contracts/pages.ts';
import { RootErrorBoundary, RootLayout } from './layouts/root-layout.tsx';
import { routes } from './router.tsx';

describe('the route table', () => {
  it('shows the not-found page, with a way home, for paths the spec does not declare', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/gdpr'] });
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('names every page in the document title, including the not-found page', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/features'] });
    render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(document.title).toBe('Features · Trellis'), { timeout: 10_000 });
    await router.navigate('/privacy');
    await vi.waitFor(() => expect(document.title).toBe('Page not found · Trellis'), {
      timeout: 10_000,
    });
    expect(document.querySelectorAll('title')).toHaveLength(1);
  });

  it('redirects /logout to /', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/logout'] });
    render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
  });

  it('declares every signed-in route of the spec', () => {
    const declared = new Set<string>();
    const walk = (list: typeof routes, prefix: string) => {
      for (const route of list) {
        const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
        if (route.path) declared.add(path);
        if (route.children) walk(route.children, path);
      }
    };
    walk(routes, '');
    const spec = [
      '/login',
      '/signup',
      '/features',
      '/about',
      '/pricing',
      '/help',
      '/logout',
      '/onboarding',
      '/dashboard',
      '/settings',
      '/profile',
      '/goals',
      '/goals/new',
      '/goals/:id/breakdown',
      '/tasks',
      '/history',
      '/schedule',
      '/analytics',
      '/analytics/advanced',
      '/analytics/coach-effectiveness',
      '/analytics/metrics/:domain',
      '/experiments',
      '/engagement-analytics',
      '/progress',
      '/achievements',
      '/coaching',
      '/coaching/domains/:domainId',
      '/coaching/chat/:coachId',
      '/coaching/team',
      '/coaching/customize/:userCoachId',
      '/coaching/personality/:userCoachId',
      '/coaching/assessment',
      '/coaching/assessment-enhanced',
      '/coaching/recommendations',
      '/coach',
      '/admin',
      '/notifications',
    ];
    expect(spec.filter((path) => !declared.has(path))).toEqual([]);
  });

  it('serves exactly the pages of the list the server shares (contracts/pages.ts)', () => {
    const declared = new Set<string>();
    const walk = (list: typeof routes, prefix: string) => {
      for (const route of list) {
        const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
        if (route.index) declared.add(prefix || '/');
        else if (route.path && route.path !== '*') declared.add(path);
        if (route.children) walk(route.children, path);
      }
    };
    walk(routes, '');
    expect([...declared].sort()).toEqual(Object.values(pagePaths).sort());
    for (const path of declared) {
      expect(isPagePath(path.replace(/:[^/]+/g, 'x')), path).toBe(true);
    }
    expect(isPagePath('/privacy')).toBe(false);
    expect(isPagePath('/goals/a/b/c')).toBe(false);
  });
});

describe('the error screen', () => {
  it('shows the spec texts and Try Again renders the route again', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('boom');
      return <h1>Recovered</h1>;
    }
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          Component: RootLayout,
          ErrorBoundary: RootErrorBoundary,
          children: [{ index: true, Component: Flaky }],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByText('Something went wrong', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('We encountered an unexpected error. Please try refreshing the page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { name: 'Recovered' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('Refresh Page reloads the page', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    function Broken(): never {
      throw new Error('always');
    }
    const router = createMemoryRouter(
      [
        {
          Component: RootLayout,
          ErrorBoundary: RootErrorBoundary,
          children: [{ index: true, Component: Broken }],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Refresh Page' }, { timeout: 10_000 }),
    );
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
    expect(consoleError).toHaveBeenCalled();
  });
});
