import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  accessToken,
  adminPage,
  checkAccessibility,
  createAccount,
  expectNoSideways,
  logIn,
} from './journeys.ts';
import { sampleGoal, serviceRoleKey } from './support.ts';

// Sharing with a human coach (ADR 035): a person shares their goals with a coach from Settings ›
// Coaching; the coach's open /coach page shows them, the coach writes; the person gets the
// notification and answers in the same chat as their AI coaches; the person stops sharing and the
// coach's open page loses them at once; an admin's /coach lists every link. axe at 1280 and
// 390 px; E2E_SCREENSHOTS=<folder> keeps screenshots of each screen for review.

const shots = process.env.E2E_SCREENSHOTS;

/** A screenshot for review when E2E_SCREENSHOTS names a folder (the page, or what is in view). */
async function shot(page: Page, name: string, fullPage = true) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

test('coach area: share → the coach writes → the person replies → revoke drops the client', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const key = serviceRoleKey();
  test.skip(!key, 'needs the service-role key to make a coach account');

  const coachPage = await (await browser.newContext()).newPage();
  const personPage = await (await browser.newContext()).newPage();
  await coachPage.setViewportSize({ width: 1280, height: 900 });
  await personPage.setViewportSize({ width: 1280, height: 900 });

  const coachEmail = await createAccount(coachPage, key ?? '', 'coach');
  const personEmail = await createAccount(personPage, key ?? '');
  const token = await accessToken(personPage.request, personEmail);
  const headers = { authorization: `Bearer ${token}` };
  const onboarding = await personPage.request.put('/api/onboarding', {
    headers,
    data: { focusDomains: ['health'], coachTone: 'supportive' },
  });
  expect(onboarding.ok(), await onboarding.text()).toBe(true);
  const goal = await personPage.request.post('/api/goals', { headers, data: sampleGoal(60) });
  expect(goal.ok(), await goal.text()).toBe(true);

  // The coach signs in to an empty /coach and keeps it open.
  await logIn(coachPage, coachEmail);
  await expect(coachPage).toHaveURL('/coach');
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Your clients' })).toBeVisible();
  await expect(coachPage.getByText('No clients yet')).toBeVisible();
  await checkAccessibility(coachPage);

  // The person shares goals and analytics by the coach's email.
  await logIn(personPage, personEmail);
  await expect(personPage).toHaveURL('/goals');
  await personPage.goto('/settings#coach-sharing');
  const sharing = personPage.getByRole('form', { name: 'Share with a coach' });
  await sharing.getByLabel('Coach’s email or invite code').fill('nobody@example.com');
  await sharing.getByRole('button', { name: 'Share' }).click();
  await expect(sharing.getByRole('alert')).toContainText('No coach account has this email.');
  await sharing.getByLabel('Coach’s email or invite code').fill(coachEmail);
  await sharing.getByLabel('Analytics').check();
  await sharing.getByRole('button', { name: 'Share' }).click();
  await expect(personPage.getByText(`You now share with ${coachEmail}`)).toBeVisible();
  await expect(personPage.getByText('Sees: Goals and progress, Analytics')).toBeVisible();
  await checkAccessibility(personPage);
  await shot(personPage, 'sharing-settings-1280', false);

  // The coach's open page shows the client without a reload; the detail shows only the shared.
  const clients = coachPage.getByRole('list', { name: 'Clients' });
  const row = clients.getByRole('button', { name: new RegExp(personEmail) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('Goals and progress · Analytics');
  await shot(coachPage, 'coach-list-1280');
  await row.click();
  await expect(coachPage).toHaveURL(/\/coach\?client=/);
  await expect(coachPage.getByRole('heading', { level: 2, name: personEmail })).toBeVisible();
  await expect(coachPage.getByRole('region', { name: 'Goals and progress' })).toContainText(
    'Run a 10K',
  );
  await expect(coachPage.getByRole('region', { name: 'Tasks' })).toHaveCount(0);
  await expect(coachPage.getByText('Not shared with you: tasks, reflections.')).toBeVisible();
  const box = coachPage.getByRole('textbox', { name: `Message ${personEmail}` });
  await box.fill('Welcome! How is the training going?');
  await coachPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(coachPage.getByRole('list', { name: `Messages with ${personEmail}` })).toContainText(
    'Welcome! How is the training going?',
  );
  await coachPage.getByLabel('Private note').fill('Motivated by family; check in Mondays.');
  await coachPage.getByRole('button', { name: 'Save note' }).click();
  await expect(
    coachPage.getByText(/^Only you see this note; your client never does\. Saved/),
  ).toBeVisible();
  await checkAccessibility(coachPage);
  await shot(coachPage, 'coach-detail-1280');

  // The person gets the notification; it opens the chat, where they answer (no AI reply).
  const bell = personPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread/, { timeout: 15_000 });
  await bell.click();
  const popover = personPage.getByRole('dialog', { name: 'Notifications' });
  await popover.getByText(`${coachEmail} sent you a message`).click();
  await expect(personPage).toHaveURL(/\/coaching\/chat\/[0-9a-f-]{36}$/);
  const thread = personPage.getByRole('list', { name: 'Messages' });
  await expect(thread).toContainText('Welcome! How is the training going?');
  const reply = personPage.getByRole('textbox', { name: /^Message / });
  await reply.fill('Ran 5 km on Saturday!');
  await reply.press('Enter');
  await expect(reply).toHaveValue('');
  await expect(thread).toContainText('Ran 5 km on Saturday!');
  await expect(personPage.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await checkAccessibility(personPage);
  await shot(personPage, 'person-chat-1280', false);

  // The coach's open page shows the answer.
  await expect(coachPage.getByRole('list', { name: `Messages with ${personEmail}` })).toContainText(
    'Ran 5 km on Saturday!',
    { timeout: 15_000 },
  );

  // Narrow screens: the coach's detail and the person's settings.
  await coachPage.setViewportSize({ width: 390, height: 844 });
  await expectNoSideways(coachPage);
  await checkAccessibility(coachPage);
  await shot(coachPage, 'coach-detail-390');
  await personPage.setViewportSize({ width: 390, height: 844 });
  await personPage.goto('/settings#coach-sharing');
  await expect(personPage.getByText('Sees: Goals and progress, Analytics')).toBeVisible();
  await expectNoSideways(personPage);
  await checkAccessibility(personPage);
  await shot(personPage, 'sharing-settings-390', false);

  // The person stops sharing: the coach's open page drops the client at once.
  await personPage.getByRole('button', { name: 'Stop sharing', exact: true }).click();
  await personPage.getByRole('button', { name: 'Stop sharing now' }).click();
  await expect(personPage.getByText(`${coachEmail} no longer sees your progress`)).toBeVisible();
  await expect(personPage.getByText('You share nothing with a coach.')).toBeVisible();
  await expect(coachPage.getByText(/stopped sharing with you/)).toBeVisible({ timeout: 15_000 });
  await expect(coachPage.getByRole('heading', { level: 2, name: personEmail })).toHaveCount(0);
  await expect(coachPage.getByText('No clients yet')).toBeVisible();
  await expect(coachPage).toHaveURL('/coach');
  await expectNoSideways(coachPage);
  await checkAccessibility(coachPage);
  await shot(coachPage, 'coach-list-390');
  await personPage.getByText('Sharing activity').click();
  await expect(personPage.getByText(`You stopped sharing with ${coachEmail}`)).toBeVisible();

  // An admin on /coach: their own clients (none) and every coach–client link.
  const admin = await adminPage(browser, key ?? '');
  await admin.goto('/coach');
  const overview = admin.getByRole('region', { name: 'All coach–client links' });
  await expect(overview).toContainText(personEmail);
  await expect(overview).toContainText('Revoked');
  await checkAccessibility(admin);
  await shot(admin, 'coach-admin-1280');
});
