import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  adminPage,
  askForReset,
  confirmEmail,
  expectPasswordChanged,
  linkIn,
  openOutboxMessage,
  repeatedTasks,
  setNewPassword,
  shapeGoal,
} from './journeys.ts';
import { PASSWORD, serviceRoleKey, uniqueEmail } from './support.ts';

// A new person's first week, with the product's clock moved a day at a time (CLOCK_CONTROL, on
// for the Playwright server): sign up → onboarding with a goal and its plan accepted → today's
// three on the dashboard and in the email → complete, skip and swap → progress and streak right
// each day → "Plan more" adds without duplicating → edit and delete a task → reset the password
// from another browser. It runs after every other journey (its own Playwright project), because
// moving the clock moves it for everyone on the server.

test.use({ timezoneId: 'Europe/London' });

const DAY_MS = 86_400_000;

/** 09:00 in London on the day `days` after tomorrow (UTC+0 in winter, UTC+1 in summer). */
function morning(days: number): Date {
  const tomorrow = new Date(Date.now() + DAY_MS);
  const date = new Date(
    Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 9),
  );
  return new Date(date.getTime() + days * DAY_MS);
}

async function moveClock(request: APIRequestContext, key: string, at: Date | null) {
  const response = await request.put('/api/test/clock', {
    headers: { authorization: `Bearer ${key}` },
    data: { at: at?.toISOString() ?? null },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function streakOf(page: Page): Promise<string> {
  const streak = page.getByRole('region', { name: 'Streak' });
  await expect(streak).toBeVisible();
  return (await streak.getByText(/^\d+ days?$/).innerText()).trim();
}

async function progressOf(page: Page, title: string): Promise<number> {
  const ring = page.getByRole('progressbar', { name: `${title} progress` }).first();
  await expect(ring).toBeVisible();
  return Number(await ring.getAttribute('aria-valuenow'));
}

/** Today's three on the dashboard, as the titles of their Complete buttons, in order. */
async function picksOn(page: Page): Promise<string[]> {
  await page.goto('/dashboard');
  const three = page.getByRole('region', { name: 'Today’s top three' });
  await expect(three.getByRole('listitem').first()).toBeVisible();
  const buttons = three.getByRole('button', { name: /^(Complete|Mark) “/ });
  const labels = await buttons.evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('aria-label') ?? ''),
  );
  return labels.map((label) => label.replace(/^(Complete|Mark) “(.*)”.*$/, '$2'));
}

test('a first week: onboarding with a plan, the daily three, progress and streak day by day, Plan more, edits, and a password reset elsewhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const key = serviceRoleKey();
  test.skip(!key, 'needs the service-role key');
  const serviceKey = key ?? '';
  const admin = await adminPage(browser, serviceKey);
  const email = uniqueEmail('first-week');

  try {
    // Day 1, a morning in London.
    await moveClock(page.request, serviceKey, morning(0));

    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/onboarding');
    await confirmEmail(page, admin, email);

    // Onboarding: welcome, time zone, channels (the confirmed email), focus, goal, plan, tone.
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Where are you?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'How should your top three reach you?' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'What do you want to focus on?' }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: /^Health/ }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('1 chosen.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await shapeGoal(page, 'I want to run a 10 km race');
    const title = await page.getByLabel('Title').inputValue();
    await page.getByRole('button', { name: 'Save goal' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Plan your first steps' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'How should your coach talk to you?' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL('/dashboard');

    // Day one is not empty: three tasks of the accepted plan, and no streak yet.
    const dayOne = await picksOn(page);
    expect(dayOne).toHaveLength(3);
    expect(await streakOf(page)).toBe('0 days');

    // The same three reach the email, each with its goal.
    await page.goto('/schedule');
    await page.getByRole('button', { name: 'Send today’s top three now' }).click();
    await expect(page.getByText('Today’s top three is on its way')).toBeVisible();
    const daily = await openOutboxMessage(admin, {
      to: email,
      channel: 'email',
      name: /Your top three for/,
    });
    for (const task of dayOne) await expect(daily.getByText(task).first()).toBeVisible();
    await expect(daily.getByText(title).first()).toBeVisible();
    await admin.keyboard.press('Escape');

    // Complete the first, skip the second, swap the third.
    await page.goto('/dashboard');
    const three = page.getByRole('region', { name: 'Today’s top three' });
    const [first, second, third] = dayOne as [string, string, string];
    await three.getByRole('button', { name: `Complete “${first}”` }).click();
    await expect(three.getByRole('button', { name: `Mark “${first}” as not done` })).toBeVisible();
    await three.getByRole('button', { name: `More for “${second}”` }).click();
    await page.getByRole('menuitem', { name: 'Skip' }).click();
    await expect(three.getByText('Skipped')).toBeVisible();
    await three.getByRole('button', { name: `More for “${third}”` }).click();
    await page.getByRole('menuitem', { name: 'Swap for another task' }).click();
    await expect(page.getByText(/^(Swapped|Nothing to swap in)$/)).toBeVisible();
    // Whatever the swap found, the day still has three picks: none was dropped.
    await expect(three.getByRole('listitem')).toHaveCount(3);
    // A skipped pick is not done: the day does not count toward the streak.
    await expect(page.getByText(/That counts toward your streak/)).toHaveCount(0);

    // The goal moved with the one done.
    await page.goto('/goals');
    const dayOneProgress = await progressOf(page, title);
    expect(dayOneProgress).toBeGreaterThan(0);

    // Day 2: a new three; every one done makes the day count.
    await moveClock(page.request, serviceKey, morning(1));
    const dayTwo = await picksOn(page);
    expect(await streakOf(page)).toBe('0 days');
    expect(dayTwo.length).toBeGreaterThan(0);
    for (const task of dayTwo) {
      await three.getByRole('button', { name: `Complete “${task}”` }).click();
      await expect(three.getByRole('button', { name: `Mark “${task}” as not done` })).toBeVisible();
    }
    await expect(page.getByText(/That counts toward your streak/)).toBeVisible();
    await expect
      .poll(async () => {
        await page.reload();
        return streakOf(page);
      })
      .toBe('1 day');
    await page.goto('/goals');
    await expect.poll(() => progressOf(page, title)).toBeGreaterThan(dayOneProgress);

    // Day 3: yesterday's streak stands; Plan more adds what the plan lacks, never a copy.
    await moveClock(page.request, serviceKey, morning(2));
    await page.goto('/dashboard');
    expect(await streakOf(page)).toBe('1 day');
    await page.getByRole('region', { name: 'Goals' }).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const goalUrl = page.url();
    const plan = page.getByRole('region', { name: 'Plan' });
    const milestones = await plan.getByRole('heading', { level: 3 }).count();
    await plan.getByRole('link', { name: 'Plan more' }).click();
    const acceptAll = page.getByRole('button', { name: 'Accept all' });
    const backToGoal = page.getByRole('link', { name: 'Back to the goal' });
    await expect(acceptAll.or(backToGoal)).toBeVisible({ timeout: 20_000 });
    if (await acceptAll.isVisible()) await acceptAll.click();
    else await backToGoal.click();
    await expect(page).toHaveURL(goalUrl);
    await expect(plan.getByRole('heading', { level: 3 })).toHaveCount(milestones);
    expect(await repeatedTasks(plan)).toEqual([]);
    const labels = await plan
      .getByRole('button', { name: /^Complete “/ })
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));

    // Edit a task, then delete one for good.
    const once = labels.filter((label) => labels.indexOf(label) === labels.lastIndexOf(label));
    const task = once[0]?.replace(/^Complete “(.*)”$/, '$1') ?? '';
    await plan.getByRole('button', { name: `More for “${task}”` }).click();
    await page.getByRole('menuitem', { name: 'Edit…' }).click();
    const renamed = `${task} by the canal`;
    await page.getByRole('dialog').getByLabel('Title').fill(renamed);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const row = plan.getByRole('button', { name: `Complete “${renamed}”` });
    await expect(row).toBeVisible();
    const deleted = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && /\/api\/tasks\//.test(response.url()),
    );
    await plan.getByRole('button', { name: `More for “${renamed}”` }).click();
    // A repeating task offers its whole series; a one-off task just "Delete".
    await page.getByRole('menuitem', { name: /^Delete(?: the series)?$/ }).click();
    await expect(row).toHaveCount(0);
    expect((await deleted).status()).toBe(200);
    await page.reload();
    await expect(plan.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(row).toHaveCount(0);

    // The password is forgotten; the reset email is opened on another device. The reset ends
    // every other session, so this page, left open, would hear 401s once it next calls the API:
    // it is left first.
    await page.goto('about:blank');
    const asking = await browser.newContext();
    await askForReset(await asking.newPage(), email);
    const reset = await openOutboxMessage(admin, {
      to: email,
      channel: 'email',
      name: /Reset your Trellis password/,
    });
    const link = await linkIn(reset);
    await asking.close();
    const elsewhere = await browser.newContext();
    const phone = await elsewhere.newPage();
    await phone.goto(link);
    await expect(phone).toHaveURL('/reset-password');
    const newPassword = 'a week of early runs';
    await setNewPassword(phone, newPassword);
    await elsewhere.close();
    await expectPasswordChanged(browser, email, newPassword);
  } finally {
    await moveClock(page.request, serviceKey, null);
    await admin.context().close();
  }
});
