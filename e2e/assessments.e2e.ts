import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accessToken, checkAccessibility, expectNoSideways, signUp } from './journeys.ts';

// The coaching assessments as a person takes them: the quick one, its focus areas and tone
// filled in from onboarding, each step checked before Next; the coaches it recommends, one added
// to the team; then the in-depth one, left half-way and resumed after a reload. At 1280 and 390 px
// with axe.

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test('assessments: quick → recommendations → team; in-depth resumed after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, 'assessments');
  // What onboarding would have saved: the quick assessment starts from it.
  const token = await accessToken(page.request, email);
  const saved = await page.request.put('/api/onboarding', {
    headers: { authorization: `Bearer ${token}` },
    data: { focusDomains: ['health'], coachTone: 'direct' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // Before any assessment, the recommendations say how to get some.
  await page.goto('/coaching/recommendations');
  await expect(page.getByText('No recommendations yet')).toBeVisible();
  await page.getByRole('link', { name: 'Take the quick assessment' }).click();

  await expect(page).toHaveURL('/coaching/assessment');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick assessment' })).toBeVisible();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Health' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await next(page);
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Direct/ })).toBeChecked();
  await next(page);

  // Next waits for an answer, and says so.
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await next(page);
  await expect(page.getByText('Choose your biggest challenge.')).toBeVisible();
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await checkAccessibility(page);
  // Radios by keyboard: focus the first, arrow to the next.
  await page.getByRole('radio', { name: 'Energy' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Energy' })).toBeChecked();
  await expect(page.getByText('Choose your biggest challenge.')).toBeHidden();
  await next(page);
  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await page.getByText('Clear deadlines', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Clear deadlines' })).toBeChecked();
  await next(page);
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  const hours = page.getByRole('spinbutton', { name: 'How many hours a week can you give?' });
  await hours.fill('100');
  await page.getByRole('button', { name: 'See my coaches' }).click();
  await expect(
    page.getByText('Enter the hours a week you can give: from 0.5 to 60.'),
  ).toBeVisible();
  await hours.fill('3');
  await page.getByRole('button', { name: 'See my coaches' }).click();

  // The coaches, best match first, with why and the tone to start in.
  await expect(page).toHaveURL('/coaching/recommendations');
  const list = page.getByRole('list', { name: 'Recommended coaches, best match first' });
  const health = list.getByRole('article', { name: 'Health coach' });
  await expect(health).toContainText('Best match');
  await expect(health).toContainText(
    'You chose Health as a focus and said your biggest challenge is energy.',
  );
  await expect(health).toContainText('Suggested tone: Direct.');
  // Chat and Customize open the person's own copy of the coach (made on the way).
  await expect(
    health.getByRole('button', { name: 'Start chat with the Health coach' }),
  ).toBeVisible();
  await expect(health.getByRole('button', { name: 'Customize the Health coach' })).toBeVisible();
  await health.getByRole('button', { name: 'Add to team' }).click();
  await expect(health.getByRole('button', { name: 'On your team' })).toBeVisible();
  await checkAccessibility(page);
  await page.reload();
  await expect(
    list
      .getByRole('article', { name: 'Health coach' })
      .getByRole('button', { name: 'On your team' }),
  ).toBeVisible();
  await expect(
    list
      .getByRole('article', { name: 'Career coach' })
      .getByRole('button', { name: 'Add to team' }),
  ).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Recommended coaches' })).toBeVisible();
  await expectNoSideways(page);
  await checkAccessibility(page);

  // The in-depth assessment, left half-way: a reload resumes at the step reached.
  await page.getByRole('link', { name: 'In-depth assessment' }).click();
  await expect(page).toHaveURL('/coaching/assessment-enhanced');
  await expect(page.getByText('Step 1 of 8')).toBeVisible();
  const healthRating = page.getByRole('slider', { name: 'Health' });
  await healthRating.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(healthRating).toHaveValue('3');
  await expectNoSideways(page);
  await checkAccessibility(page);
  await next(page);
  await expect(page.getByText('Step 2 of 8')).toBeVisible();
  await expect(page.getByText('Saved. You can stop here and come back later.')).toBeVisible();
  await next(page);
  await expect(page.getByText('Say how much this area matters to you now.')).toBeVisible();
  await expect(page.getByText('Choose what you would change first.')).toBeVisible();
  // A person clicks the cards (the radios inside are for keyboards and readers).
  await page.getByText('A lot', { exact: true }).click();
  await page.getByText('Having more energy', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'A lot' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Having more energy' })).toBeChecked();
  await next(page);
  await expect(page.getByText('Step 3 of 8')).toBeVisible();
  await expect(page.getByText('Saved. You can stop here and come back later.')).toBeVisible();
  await checkAccessibility(page);

  await page.reload();
  await expect(page.getByText('Step 3 of 8')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Career' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 2 of 8')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'A lot' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Having more energy' })).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('slider', { name: 'Health' })).toHaveValue('3');

  await page.setViewportSize({ width: 1280, height: 900 });
  await checkAccessibility(page);
});
