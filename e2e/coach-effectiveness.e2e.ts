import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { expectNoSideways, signUp } from './journeys.ts';

// /analytics/coach-effectiveness as a person comes to it: empty at first, pointing to the coach;
// then a goal shaped with the coach and its plan accepted through the screens, and both counted
// as the offline coach's accepted suggestions; each at 1280 and 390 px with axe.

test('coach effectiveness: empty, then a coach-shaped goal and plan counted', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, 'effectiveness');

  // Nothing yet: the page says how to get data.
  await page.goto('/analytics/coach-effectiveness');
  await expect(page.getByRole('heading', { level: 1, name: 'Coach effectiveness' })).toBeVisible();
  await expect(
    page.getByText(
      'Ask the coach to refine a goal or plan one to see how its suggestions work for you',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideways(page);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The coach shapes a goal; it is saved as proposed, then its plan is accepted.
  await page.getByRole('link', { name: 'Shape a goal with the coach' }).click();
  await expect(page).toHaveURL('/goals/new');
  await page.getByLabel('Your goal in one sentence').fill('Run a 10k race in 12 weeks');
  await page.getByRole('button', { name: 'Shape it with the coach' }).click();
  await expect(page.getByRole('heading', { name: 'Review your SMART goal' })).toBeVisible();
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByRole('heading', { name: 'Goal saved' })).toBeVisible();
  await page.getByRole('button', { name: /Break it down/ }).click();
  await expect(page.getByRole('button', { name: 'Accept all' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByText('Plan added')).toBeVisible();

  // Both suggestions counted as the health coach's and the offline engine's, both accepted.
  await page.goto('/analytics/coach-effectiveness?days=7');
  await expect(page.getByRole('group', { name: 'Suggestions made' })).toContainText('2');
  await expect(page.getByRole('group', { name: 'Acceptance rate' })).toContainText('100%');
  const perCoach = page.getByRole('table', { name: /per coach/ });
  await expect(perCoach.getByRole('row', { name: /^Health/ })).toContainText('1 goal · 1 plan');
  await expect(perCoach.getByRole('row', { name: /^Health/ })).toContainText('100%');
  const perEngine = page.getByRole('table', { name: /per engine/ });
  await expect(perEngine.getByRole('row', { name: /^Offline coach/ })).toContainText('2');

  // The chart read as a table, with the keyboard.
  const chart = page.getByRole('region', { name: 'Acceptance and completion by coach' });
  await chart.getByText('Show as table').focus();
  await page.keyboard.press('Enter');
  await expect(chart.getByRole('table')).toBeVisible();
  await expect(chart.getByRole('row')).toHaveCount(5);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Coach effectiveness' })).toBeVisible();
  await expectNoSideways(page);
  await expectNoAxeViolations(page);
});
