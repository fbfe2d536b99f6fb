import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signUp } from './journeys.ts';

// /experiments as a person uses it: the empty state says what an experiment is; the create form
// checks each field; an experiment begun three days ago with a usual value of 2 takes today's
// check-in from the list and yesterday's from its page; the result compares them with the
// baseline; ending it early asks first. axe at 1280 and 390 px on the list and the detail.

/** axe at the desktop width and at a 390 px phone (nothing spilling sideways), then back. */
async function checkBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const minusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

test('experiments: create, check in from the list and the page, see the result, end early', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, 'experiments');

  await page.goto('/experiments');
  await expect(page.getByRole('heading', { level: 1, name: 'Experiments' })).toBeVisible();
  await expect(page.getByText('No experiments yet')).toBeVisible();
  await expect(
    page.getByText(/An experiment is one change you try for 7 to 28 days/),
  ).toBeVisible();
  await checkBothWidths(page);

  // The form says what is missing, field by field.
  await page.getByRole('button', { name: 'New experiment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New experiment' });
  await dialog.getByRole('button', { name: 'Create experiment' }).click();
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Must not be empty.')).toHaveCount(3);

  await dialog.getByLabel('Title').fill('No screens after 21:00');
  await dialog.getByLabel('What do you expect?').fill('I sleep better without screens.');
  await dialog.getByLabel('The change to try').fill('Phone in the kitchen from 21:00.');
  // Begun three days ago; the end keeps the two weeks.
  const today = await dialog.getByLabel('Start').inputValue();
  await dialog.getByLabel('Start').fill(minusDays(today, 3));
  await expect(dialog.getByLabel('End')).toHaveAttribute('min', minusDays(today, -3));
  await dialog.getByLabel('Your usual value before (optional)').fill('2');
  await dialog.getByRole('button', { name: 'Create experiment' }).click();

  // Its page: nothing to compare yet.
  await expect(page).toHaveURL(/\/experiments\?id=/);
  await expect(page.getByRole('heading', { name: 'No screens after 21:00' })).toBeVisible();
  await expect(page.getByTestId('experiment-conclusion')).toHaveText(
    'Not enough check-ins yet: check in on 2 more days to see a result.',
  );

  // Today's check-in from the list.
  await page.getByRole('link', { name: 'All experiments' }).click();
  const running = page.getByRole('region', { name: /Running/ });
  await expect(running.getByText('Day 4 of 14')).toBeVisible();
  await running.getByRole('button', { name: '4 of 5' }).click();
  await expect(running.getByRole('button', { name: '4 of 5' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await checkBothWidths(page);

  // Yesterday's from the experiment's page; the result follows.
  await running.getByRole('link', { name: 'No screens after 21:00' }).click();
  const checkIn = page.getByRole('region', { name: 'Check in' });
  await checkIn.getByLabel('Day', { exact: true }).fill(minusDays(today, 1));
  await checkIn.getByRole('button', { name: '5 of 5' }).click();
  await expect(page.getByTestId('experiment-conclusion')).toHaveText(
    'Your rating rose from 2 to 4.5 on average (+2.5) so far — the change seems to help.',
  );
  const table = page.getByRole('table', { name: /Check-ins of No screens after 21:00/ });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.locator('.recharts-line')).toBeVisible();
  await checkBothWidths(page);

  // Ending early asks first, then it is done and the result no longer says "so far".
  await page.getByRole('button', { name: 'End early' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'End this experiment now?' });
  await confirm.getByRole('button', { name: 'End now' }).click();
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByTestId('experiment-conclusion')).toHaveText(
    'Your rating rose from 2 to 4.5 on average (+2.5) — the change seems to help.',
  );
});
