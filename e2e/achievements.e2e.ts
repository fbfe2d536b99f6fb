import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { answerUntilReview, expectNoSideways, signUp } from './journeys.ts';

// Achievements as a person meets them: a new account sees every badge locked and how to earn it;
// saving a first goal awards "First goal" on the server, whose notification leads to
// /achievements, where the badge shows as earned with its date. Checked with axe at 1280 and 390 px.

/** axe at the desktop width and at a 390 px phone, then back to the desktop. */
async function checkBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  // Nothing spills sideways on a phone.
  await expectNoSideways(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('create a first goal → its notification leads to /achievements → "First goal" earned', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page, 'achievements');

  // Nothing earned yet: the empty state, and every badge locked with how to earn it.
  await page.goto('/achievements');
  await expect(page.getByRole('heading', { level: 1, name: 'Achievements' })).toBeVisible();
  await expect(page.getByText('No badges yet')).toBeVisible();
  const locked = page.getByRole('region', { name: 'Still to earn' });
  await expect(locked.getByRole('listitem', { name: 'First goal' })).toContainText(
    'Locked · Create your first goal.',
  );
  await checkBothWidths(page);

  // A first goal, declared and saved with the coach.
  await page.getByRole('link', { name: 'Set your first goal' }).click();
  await expect(page).toHaveURL('/goals/new');
  await page.getByLabel('Your goal in one sentence').fill('I want to read more books');
  await page.getByRole('button', { name: 'Shape it with the coach' }).click();
  await expect(page.getByRole('heading', { name: 'A few questions first' })).toBeVisible();
  await answerUntilReview(page, 'So I have energy for my children');
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByRole('heading', { name: 'Goal saved' })).toBeVisible();

  // The award's notification, in the bell (live, or read every 30 s), opens /achievements. Other
  // notifications (a first delivery) may come too: the test looks for this one, not a count.
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread/, { timeout: 40_000 });
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const item = popover.getByRole('button', { name: /^Achievement unlocked: First goal/ });
  await expect(item).toBeVisible({ timeout: 40_000 });
  await item.click();
  await expect(page).toHaveURL('/achievements');

  const earned = page.getByRole('region', { name: 'Earned' });
  const badge = earned.getByRole('listitem', { name: 'First goal' });
  await expect(badge).toContainText(/Earned \S/);
  await expect(badge.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.getByText('No badges yet')).toHaveCount(0);
  await expect(page.getByText(/^1 of 16/)).toBeVisible();
  await checkBothWidths(page);
});
