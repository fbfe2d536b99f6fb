import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { answerUntilReview, repeatedTasks, signUp } from './journeys.ts';

// The goals journey as a person takes it: declare a goal in one sentence, answer the coach's
// questions, review and save the SMART goal, break it down and accept part of the plan, see
// today's top three on /tasks and /dashboard, complete one, and watch the goal's progress move.

async function progressOf(page: Page, title: string): Promise<number> {
  const ring = page.getByRole('progressbar', { name: `${title} progress` }).first();
  return Number(await ring.getAttribute('aria-valuenow'));
}

test('declare → refine → break down → accept → top three → complete one → progress moves', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUp(page, 'goals');

  await page.goto('/goals');
  await expect(page.getByRole('heading', { level: 1, name: 'Goals' })).toBeVisible();
  await expect(page.getByText('No goals yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Declare your first goal' }).click();

  // Declare in one sentence.
  await expect(page).toHaveURL('/goals/new');
  await expect(page.getByRole('heading', { name: 'What do you want to achieve?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Your goal in one sentence').fill('I want to be healthier');
  await page.getByRole('button', { name: 'Shape it with the coach' }).click();

  // Refine: the coach asks; every answer says which engine answered.
  await expect(page.getByRole('heading', { name: 'A few questions first' })).toBeVisible();
  await expect(page.getByText('Answered by the offline coach')).toBeVisible();
  await expectNoAxeViolations(page);
  await answerUntilReview(page, 'So I have energy for my children');

  // Review and edit the SMART goal, then save it.
  await expect(page.getByText('Answered by the offline coach')).toBeVisible();
  await expectNoAxeViolations(page);
  const title = 'My healthier year';
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Pin as one of my top three goals').check();
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByRole('heading', { name: 'Goal saved' })).toBeVisible();
  await page.getByRole('button', { name: /Break it down/ }).click();

  // The breakdown: keep the first milestone and its tasks, leave the rest out.
  await expect(page).toHaveURL(/\/goals\/[0-9a-f-]+\/breakdown$/);
  const goalUrl = page.url().replace(/\/breakdown$/, '');
  await expect(page.getByRole('button', { name: 'Accept all' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Answered by the offline coach')).toBeVisible();
  await expectNoAxeViolations(page, { rules: ['heading-order'] });
  const milestones = page.getByRole('list', { name: 'Proposed milestones' }).locator('> li');
  const count = await milestones.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let index = 1; index < count; index += 1) {
    await milestones.nth(index).getByRole('checkbox').first().uncheck();
  }
  const firstTasks = milestones.first().getByRole('list').getByRole('checkbox');
  const kept = await firstTasks.count();
  expect(kept).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Accept ${1 + kept} selected` }).click();

  // The goal, with its plan.
  await expect(page).toHaveURL(goalUrl);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Plan added')).toBeVisible();
  await expectNoAxeViolations(page);
  const before = await progressOf(page, title);

  // Today's top three on /tasks, each with its reason.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL('/tasks');
  const topThree = page.getByRole('region', { name: 'Today’s top three' });
  const picks = topThree.getByRole('listitem');
  await expect(picks.first()).toBeVisible();
  await expect(picks.first().getByText(/Why:/)).toBeAttached();
  await expectNoAxeViolations(page);

  // And on the dashboard.
  await page.goto('/dashboard');
  const dashboardThree = page.getByRole('region', { name: 'Today’s top three' });
  await expect(dashboardThree.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Goals' }).getByText(title)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Streak' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Complete one of the three: it shows done at once and stays in its place.
  await page.goto('/tasks');
  const first = picks.first();
  const complete = first.getByRole('button', { name: /^Complete “/ });
  const name =
    (await complete.getAttribute('aria-label'))?.replace(/^Complete “(.*)”$/, '$1') ?? '';
  await complete.click();
  await expect(first.getByRole('button', { name: `Mark “${name}” as not done` })).toBeVisible();
  await expect(page.getByText('Done. Nice work!')).toBeVisible();

  // The goal's progress moved.
  await page.goto(goalUrl);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => progressOf(page, title)).toBeGreaterThan(before);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();

  // The list: the goal pinned among the top three, with its progress.
  await page.goto('/goals');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(
    card.getByRole('button', { name: `Unpin “${title}” from your top three` }),
  ).toBeVisible();
  expect(await progressOf(page, title)).toBeGreaterThan(before);
  await expectNoAxeViolations(page);

  // Plan more: the coach proposes only what the plan lacks, and accepting all duplicates nothing.
  await page.goto(goalUrl);
  const plan = page.getByRole('region', { name: 'Plan' });
  const firstMilestone = await plan.getByRole('heading', { level: 3 }).first().innerText();
  await plan.getByRole('link', { name: 'Plan more' }).click();
  await expect(page.getByRole('button', { name: 'Accept all' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/already in your plan/)).toBeVisible();
  await expectNoAxeViolations(page, { rules: ['heading-order'] });
  const proposed = page.getByRole('list', { name: 'Proposed milestones' });
  await expect(proposed.getByRole('heading', { name: firstMilestone })).toHaveCount(0);
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page).toHaveURL(goalUrl);
  await expect(plan.getByRole('heading', { level: 3 })).toHaveCount(count);
  expect(await repeatedTasks(plan)).toEqual([]);
  const openTasks = await plan.getByRole('button', { name: /^Complete “/ }).all();
  const labels = await Promise.all(openTasks.map((button) => button.getAttribute('aria-label')));

  // Edit a task, delete it, undo; delete it again and it is gone for good.
  // One that stands once in the plan (a repeating session stands once in each of its phases).
  const once = labels.filter((label) => labels.indexOf(label) === labels.lastIndexOf(label));
  const task = once[0]?.replace(/^Complete “(.*)”$/, '$1') ?? '';
  await plan.getByRole('button', { name: `More for “${task}”` }).click();
  await page.getByRole('menuitem', { name: 'Edit…' }).click();
  const renamed = `${task} (edited)`;
  await page.getByRole('dialog').getByLabel('Title').fill(renamed);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const row = plan.getByRole('button', { name: `Complete “${renamed}”` });
  await expect(row).toBeVisible();
  await plan.getByRole('button', { name: `More for “${renamed}”` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row).toBeVisible();
  const deleted = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && /\/api\/tasks\//.test(response.url()),
  );
  await plan.getByRole('button', { name: `More for “${renamed}”` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  // The delete is sent when the undo window ends.
  expect((await deleted).status()).toBe(200);
  await page.reload();
  await expect(plan.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(row).toHaveCount(0);

  // Rename a milestone: an empty title is refused in the dialog, a new one is saved.
  await plan.getByRole('button', { name: `More for “${firstMilestone}”` }).click();
  await page.getByRole('menuitem', { name: 'Edit milestone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit milestone' });
  await dialog.getByLabel('Title').fill(' ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the milestone a title.');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Title').fill(`${firstMilestone} (renamed)`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(plan.getByRole('heading', { name: `${firstMilestone} (renamed)` })).toBeVisible();
});

test('crisis language stops the flow and shows help', async ({ page }) => {
  await signUp(page, 'goals');
  await page.goto('/goals/new');
  await page.getByLabel('Your goal in one sentence').fill('I want to end my life');
  await page.getByRole('button', { name: 'Shape it with the coach' }).click();
  const help = page.getByRole('region', { name: 'Let’s pause the coaching for now' });
  await expect(help).toBeVisible();
  await expect(help.getByText('People who can help')).toBeVisible();
  await expect(help.getByRole('link', { name: /^Call / }).first()).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save goal' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a date that has passed is replaced and flagged; distress in words no rule knows gets help', async ({
  page,
}) => {
  await signUp(page, 'goals');
  await page.goto('/goals/new');
  // A day ten days back, with no year: a deadline just missed, whatever today is.
  const past = new Date(Date.now() - 10 * 86_400_000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
  });
  await page.getByLabel('Your goal in one sentence').fill(`Run a 10K by ${past}`);
  await page.getByRole('button', { name: 'Shape it with the coach' }).click();
  await expect(page.getByRole('heading', { name: 'Review your SMART goal' })).toBeVisible();
  await expect(page.getByText('That date has passed')).toBeVisible();
  await expect(page.getByText(/has already passed, so I proposed/)).toBeVisible();

  // The sentence layer (ADR 032) runs in the app: no rule knows these words.
  await page.goto('/goals/new');
  await page
    .getByLabel('Your goal in one sentence')
    .fill('Long sleeves in 30 degree heat again. Nobody asks anymore, which is sort of the point.');
  await page.getByRole('button', { name: 'Shape it with the coach' }).click();
  await expect(
    page.getByRole('region', { name: 'Let’s pause the coaching for now' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save goal' })).toHaveCount(0);
});
