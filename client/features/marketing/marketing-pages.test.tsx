import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PublicLayout } from '#client/app/layouts/public-layout.tsx';
import { AboutPage } from '#client/app/routes/about.tsx';
import { FeaturesPage } from '#client/app/routes/features.tsx';
import { HelpPage } from '#client/app/routes/help.tsx';
import { LandingPage } from '#client/app/routes/landing.tsx';
import { PricingPage } from '#client/app/routes/pricing.tsx';

const pages: { path: string; Component: ComponentType }[] = [
  { path: '/', Component: LandingPage },
  { path: '/features', Component: FeaturesPage },
  { path: '/about', Component: AboutPage },
  { path: '/pricing', Component: PricingPage },
  { path: '/help', Component: HelpPage },
];

/** Renders a page inside the public layout, as a visitor would see it. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: PublicLayout,
        children: pages.map(({ path: pagePath, Component }) =>
          pagePath === '/' ? { index: true, Component } : { path: pagePath, Component },
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return within(screen.getByRole('main'));
}

describe('public marketing pages', () => {
  it.each(pages.map((page) => page.path))('%s has exactly one h1', async (path) => {
    renderAt(path);
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('sends visitors on the landing page to sign up or log in', async () => {
    const main = renderAt('/');
    expect(
      await main.findByRole('heading', { level: 1, name: /three things to do today/i }),
    ).toBeInTheDocument();

    // An account on this server is free: no "trial" of something it does not sell.
    const starts = main.getAllByRole('link', { name: 'Start free' });
    expect(starts.length).toBeGreaterThan(0);
    for (const link of starts) expect(link).toHaveAttribute('href', '/signup');
    expect(main.queryByRole('link', { name: /free trial/i })).not.toBeInTheDocument();

    // Worded as the header's "Log In" button, every one of them.
    const logins = main.getAllByRole('link', { name: /^log in/i });
    expect(logins.length).toBeGreaterThan(0);
    for (const link of logins) {
      expect(link).toHaveTextContent(/^Log In$/);
      expect(link).toHaveAttribute('href', '/login');
    }
  });

  it('lists Home, Features, Pricing, About and Help in the signed-out top menu', async () => {
    renderAt('/about');
    const nav = within(screen.getAllByRole('navigation', { name: 'Main' })[0]!);
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Features',
      'Pricing',
      'About',
      'Help',
    ]);
    expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(nav.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
  });

  it('sends people to the Schedule page for delivery days and times on the help page', async () => {
    const main = renderAt('/help');
    const schedule = await main.findByRole('link', { name: 'Schedule' });
    expect(schedule).toHaveAttribute('href', '/schedule');
    expect(schedule.closest('p')).toHaveTextContent(/the days of the week, quiet hours/);
    expect(main.queryByText(/In Settings[^.]*days of the week/)).not.toBeInTheDocument();
  });

  it('shows the how-it-works steps, the key features and illustrative stories on the landing page', async () => {
    const main = renderAt('/');
    const steps = within(await main.findByRole('region', { name: /three steps/i }));
    expect(steps.getAllByRole('listitem')).toHaveLength(3);
    expect(steps.getByRole('heading', { name: /declare a goal/i })).toBeInTheDocument();
    expect(
      steps.getByRole('heading', { name: /get your top three each day/i }),
    ).toBeInTheDocument();

    for (const feature of [
      /coaches for each part of your life/i,
      /around the clock/i,
      /progress you can see/i,
      /coaches that work together/i,
      /instant task breakdown/i,
      /top three goals/i,
    ]) {
      expect(main.getByRole('heading', { level: 3, name: feature })).toBeInTheDocument();
    }

    expect(main.getByText(/illustrative examples/i)).toBeInTheDocument();
    expect(main.getByText('Training for her first 10K')).toBeInTheDocument();
  });

  it('lists every help topic in the contents and links each to its section', async () => {
    const main = renderAt('/help');
    const contents = within(await main.findByRole('navigation', { name: 'On this page' }));
    const topics = [
      'Getting started',
      'Goals',
      'Daily delivery',
      'Coaching',
      'Privacy and data',
      'Common questions',
    ];
    for (const topic of topics) {
      const section = main.getByRole('region', { name: topic });
      expect(within(section).getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
      expect(contents.getByRole('link', { name: topic })).toHaveAttribute('href', `#${section.id}`);
    }
  });

  it('opens a help answer when its question is activated', async () => {
    const user = userEvent.setup();
    const main = renderAt('/help');
    const question = await main.findByText('Do I need an OpenAI or Anthropic API key?');
    const details = question.closest('details');
    expect(details).not.toBeNull();
    expect(details).not.toHaveAttribute('open');
    await user.click(question);
    expect(details).toHaveAttribute('open');
    expect(main.getByText(/the built-in coach engine works offline/i)).toBeVisible();
  });

  it('offers a free self-hosted plan and a hosted trial on the pricing page', async () => {
    const main = renderAt('/pricing');
    const heading = await main.findByRole('heading', { level: 2, name: 'Self-hosted' });
    const selfHosted = heading.closest('li');
    if (!selfHosted) throw new Error('The self-hosted plan is not a list item');
    expect(within(selfHosted).getByText('Free')).toBeInTheDocument();
    expect(within(selfHosted).getByText('forever')).toBeInTheDocument();

    // An account on this server is free: the hosted plan's call starts one here, not a "trial".
    for (const link of main.getAllByRole('link', { name: 'Start free' })) {
      expect(link).toHaveAttribute('href', '/signup');
    }
    expect(main.queryByRole('link', { name: /free trial/i })).not.toBeInTheDocument();
  });
});
