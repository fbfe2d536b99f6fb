import { expect, expectContentInLandmarks, expectNoAxeViolations, test } from './fixtures.ts';
import { PASSWORD, uniqueEmail } from './support.ts';

/** Removes the console errors a test expects (the browser logging a status it was meant to get). */
function dropExpected(consoleErrors: string[], status: string) {
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((line) => !line.includes(`status of ${status}`)),
  );
}

const publicPages = [
  { path: '/', heading: /./ },
  { path: '/features', heading: /./ },
  { path: '/about', heading: /./ },
  { path: '/pricing', heading: /./ },
  { path: '/help', heading: /./ },
];

for (const { path, heading } of publicPages) {
  test(`${path} renders with one main heading, the footer and no accessibility violations`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('contentinfo')).toContainText('© 2025 Trellis');
    await expectNoAxeViolations(page);
  });
}

test('the landing page offers to start free and a way to log in', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Start free', exact: true }).first()).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(main.getByRole('link', { name: 'Log In', exact: true }).first()).toHaveAttribute(
    'href',
    '/login',
  );
});

test('the signed-out top menu links Home, Features, Pricing, About, Help, Log In and Sign Up', async ({
  page,
}) => {
  await page.goto('/about');
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Features', 'Pricing', 'About', 'Help']);
  await nav.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL('/features');
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL('/pricing');
  await nav.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL('/help');
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
});

for (const path of ['/faq', '/blog', '/careers', '/privacy', '/terms', '/gdpr', '/no/such/page']) {
  test(`${path} shows the not-found page with a way home, and answers 404`, async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    // The browser reports the 404 of the page itself on its console; that one is expected.
    dropExpected(consoleErrors, '404');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
  });
}

test('the footer links reach the not-found page', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL('/privacy');
  // A page load now (the public pages run no router): the browser reports the page's 404.
  dropExpected(consoleErrors, '404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Trellis');
  await expectNoAxeViolations(page);
});

test('/logout redirects to the landing page', async ({ page }) => {
  await page.goto('/logout');
  await expect(page).toHaveURL('/');
});

test('the pages of the app answer 200, whether or not they are prerendered', async ({
  request,
}) => {
  for (const path of ['/', '/help', '/login', '/reset-password', '/logout', '/goals/123']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test('a toast and the confirm-email banner sit inside landmarks', async ({
  page,
  consoleErrors,
}) => {
  // A toast: a failed log-in.
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('region', { name: /Status messages/ })).toContainText('Error');
  await expectContentInLandmarks(page);
  // The browser reports the refused log-in (400) on its console; that one is expected.
  dropExpected(consoleErrors, '400');

  // The banner of a new, unconfirmed account.
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail('banner'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const banner = page.getByRole('region', { name: 'Email confirmation' });
  await expect(banner).toContainText('Please confirm your email address');
  await page.goto('/settings');
  await expect(banner).toBeVisible();
  await expectContentInLandmarks(page);
});

test('unknown API paths answer JSON, not the app', async ({ request }) => {
  const response = await request.get('/api/nothing-here');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top menu folds into a panel that a button toggles', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Features' })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.getByRole('banner').getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL('/features');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Features' })).toBeHidden();
  });

  test('Escape closes the open menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeHidden();
  });

  test('nothing overflows the width of the screen', async ({ page }) => {
    for (const path of ['/', '/features', '/about', '/pricing', '/help']) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/features');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('the marketing pages arrive as HTML that reads before any script runs', async ({
  request,
}) => {
  for (const path of ['/', '/features', '/about', '/pricing', '/help']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<h1[^>]*>/);
    expect(html, path).not.toMatch(/<script(?![^>]*(type="module"|type="application\/json"))/);
  }
});

test('a fresh page load starts at the top, wherever the last page was left', async ({ page }) => {
  await page.goto('/help');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.waitForFunction(() => window.scrollY > 1000);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('prerendered pages hold no unfinished Suspense boundary', async ({ request }) => {
  for (const path of ['/', '/features', '/about', '/pricing', '/help']) {
    expect(await (await request.get(path)).text(), path).not.toContain('<!--$!-->');
  }
});

test('the public pages run one small script and no framework', async ({ page, consoleErrors }) => {
  for (const path of ['/', '/features', '/about', '/pricing', '/help', '/no/such/page']) {
    const scripts: string[] = [];
    const record = (request: { resourceType: () => string; url: () => string }) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', record);
    await page.goto(path);
    page.off('request', record);
    // One script file: a loaded browser may ask for the same file twice (a speculative fetch
    // given up and made again), which is still the one script.
    expect([...new Set(scripts)], path).toEqual([
      expect.stringMatching(/^\/assets\/site-[\w-]+\.js$/),
    ]);
    const html = await page.content();
    expect(html, path).not.toContain('rel="modulepreload"');
  }
  dropExpected(consoleErrors, '404');
});

test("the public pages fetch the sign-in pages' code ahead, without running it", async ({
  page,
}) => {
  const fetched = page.waitForRequest(/\/assets\/app-[\w-]+\.js$/);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).hover();
  await fetched;
  await expect(page.locator('script[src*="/assets/app-"]')).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log In');
});

test('the public pages keep their text from shifting: the font never blocks or swaps', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<link rel="preload" href="\/assets\/inter-latin-wght-normal-[^"]+\.woff2"/);
  expect(html).not.toContain('rel="stylesheet"');
  expect(html).toContain('font-display:optional');
  expect(html).not.toContain('font-display:swap');
});
