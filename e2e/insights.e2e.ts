import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { createAccount, expectNoSideways, logIn } from './journeys.ts';
import { sampleGoal, serviceRoleKey } from './support.ts';

// /progress as a person uses it: no insight yet, then one written on demand from their week (a
// goal with nothing done yet, so the coach suggests a small task), the suggestion accepted (the
// task appears), a refresh that keeps the decision, and the weekly `insight` notification (sent
// here the way an operator sends one) opening /coaching/team with this week's insight on it;
// with axe at 1280 and 390 px. The worker's weekly pass is proven in weekly-pass.test.ts.

async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => window.localStorage.getItem('trellis-auth-token'));
  const session = JSON.parse(stored ?? '{}') as { access_token?: string };
  if (!session.access_token) throw new Error('no session in local storage');
  return session.access_token;
}

test('progress insights: write, accept, refresh, and the notification to the coach team', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const key = serviceRoleKey();
  test.skip(!key, 'no service-role key for this server (see scripts/e2e-server.mjs)');
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await createAccount(page, key ?? '');
  await logIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  const token = await accessToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const goal = await page.request.post('/api/goals', { headers, data: sampleGoal(200) });
  expect(goal.ok(), await goal.text()).toBe(true);

  // Nothing written yet: the page says when one comes and offers to write it now.
  await page.goto('/progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Progress insights' })).toBeVisible();
  await expect(page.getByText('No insight for this week yet')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Write this week’s insight' }).click();
  const card = page.getByRole('region', { name: 'This week’s insight' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Written by the offline coach')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'What moved your goals forward' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'What keeps slipping' })).toBeVisible();
  await expect(card.getByRole('group', { name: 'Top-three completion' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top-three completion by week' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The stalled goal's suggestion, accepted: the task exists and the card records it.
  const suggestion = card.getByText('Add a 10-minute task for “Run a 10K”');
  await expect(suggestion).toBeVisible();
  await card.getByRole('button', { name: /^Accept: Add a 10-minute task/ }).click();
  await expect(card.getByText('Accepted: your task is updated')).toBeVisible();
  const tasks = await page.request.get('/api/tasks?view=all', { headers });
  const list = (await tasks.json()) as {
    tasks: Array<{ title: string; estimatedMinutes: number }>;
  };
  expect(list.tasks).toContainEqual(
    expect.objectContaining({ title: '10 minutes on Run a 10K', estimatedMinutes: 10 }),
  );

  // A refresh shows its progress and keeps the decision.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(card.getByText('Accepted: your task is updated')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await expectNoSideways(page);
  await expectNoAxeViolations(page);

  // The weekly notification opens the coach team, where this week's insight leads.
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  const id = claims.sub;
  const sent = await page.request.post('/api/admin/notifications', {
    headers: { authorization: `Bearer ${key}` },
    data: { user_id: id, type: 'insight', title: 'Your weekly insight', message: 'A quiet week.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/progress');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /^Your weekly insight/ })
    .click();
  await expect(page).toHaveURL('/coaching/team');
  const team = page.getByRole('region', { name: 'This week’s insight' });
  await expect(team).toBeVisible();
  await expect(team.getByRole('link', { name: 'Open progress insights' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideways(page);
  await expectNoAxeViolations(page);
});
