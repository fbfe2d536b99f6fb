import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { PASSWORD, serviceRoleKey, uniqueEmail } from './support.ts';

// Sign-up, log-in, guards, sign-out and two-step login, as a person does them in the browser.
// Accounts of a given role need the service-role key (the admin API): from E2E_SERVICE_ROLE_KEY or
// .tmp/e2e-keys.json, which scripts/e2e-server.mjs writes. Without it the coach and admin journeys skip.

async function publishableKey(page: Page): Promise<string> {
  const response = await page.request.get('/api/runtime-config');
  const config = (await response.json()) as { publishableKey: string };
  return config.publishableKey;
}

/**
 * A regular account, made through the public sign-up API. On a fresh instance the very first
 * account becomes the admin; then a second one is made, which never is.
 */
async function createRegularUser(page: Page): Promise<string> {
  const apikey = await publishableKey(page);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const email = uniqueEmail('user');
    const response = await page.request.post('/auth/v1/signup', {
      headers: { apikey },
      data: { email, password: PASSWORD },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const body = (await response.json()) as { user?: { app_metadata?: { role?: string } } };
    if (body.user?.app_metadata?.role !== 'admin') return email;
  }
  throw new Error('could not create a regular account');
}

/** An account with the role, made through the admin API with the service-role key. */
async function createUserWithRole(
  page: Page,
  key: string,
  role: 'coach' | 'admin',
): Promise<string> {
  const email = uniqueEmail(role);
  const response = await page.request.post('/auth/v1/admin/users', {
    headers: { apikey: key, authorization: `Bearer ${key}` },
    data: { email, password: PASSWORD, email_confirm: true, app_metadata: { role } },
  });
  // A server started some other way (reused by Playwright) has keys of its own.
  test.skip(
    response.status() === 401 || response.status() === 403,
    'the service-role key does not belong to this server',
  );
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

async function logIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  return page.getByRole('menu');
}

test('sign-up goes to /onboarding and asks to verify the email', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await page.getByLabel('Email').fill(uniqueEmail('signup'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByText('Account created')).toBeVisible();
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();
  await expect(page.getByText(/Please confirm your email address/)).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('trellis-auth-token'));
  expect(stored, 'session kept under the fixed storage key').not.toBeNull();
});

test('the browser refuses a password under 8 characters on sign-up', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail('short'));
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/signup');
  const tooShort = await page
    .getByLabel('Password')
    .evaluate((input: HTMLInputElement) => input.validity.tooShort);
  expect(tooShort).toBe(true);
});

test('/login and /signup link to each other', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/signup');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/login');
});

test('a regular user lands on /goals, replacing the login entry, and is welcomed back', async ({
  page,
}) => {
  const email = await createRegularUser(page);
  await page.goto('/');
  await page.goto('/login');
  await logIn(page, email);
  await expect(page).toHaveURL('/goals');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByText("You've successfully logged in.")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/');
});

test('a wrong password shows the error and stays on /login', async ({ page, consoleErrors }) => {
  const email = await createRegularUser(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  await expect(page).toHaveURL('/login');
  // The browser reports the refused request (400) on its console; that one is expected.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((line) => !line.includes('400')),
  );
});

for (const [role, who] of [
  ['coach', 'a coach'],
  ['admin', 'an admin'],
] as const) {
  test(`${who} lands on /${role}`, async ({ page }) => {
    const key = serviceRoleKey();
    test.skip(!key, 'needs the service-role key (E2E_SERVICE_ROLE_KEY or .tmp/e2e-keys.json)');
    const email = await createUserWithRole(page, key ?? '', role);
    await page.goto('/login');
    await logIn(page, email);
    await expect(page).toHaveURL(`/${role}`);
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(role, { exact: true })).toBeVisible();
  });
}

test('a coach sees the Coach link and the Coach Dashboard', async ({ page }) => {
  const key = serviceRoleKey();
  test.skip(!key, 'needs the service-role key (E2E_SERVICE_ROLE_KEY or .tmp/e2e-keys.json)');
  const email = await createUserWithRole(page, key ?? '', 'coach');
  await page.goto('/login');
  await logIn(page, email);
  await expect(page).toHaveURL('/coach');
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link', { name: 'Coach', exact: true }),
  ).toBeVisible();
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Coach Dashboard' })).toHaveAttribute(
    'href',
    '/coach',
  );
});

test('guards: a visitor goes to /login and back to the requested page after logging in', async ({
  page,
}) => {
  const email = await createRegularUser(page);
  await page.goto('/tasks');
  await expect(page).toHaveURL('/login?next=%2Ftasks');
  await logIn(page, email);
  await expect(page).toHaveURL('/tasks');
});

test('guards: a regular user asking for /coach or /admin lands on /dashboard', async ({ page }) => {
  const email = await createRegularUser(page);
  await page.goto('/login');
  await logIn(page, email);
  await expect(page).toHaveURL('/goals');
  await page.goto('/coach');
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/admin');
  await expect(page).toHaveURL('/dashboard');
});

test('the user menu shows the email and role, and Sign out goes home for good', async ({
  page,
}) => {
  const email = await createRegularUser(page);
  await page.goto('/login');
  await logIn(page, email);
  await expect(page).toHaveURL('/goals');
  const menu = await openAccountMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByText('user', { exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Settings',
    'Engagement Analytics',
    'Sign out',
  ]);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('trellis-auth-token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
});

test('on a phone the main menu folds into a toggled panel', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await createRegularUser(page);
  await page.goto('/login');
  await logIn(page, email);
  await expect(page).toHaveURL('/goals');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  await page.getByRole('link', { name: 'Progress Insights' }).click();
  await expect(page).toHaveURL('/progress');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('keyboard only: skip link, fields and Enter log in', async ({ page }) => {
  const email = await createRegularUser(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/goals');
  // And out again by keyboard through the account menu.
  await page.getByRole('button', { name: /^Account menu/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
});

test('forgot password answers the same for any address', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
});

test('an expired confirmation link explains itself and offers a new one', async ({ page }) => {
  await page.goto(
    '/auth/confirm?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "We couldn't confirm your email",
  );
  await expect(page.getByRole('alert')).toHaveText('Email link is invalid or has expired');
  await page.getByLabel('Email').fill(uniqueEmail('resend'));
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText('Confirmation email sent')).toBeVisible();
});

test('two-step login: an authenticator app added in Settings is asked for after the password', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await createRegularUser(page);
  await page.goto('/login');
  await logIn(page, email);
  await expect(page).toHaveURL('/goals');

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect(
    await page
      .getByRole('img', { name: /QR code/ })
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  const secret = (await page.locator('code').innerText()).replace(/\s/g, '');
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  await page.getByLabel('Enter the 6-digit code the app shows').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Authenticator app added')).toBeVisible();

  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await logIn(page, email);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expectNoAxeViolations(page);
  // A guarded page sends the half-signed-in session back to the code step.
  await page.goto('/goals');
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  // A fresh code: the enrolment used this 30 s step, and a step counts once. The server accepts one
  // step either side of its clock, so the next step's code is good now, with no wait for it.
  await page
    .getByLabel('Authentication code')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/goals');
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, button } of [
    { path: '/login', heading: 'Log In', button: 'Log in' },
    { path: '/signup', heading: 'Create your account', button: 'Create account' },
  ]) {
    test(`${path} shows its form, ready to fill in`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.getByLabel('Email').fill('someone@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
      await expect(page.getByRole('button', { name: button })).toBeEnabled();
    });
  }
});

test('what is typed and sent before the app has loaded is kept, and sent by the app', async ({
  page,
}) => {
  const email = await createRegularUser(page);
  let releaseApp = () => {};
  const appMayLoad = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await appMayLoad;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('html[data-holds-submits]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  releaseApp();
  // A budget, not a wait: the whole app loads and signs in within this one step.
  await expect(page).toHaveURL('/goals', { timeout: 30_000 });
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('the sign-in pages load none of the signed-in app', async ({ page }) => {
  for (const path of ['/login', '/signup']) {
    const scripts: string[] = [];
    const record = (request: { resourceType: () => string; url: () => string }) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', record);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    page.off('request', record);
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(
      scripts.filter((script) =>
        /app-layout|dashboard|goals|tasks|coaching|analytics/.test(script),
      ),
      path,
    ).toEqual([]);
  }
});

for (const path of ['/login', '/signup', '/forgot-password']) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('/settings has no accessibility violations', async ({ page }) => {
  const email = await createRegularUser(page);
  await page.goto('/login');
  await logIn(page, email);
  await expect(page).toHaveURL('/goals');
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page);
});
