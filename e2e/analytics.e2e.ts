import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { accessToken, expectNoSideways, signUp } from './journeys.ts';
import { sampleGoal } from './support.ts';

// /analytics and /analytics/advanced as a person uses them: empty at first, with a way to get
// data; then, after a goal and a few tasks (made through the API, as the goals journey makes them
// through the screens), the figures, a period chosen in the URL, a chart read as a table with the
// keyboard, and the advanced trends; each at 1280 and 390 px with axe.

/** A goal with three tasks for today, two of them done. */
async function makeHistory(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const goal = await request.post('/api/goals', {
    headers,
    data: sampleGoal(200),
  });
  expect(goal.ok(), await goal.text()).toBe(true);
  const goalId = ((await goal.json()) as { id: string }).id;
  const ids: string[] = [];
  for (const title of ['Easy 2 km', 'Stretch 10 minutes', 'Buy running shoes']) {
    const task = await request.post('/api/tasks', {
      headers,
      data: { title, goalId, estimatedMinutes: 20 },
    });
    expect(task.status(), await task.text()).toBe(201);
    ids.push(((await task.json()) as { id: string }).id);
  }
  for (const id of ids.slice(0, 2)) {
    const done = await request.patch(`/api/tasks/${id}`, {
      headers,
      data: { action: 'complete' },
    });
    expect(done.ok(), await done.text()).toBe(true);
  }
}

test('analytics: empty states, figures, period, tables, trends, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, 'analytics');

  // Nothing yet: each part says how to fill it.
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByText('No active goals')).toBeVisible();
  await expect(page.getByText('No task done in the last 30 days.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Declare a goal' })).toBeVisible();
  await expectNoAxeViolations(page);

  await makeHistory(page.request, await accessToken(page.request, email));
  await page.reload();
  await expect(page.getByRole('group', { name: 'Tasks done' })).toContainText('2');
  await expect(page.getByRole('group', { name: 'Completion rate' })).toContainText('100%');
  await expect(page.getByRole('progressbar', { name: 'Run a 10K progress' })).toBeVisible();
  await expect(page.getByText(/^2 tasks done on 1 day of 30/)).toBeVisible();
  await expect(page.getByText('Highest in Health at 100%', { exact: false })).toBeVisible();

  // The period lives in the URL.
  await page
    .getByRole('navigation', { name: 'Period' })
    .getByRole('link', { name: '7 days' })
    .click();
  await expect(page).toHaveURL('/analytics?days=7');
  await expect(page.getByText('in the last 7 days')).toBeVisible();
  await expect(page.getByText(/^2 tasks done on 1 day of 7/)).toBeVisible();

  // A chart read as a table, with the keyboard.
  const perDay = page.getByRole('region', { name: 'Tasks done per day' });
  await perDay.getByText('Show as table').focus();
  await page.keyboard.press('Enter');
  const table = perDay.getByRole('table', { name: 'Tasks done per day' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(8);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expectNoSideways(page);
  await expectNoAxeViolations(page);

  // On to the twelve weeks.
  await page.getByRole('link', { name: /Advanced analytics/ }).click();
  await expect(page).toHaveURL('/analytics/advanced');
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced analytics' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Weekly completion' })).toContainText('Completion');
  const calendar = page.getByRole('region', { name: 'Streak calendar' });
  await expect(calendar.getByRole('img')).toHaveAttribute('aria-label', /twelve weeks/);
  await expect(
    page.getByText('Half of 2 tasks were done on the day they were opened.'),
  ).toBeVisible();
  await expectNoSideways(page);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  const weekly = page.getByRole('region', { name: 'Weekly completion' });
  await weekly.getByText('Show as table').click();
  await expect(weekly.getByRole('table')).toBeVisible();
  // Twelve weeks and the heading row.
  await expect(weekly.getByRole('row')).toHaveCount(13);
  await expectNoAxeViolations(page);
});
