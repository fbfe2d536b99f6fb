import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import {
  adminPage,
  askForReset,
  checkAccessibility,
  codeIn,
  confirmEmail,
  createAccount,
  expectPasswordChanged,
  linkIn,
  openOutboxMessage,
  setNewPassword,
  shapeGoal,
} from './journeys.ts';
import { PASSWORD, serviceRoleKey, uniqueEmail } from './support.ts';

// Daily delivery and the dev outbox as people use them: a password reset whose email an admin
// reads in the dev outbox; and a new user from sign-up through onboarding (a phone verified by a
// code read from the outbox) to /dashboard, then today's top three sent from /schedule, visible in
// the outbox and in the record, and one task completed from the message's one-tap link.
// Without the service-role key (e2e/journeys.ts) these journeys skip.

test('password reset through the dev outbox: an admin reads the email, its link sets a new password in another browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const key = serviceRoleKey();
  test.skip(!key, 'needs the service-role key');
  const email = await createAccount(page, key ?? '');

  // The person asks for a reset.
  await askForReset(page, email);

  // The admin finds the email in the dev outbox.
  const admin = await adminPage(browser, key ?? '');
  const dialog = await openOutboxMessage(admin, {
    to: email,
    channel: 'email',
    name: /Reset your Trellis password/,
  });
  await expect(dialog.getByRole('heading', { name: 'Reset your Trellis password' })).toBeVisible();
  await expect(dialog.getByTitle('HTML of “Reset your Trellis password”')).toHaveAttribute(
    'sandbox',
    '',
  );
  const link = await linkIn(dialog);
  // axe cannot look inside the sandboxed frame (no scripts run there): the list is checked.
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await checkAccessibility(admin);
  await admin.context().close();

  // The link works in another browser (the email read on another device): it holds none of
  // what the asking browser stored.
  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  await phone.goto(link);
  await expect(phone).toHaveURL('/reset-password');
  const newPassword = 'a brand new garden path';
  await setNewPassword(phone, newPassword);
  await elsewhere.close();

  await expectPasswordChanged(browser, email, newPassword);
});

test('password reset by the six-digit code from the email, typed into the reset page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const key = serviceRoleKey();
  test.skip(!key, 'needs the service-role key');
  const email = await createAccount(page, key ?? '');

  await askForReset(page, email);
  const admin = await adminPage(browser, key ?? '');
  const dialog = await openOutboxMessage(admin, {
    to: email,
    channel: 'email',
    name: /Reset your Trellis password/,
  });
  const code = await codeIn(dialog);
  await admin.context().close();

  // From "Check your email", the code goes into the reset page, the address already filled in.
  await page.getByRole('link', { name: 'Enter the code from the email' }).click();
  await expect(page).toHaveURL('/reset-password');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Code from the email').fill(code);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const newPassword = 'a code typed by hand';
  await setNewPassword(page, newPassword);

  await expectPasswordChanged(browser, email, newPassword);
});

test('onboarding from sign-up to /dashboard, then today’s top three by email and SMS, in the outbox and the record', async ({
  page,
  browser,
}) => {
  // About 30 s on a quiet machine; a CI machine under load has taken five times as long.
  test.setTimeout(360_000);
  const key = serviceRoleKey();
  test.skip(!key, 'needs the service-role key');
  const admin = await adminPage(browser, key ?? '');
  const email = uniqueEmail('onboarding');
  const phone = `+4477009${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

  // Sign up: onboarding starts.
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/onboarding');

  // The confirmation email is in the dev outbox; its link confirms the address in this browser.
  await confirmEmail(page, admin, email);
  await page.goto('/onboarding');

  // Welcome.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Trellis' })).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Get started' }).focus();
  await page.keyboard.press('Enter');

  // Time zone: the one this browser reports, confirmed.
  await expect(page.getByRole('heading', { level: 1, name: 'Where are you?' })).toBeFocused();
  await expect(page.getByLabel('Your time zone')).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Channels: the email is confirmed; a phone is verified with the code from the outbox.
  await expect(
    page.getByRole('heading', { level: 1, name: 'How should your top three reach you?' }),
  ).toBeVisible();
  const emailCard = page.getByRole('region', { name: 'Email', exact: true });
  await expect(emailCard.getByText('Confirmed')).toBeVisible();
  await expect(emailCard.getByRole('switch', { name: 'Daily email' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await checkAccessibility(page);
  const sms = page.getByRole('region', { name: 'SMS' });
  await sms.getByLabel('Phone number').fill(phone);
  await sms.getByLabel('Phone number').press('Enter');
  const codeInput = sms.getByLabel('Code');
  await expect(codeInput).toBeVisible();
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  const codeMessage = await openOutboxMessage(admin, {
    to: phone,
    channel: 'sms',
    name: /verification code/,
  });
  const code = /\b(\d{6})\b/.exec(await codeMessage.getByRole('heading').first().innerText())?.[1];
  expect(code, 'the code in the text message').toBeTruthy();
  await codeInput.fill(code ?? '');
  await codeInput.press('Enter');
  await expect(sms.getByText(/^Verified: /)).toBeVisible();
  await expect(sms.getByRole('switch', { name: 'Daily text message' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Focus: chosen with the keyboard.
  await expect(
    page.getByRole('heading', { level: 1, name: 'What do you want to focus on?' }),
  ).toBeFocused();
  await checkAccessibility(page);
  await page.getByRole('checkbox', { name: /^Health/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 chosen.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // First goal: declared and shaped with the offline coach, then saved.
  await expect(page.getByRole('heading', { name: 'What do you want to achieve?' })).toBeVisible();
  await checkAccessibility(page);
  await shapeGoal(page, 'I want to run a 10 km race');
  await page.getByRole('button', { name: 'Save goal' }).click();

  // Its plan: proposed by the coach, accepted here.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Plan your first steps' }),
  ).toBeFocused();
  await expect(page.getByRole('button', { name: 'Accept all' })).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Accept all' }).click();

  // Coach tone: a radio group, arrows move the choice; Finish ends on /dashboard.
  await expect(
    page.getByRole('heading', { level: 1, name: 'How should your coach talk to you?' }),
  ).toBeFocused();
  await checkAccessibility(page);
  await page.getByRole('radio', { name: /^Supportive/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Direct/ })).toBeChecked();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL('/dashboard');

  // Day one: three tasks of the accepted plan in today's top three.
  const topThree = page
    .getByRole('region', { name: 'Today’s top three' })
    .getByRole('button', { name: /^Complete “/ });
  await expect(topThree).toHaveCount(3);
  const titles = (await topThree.evaluateAll((buttons) =>
    buttons.map((button) => /^Complete “(.*)”$/.exec(button.getAttribute('aria-label') ?? '')?.[1]),
  )) as string[];
  expect(titles.every(Boolean), 'each pick names its task').toBe(true);
  await checkAccessibility(page);

  // /schedule: send today's top three now; the record shows both deliveries with their tasks.
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Send today’s top three now' }).click();
  await expect(page.getByText('Today’s top three is on its way')).toBeVisible();
  const record = page.getByRole('region', { name: 'Record' });
  await expect(async () => {
    await page.reload();
    await expect(record.getByText(/^Email/).first()).toBeVisible({ timeout: 2_000 });
    await expect(record.getByText(/^SMS/).first()).toBeVisible({ timeout: 2_000 });
    await expect(record.getByText(/^(Sent|Delivered)$/).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(record.getByText(titles[0] ?? '').first()).toBeVisible();

  // The admin sees both in the dev outbox; the email's link marks its first task done.
  const smsMessage = await openOutboxMessage(admin, {
    to: phone,
    channel: 'sms',
    name: /Your top three for/,
  });
  const anyTitle = new RegExp(
    titles.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
  );
  await expect(smsMessage.getByText(anyTitle).first()).toBeVisible();
  await admin.keyboard.press('Escape');
  const delivery = await openOutboxMessage(admin, {
    to: email,
    channel: 'email',
    name: /Your top three for/,
  });
  const done = await linkIn(delivery);
  expect(new URL(done).pathname).toBe('/done');
  await admin.context().close();

  await page.goto(new URL(done).pathname + new URL(done).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Marked done' })).toBeVisible();
  await expect(page.getByText(/^Marked done: /)).toBeVisible();
  await checkAccessibility(page);

  // Settings › Notifications shows the channels as onboarding left them.
  await page.goto('/settings#notifications');
  await expect(page.getByRole('region', { name: 'SMS' }).getByText(/^Verified: /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily top three' })).toBeInViewport();
  await checkAccessibility(page);
});
