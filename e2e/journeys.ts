import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { PASSWORD, uniqueEmail } from './support.ts';

// Steps the journeys share: accounts made through the admin API, signing in, an admin reading the
// dev outbox, and the password-reset steps. The admin comes from the admin API with the
// service-role key (.tmp/e2e-keys.json, written by scripts/e2e-server.mjs, or E2E_SERVICE_ROLE_KEY).

/**
 * An account made through the admin API (confirmed), with a role if given. Without one, the first
 * such account of a fresh instance becomes its admin; `'user'` says plainly that it is not.
 */
export async function createAccount(
  page: Page,
  key: string,
  role?: 'admin' | 'coach' | 'user',
): Promise<string> {
  const email = uniqueEmail(role ?? 'user');
  const response = await page.request.post('/auth/v1/admin/users', {
    headers: { apikey: key, authorization: `Bearer ${key}` },
    data: {
      email,
      password: PASSWORD,
      email_confirm: true,
      ...(role ? { app_metadata: { role } } : {}),
    },
  });
  test.skip(
    response.status() === 401 || response.status() === 403,
    'the service-role key does not belong to this server',
  );
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

/** A new account made through the sign-up page, left on /onboarding. */
export async function signUp(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/onboarding');
  return email;
}

/** The address's confirmation email, read from the dev outbox by `admin` and followed in `page`. */
export async function confirmEmail(page: Page, admin: Page, email: string) {
  const confirmation = await openOutboxMessage(admin, {
    to: email,
    channel: 'email',
    name: /Confirm your email/,
  });
  await page.goto(await linkIn(confirmation));
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
}

/** Answers every question the coach asked: the first suggestion where there is one, else `answer`. */
export async function answerCoachQuestions(page: Page, answer = 'To feel strong again') {
  const groups = page.getByRole('group', { name: /^Suggestions for question/ });
  for (const group of await groups.all()) await group.getByRole('button').first().click();
  for (const box of await page.getByRole('main').getByRole('textbox').all()) {
    if ((await box.inputValue()) === '') await box.fill(answer);
  }
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Until the SMART goal is up for review: each round the coach answers with the goal or more
 * questions (then Continue is back), for at most three rounds of answers.
 */
export async function answerUntilReview(page: Page, answer?: string) {
  const review = page.getByRole('heading', { name: 'Review your SMART goal' });
  for (let round = 0; round < 3 && !(await review.isVisible()); round += 1) {
    await answerCoachQuestions(page, answer);
    await expect(review.or(page.getByRole('button', { name: 'Continue' }))).toBeVisible();
  }
  await expect(review).toBeVisible();
}

/** Declares `sentence` on the goal step and answers the coach until the SMART goal is up for review. */
export async function shapeGoal(page: Page, sentence: string, answer?: string) {
  await page.getByLabel('Your goal in one sentence').fill(sentence);
  await page.getByRole('button', { name: 'Shape it with the coach' }).click();
  const review = page.getByRole('heading', { name: 'Review your SMART goal' });
  await expect(review.or(page.getByRole('button', { name: 'Continue' }))).toBeVisible();
  await answerUntilReview(page, answer);
}

/** An access token for `email`, for making a history through the API. */
export async function accessToken(request: APIRequestContext, email: string): Promise<string> {
  const config = (await (await request.get('/api/runtime-config')).json()) as {
    publishableKey: string;
  };
  const response = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: config.publishableKey },
    data: { email, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Fails when the page scrolls sideways (a narrow screen's overflow). */
export async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A signed-in admin in a browser context of their own. */
export async function adminPage(browser: Browser, key: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await createAccount(page, key, 'admin');
  await logIn(page, email);
  // An admin's home is /admin.
  await expect(page).toHaveURL('/admin');
  return page;
}

/**
 * Opens the newest dev outbox message to `to` whose row matches `name`, on /admin's Dev outbox tab, looking again
 * until it arrives (mail and deliveries are sent after the request that makes them).
 */
export async function openOutboxMessage(
  admin: Page,
  filter: { to: string; channel?: 'email' | 'sms' | 'push'; name: RegExp },
): Promise<Locator> {
  const rows = admin.getByRole('list', { name: 'Messages in the dev outbox' });
  const row = rows.getByRole('button', { name: filter.name }).first();
  await expect(async () => {
    await admin.goto('/admin?tab=outbox');
    await expect(admin.getByRole('tab', { name: 'Dev outbox', selected: true })).toBeVisible();
    if (filter.channel) await admin.getByLabel('Channel').selectOption(filter.channel);
    await admin.getByLabel('Recipient').fill(filter.to);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await row.click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Text' })).toBeVisible();
  return dialog;
}

/** axe, once the toasts have gone (it reads one mid-animation as text of too little contrast). */
export async function checkAccessibility(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
}

export async function linkIn(dialog: Locator): Promise<string> {
  const href = await dialog.getByRole('link', { name: /^http/ }).getAttribute('href');
  expect(href, 'the message has a link').toBeTruthy();
  return href ?? '';
}

/** The six-digit code in an auth email's text. */
export async function codeIn(dialog: Locator): Promise<string> {
  const text = await dialog
    .getByText(/enter this code/i)
    .first()
    .textContent();
  const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
  expect(code, 'the message has a six-digit code').toBeTruthy();
  return code ?? '';
}

/** Asks for a password reset on /forgot-password, as the person who forgot it. */
export async function askForReset(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
}

/** Sets the new password on /reset-password once the link or the code has been accepted. */
export async function setNewPassword(page: Page, newPassword: string) {
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  // Home for the role: /goals, or /admin when this was the instance's first account.
  await expect(page).toHaveURL(/\/(goals|admin)$/);
}

/** The new password signs in, each in a browser of its own; the old one no longer does. */
export async function expectPasswordChanged(browser: Browser, email: string, newPassword: string) {
  const fresh = await browser.newContext();
  const later = await fresh.newPage();
  await logIn(later, email, newPassword);
  await expect(later).toHaveURL(/\/(goals|admin)$/);
  await fresh.close();
  const other = await browser.newContext();
  const old = await other.newPage();
  await logIn(old, email, PASSWORD);
  await expect(old.getByText('Invalid login credentials')).toBeVisible();
  await other.close();
}

/**
 * Tasks that stand twice in one group of a goal's plan (a milestone, or the tasks without one). A
 * repeating session may recur in each phase of a plan; within one group, a title is a copy.
 */
export async function repeatedTasks(plan: Locator): Promise<string[]> {
  return plan.evaluate((root) => {
    const repeated: string[] = [];
    for (const heading of root.querySelectorAll('h3')) {
      const group = heading.closest('li, section');
      if (!group) continue;
      const labels = [...group.querySelectorAll('button[aria-label^="Complete “"]')].map(
        (button) => button.getAttribute('aria-label') ?? '',
      );
      labels.forEach((label, index) => {
        if (labels.indexOf(label) !== index) repeated.push(label);
      });
    }
    return repeated;
  });
}
