import { expect, test } from './fixtures.ts';
import { adminPage, checkAccessibility, logIn, openOutboxMessage, shapeGoal } from './journeys.ts';
import { PASSWORD, serviceRoleKey, uniqueEmail } from './support.ts';

// The two ways in without an email and password (ADR 021): a phone number and the code texted to
// it (read from the dev outbox, as an admin), and trying Trellis without an account, then saving it.
// scripts/e2e-server.mjs turns anonymous sign-ins on for these journeys.

test('phone sign-in: a number, the texted code from the outbox, and the account is open', async ({
  page,
  browser,
}) => {
  // A few seconds on a quiet machine; a CI machine under load can take five times as long.
  test.setTimeout(180_000);
  const key = serviceRoleKey();
  test.skip(!key, 'needs the service-role key (the admin reads the dev outbox)');
  const admin = await adminPage(browser, key ?? '');
  const digits = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');
  const phone = `+4477009${digits}`;

  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a phone number instead' }).click();
  await page.getByLabel('Country code').selectOption('44');
  await page.getByLabel('Phone number').fill(`7700 9${digits}`);
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Send code' }).click();
  const codeInput = page.getByLabel('Code');
  await expect(codeInput).toBeVisible();
  await expect(page.getByText(phone)).toBeVisible();
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');

  const message = await openOutboxMessage(admin, {
    to: phone,
    channel: 'sms',
    name: /sign-in code/,
  });
  const code = /\b(\d{6})\b/.exec(await message.getByRole('heading').first().innerText())?.[1];
  expect(code, 'the code in the text message').toBeTruthy();
  await codeInput.fill(code ?? '');
  await page.getByRole('button', { name: 'Log In' }).click();

  // Signed in: a new account's home, with the menu of a signed-in person.
  await expect(page).toHaveURL(/\/(goals|onboarding|dashboard)$/);
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  await admin.context().close();
});

test('try it without an account: onboarding with push only, a goal, then the account saved and signed in again', async ({
  page,
}) => {
  // About a minute on a quiet machine (the goal is shaped by the offline coach); CI can take five
  // times as long.
  test.setTimeout(360_000);
  const email = uniqueEmail('saved');

  await page.goto('/signup');
  await expect(page.getByText('Not ready to give your email?')).toBeVisible();
  await page.getByRole('button', { name: 'Try it without an account' }).click();
  await expect(page).toHaveURL('/onboarding');

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Trellis' })).toBeVisible();
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Where are you?' })).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Channels: push only; email and texts wait for a saved account, and no error shows.
  await expect(
    page.getByRole('heading', { level: 1, name: 'How should your top three reach you?' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Push' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'SMS' })).toHaveCount(0);
  const later = page.getByRole('region', { name: 'Email and text messages' });
  await expect(
    later.getByText('Email and text messages arrive once you save your account.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(later.getByRole('link', { name: 'Save your account' })).toHaveAttribute(
    'href',
    '/settings#save-account',
  );
  await expect(page.getByText(/Save your account with an email and password to/)).toHaveCount(0);
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'What do you want to focus on?' }),
  ).toBeFocused();
  await page.getByRole('checkbox', { name: /^Health/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 chosen.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The first goal, shaped with the offline coach and saved, its plan accepted.
  await expect(page.getByRole('heading', { name: 'What do you want to achieve?' })).toBeVisible();
  await shapeGoal(page, 'I want to run a 10 km race');
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Plan your first steps' }),
  ).toBeFocused();
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'How should your coach talk to you?' }),
  ).toBeFocused();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/goals');
  const goal = page
    .getByRole('main')
    .getByText(/10 ?km/i)
    .first();
  await expect(goal).toBeVisible();

  // Settings: the account is saved with an email and a password; the same account, so the goal stays.
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Save your account' });
  await expect(card).toBeVisible();
  await checkAccessibility(page);
  await card.getByLabel('Email').fill(email);
  await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await card.getByLabel('Confirm new password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Save your account' }).click();
  await expect(page.getByText('Account saved')).toBeVisible();
  // Saved: the usual account cards, and email and SMS among the channels.
  await expect(page.getByRole('region', { name: 'Save your account' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Email', exact: true })).toBeVisible();

  // Signed out, then in again with the password (AUTH_CONFIRM_EMAIL=later: no link needed first).
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await logIn(page, email);
  // Home for the role: /goals, or /admin when this saved account is the instance's first real one
  // (an anonymous account never claims the admin role; a saved one may, ADR 021).
  await expect(page).toHaveURL(/\/(goals|admin)$/);
  await page.goto('/goals');
  await expect(
    page
      .getByRole('main')
      .getByText(/10 ?km/i)
      .first(),
  ).toBeVisible();
});
