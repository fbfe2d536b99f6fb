import { expect, test } from './fixtures.ts';
import { accessToken, checkAccessibility, expectNoSideways, signUp } from './journeys.ts';
import { sampleGoal } from './support.ts';

// /analytics/metrics/{domain} as a person uses it: a goal made through the API with one task
// done, a value logged on the goal's page, then the domain's page reached from /analytics's
// completion by domain: its figures, the goal's ring, the chart read as a table, a second value
// logged there; each at 1280 and 390 px with axe. An unknown domain is the not-found page.

test('domain metrics: log a value, the domain page, its chart as a table, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, 'metrics');
  const headers = { authorization: `Bearer ${await accessToken(page.request, email)}` };
  const goal = await page.request.post('/api/goals', { headers, data: sampleGoal(200) });
  expect(goal.ok(), await goal.text()).toBe(true);
  const goalId = ((await goal.json()) as { id: string }).id;
  const task = await page.request.post('/api/tasks', {
    headers,
    data: { title: 'Easy 2 km', goalId, estimatedMinutes: 30 },
  });
  expect(task.status(), await task.text()).toBe(201);
  const taskId = ((await task.json()) as { id: string }).id;
  const done = await page.request.patch(`/api/tasks/${taskId}`, {
    headers,
    data: { action: 'complete' },
  });
  expect(done.ok(), await done.text()).toBe(true);

  // The goal's page: nothing logged yet, then a value with a decimal comma.
  await page.goto(`/goals/${goalId}`);
  const measurements = page.getByRole('region', { name: 'Measurements' });
  await expect(measurements.getByText('No value logged yet.', { exact: false })).toBeVisible();
  await measurements.getByLabel('distance (km)').fill('abc');
  await measurements.getByRole('button', { name: 'Log value' }).click();
  await expect(measurements.getByText('Enter a number, like 5 or 5.5.')).toBeVisible();
  await measurements.getByLabel('distance (km)').fill('3,5');
  await measurements.getByRole('button', { name: 'Log value' }).click();
  await expect(page.getByText('Logged 3.5 km')).toBeVisible();
  await expect(measurements.getByText(/Latest\s+3\.5 km/)).toBeVisible();
  await checkAccessibility(page);

  // From /analytics's completion by domain to the domain's page, the period kept.
  await page.goto('/analytics?days=7');
  await page
    .getByRole('navigation', { name: 'Metrics by domain' })
    .getByRole('link', { name: 'Health' })
    .click();
  await expect(page).toHaveURL('/analytics/metrics/health?days=7');
  await expect(page.getByRole('heading', { level: 1, name: 'Health metrics' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tasks done' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Minutes invested' })).toContainText('30 min');
  await expect(page.getByRole('progressbar', { name: 'Run a 10K progress' })).toBeVisible();
  await expect(page.getByText('No milestones yet.', { exact: false })).toBeVisible();
  const chart = page.getByRole('region', { name: 'Run a 10K' });
  await expect(
    chart.getByText(/^Latest 3\.5 km on .+, target 10 km; 1 value in the last 7 days/),
  ).toBeVisible();

  // A second value from the domain's page moves its chart.
  await chart.getByLabel('distance (km)').fill('6.5');
  await chart.getByRole('button', { name: 'Log value' }).click();
  await expect(chart.getByText(/2 values in the last 7 days adding up to 10 km/)).toBeVisible();
  await chart.getByText('Show as table').focus();
  await page.keyboard.press('Enter');
  const table = chart.getByRole('table', { name: 'Run a 10K: values logged' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('10 km');
  await checkAccessibility(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Health metrics' })).toBeVisible();
  await expectNoSideways(page);
  await checkAccessibility(page);

  await page.goto(`/goals/${goalId}`);
  await expect(page.getByRole('region', { name: 'Measurements' })).toContainText('6.5 km');
  await expectNoSideways(page);
  await checkAccessibility(page);

  // Any other domain is the not-found page.
  await page.goto('/analytics/metrics/finance');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
