import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  accessToken,
  checkAccessibility,
  createAccount,
  expectNoSideways,
  logIn,
} from './journeys.ts';
import { PASSWORD, serviceRoleKey, uniqueEmail } from './support.ts';

// The admin area's operations as an admin uses them: System and Deliveries, the coaches' engine
// switched at run time (the e2e server offers an OpenAI-compatible engine with nothing behind it,
// scripts/e2e-server.mjs) and its usage per engine, the audit log, and a broadcast to the coaches
// that a coach then finds in their notifications. Every tab passes axe at 1280 and 390 px, and
// its screenshot is kept in .tmp/screens for a person to look at.

const SCREENS = '.tmp/screens';

async function openTab(admin: Page, name: string) {
  await admin.getByRole('tab', { name }).click();
  await expect(admin.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** axe and no sideways scroll at 1280 and at 390 px, with a screenshot of each. */
async function checkBothWidths(admin: Page, tab: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await checkAccessibility(admin);
    await expectNoSideways(admin);
    await admin.screenshot({ path: `${SCREENS}/admin-${tab}-${width}.png`, fullPage: true });
  }
  await admin.setViewportSize({ width: 1280, height: 900 });
}

/** One goal sentence to the coach through the API, as the goal wizard sends it. */
async function askCoach(admin: Page, token: string) {
  const response = await admin.request.post('/api/coach/refine-goal', {
    headers: { authorization: `Bearer ${token}` },
    data: { text: 'Run a 5k before the summer' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { engine: string; notice?: string };
}

test('an admin checks the system and deliveries, switches the coach engine, reads the audit log and broadcasts to coaches', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const key = serviceRoleKey();
  test.skip(!key, 'needs the service-role key');
  const admin = await (await browser.newContext()).newPage();
  const adminEmail = await createAccount(admin, key ?? '', 'admin');
  await logIn(admin, adminEmail);
  await expect(admin).toHaveURL('/admin');

  // System: what runs, and that it is ready.
  await admin.goto('/admin?tab=system');
  await expect(admin.getByText('Embedded (PGlite)')).toBeVisible();
  await expect(admin.getByText('Ready', { exact: true })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Transports' })).toBeVisible();
  await checkBothWidths(admin, 'system');

  // Deliveries: the report and one person's record.
  await openTab(admin, 'Deliveries');
  await expect(admin).toHaveURL(/[?&]tab=deliveries/);
  await expect(
    admin
      .getByRole('heading', { name: 'By channel' })
      .or(admin.getByText('No deliveries in this period')),
  ).toBeVisible();
  await admin.getByLabel('Email').fill('nobody-here@example.com');
  await admin.getByRole('button', { name: 'Look up' }).click();
  await expect(
    admin.getByText('No account has the address nobody-here@example.com.'),
  ).toBeVisible();
  await checkBothWidths(admin, 'deliveries');

  // AI: switch to the second engine, ask the coach once, switch back, see usage per engine.
  await openTab(admin, 'AI');
  const token = await accessToken(admin.request, adminEmail);
  await admin.getByRole('radio', { name: /OpenAI-compatible server/ }).check();
  await admin.getByRole('button', { name: 'Use this engine' }).click();
  await expect(admin.getByText(/The coaches now use OpenAI-compatible server/)).toBeVisible();
  const switched = await askCoach(admin, token);
  // Nothing listens there: the offline coach answered instead, and said so.
  expect(switched.notice).toMatch(/offline coach answered instead/);
  await admin.getByRole('radio', { name: /Offline coach/ }).check();
  await admin.getByRole('button', { name: 'Use this engine' }).click();
  await expect(admin.getByText('The coaches now use Offline coach.')).toBeVisible();
  expect((await askCoach(admin, token)).engine).toBe('offline');
  await admin.reload();
  const usage = admin.getByRole('region', { name: 'AI usage per engine' });
  await expect(usage.getByRole('row', { name: /OpenAI-compatible server/ })).toBeVisible();
  await expect(usage.getByRole('row', { name: /Offline coach/ })).toBeVisible();
  await checkBothWidths(admin, 'ai');

  // Audit log: the two switches, by this admin.
  await openTab(admin, 'Audit log');
  await admin.getByLabel('Action').fill('ai_engine_chosen');
  await admin.getByLabel('Done by (email)').fill(adminEmail);
  await admin.getByRole('button', { name: 'Filter' }).click();
  const entries = admin.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('to: offline');
  await checkBothWidths(admin, 'audit');

  // Broadcast to the coaches; a coach finds it in their notifications.
  const coach = uniqueEmail('coach');
  const made = await page.request.post('/auth/v1/admin/users', {
    headers: { apikey: key ?? '', authorization: `Bearer ${key ?? ''}` },
    data: {
      email: coach,
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { role: 'coach' },
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const title = `Coaches' meeting ${Date.now()}`;
  await openTab(admin, 'Broadcast');
  await admin.getByLabel('Audience').selectOption('coach');
  await admin.getByLabel('Title').fill(title);
  await admin
    .getByRole('textbox', { name: 'Message' })
    .fill('Thursday at 18:00, in the usual room.');
  await admin.getByRole('button', { name: 'Review and send' }).click();
  await expect(admin.getByRole('alertdialog')).toContainText(`Send “${title}” to coaches?`);
  await checkBothWidths(admin, 'broadcast');
  await admin.getByRole('button', { name: 'Send now' }).click();
  await expect(admin.getByText(/^Sent to \d+ accounts?/)).toBeVisible();

  await logIn(page, coach);
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(title);
});
