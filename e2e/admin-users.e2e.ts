import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  adminPage,
  checkAccessibility,
  createAccount,
  expectNoSideways,
  logIn,
} from './journeys.ts';
import { serviceRoleKey } from './support.ts';

// The admin area's Users tab and deleting one's own account, as people do them: an admin promotes
// a user to coach (who then reaches /coach) and suspends another (who then cannot sign in); a
// person deletes their account from Settings and cannot sign in again. axe at 1280 and 390 px.

const key = serviceRoleKey();

/** The admin's Users tab showing only `email`'s account. */
async function findAccount(admin: Page, email: string) {
  await admin.getByLabel('Email or name').fill(email);
  await admin.getByRole('button', { name: 'Search' }).click();
  const card = admin.getByRole('list', { name: 'Accounts' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(email);
  return card;
}

/** axe and no sideways scroll at the desktop width and at a 390 px phone, with a screenshot of each. */
async function checkBothWidths(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await checkAccessibility(page);
    await expectNoSideways(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin promotes a user to coach and suspends another, who then cannot sign in', async ({
  page,
  browser,
}) => {
  test.skip(!key, 'needs the service-role key (accounts with a role)');
  const admin = await adminPage(browser, key ?? '');
  const promoted = await createAccount(page, key ?? '', 'user');
  const suspended = await createAccount(page, key ?? '', 'user');

  await expect(admin.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Accounts' })).toBeVisible();
  // Keyboard: the tab list moves with the arrow keys, and the URL follows.
  await admin.getByRole('tab', { name: 'Users' }).focus();
  await admin.keyboard.press('ArrowRight');
  await expect(admin).toHaveURL('/admin?tab=system');
  await expect(admin.getByRole('tab', { name: 'System' })).toBeFocused();
  await admin.keyboard.press('ArrowLeft');
  await expect(admin).toHaveURL('/admin?tab=users');

  await findAccount(admin, promoted);
  await admin.getByLabel(`Role of ${promoted}`).selectOption('coach');
  await admin.getByRole('button', { name: `Save the role of ${promoted}` }).click();
  await expect(admin.getByText(`${promoted} is now Coach`)).toBeVisible();

  // The promoted person signs in and lands in the coach area.
  await logIn(page, promoted);
  await expect(page).toHaveURL('/coach');

  const card = await findAccount(admin, suspended);
  await admin.getByRole('button', { name: `More for ${suspended}` }).click();
  await admin.getByRole('menuitem', { name: 'Suspend' }).click();
  await expect(admin.getByText(`${suspended} is suspended`)).toBeVisible();
  await expect(card).toContainText('Suspended');

  const other = await browser.newContext();
  const banned = await other.newPage();
  await logIn(banned, suspended);
  await expect(banned.getByText(/banned/i)).toBeVisible();
  await expect(banned).toHaveURL(/\/login/);
  await other.close();

  await admin.getByLabel('Email or name').fill('');
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByRole('list', { name: 'Accounts' })).toBeVisible();
  await checkBothWidths(admin, 'admin-users');
  await admin.context().close();
});

test('a person deletes their account from Settings and cannot sign in again', async ({
  page,
  consoleErrors,
}) => {
  test.skip(!key, 'needs the service-role key (a confirmed account)');
  const email = await createAccount(page, key ?? '', 'user');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/(goals|onboarding)$/);
  await page.goto('/settings#delete-account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password')).toBeVisible();
  await checkBothWidths(page, 'delete-account');

  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    dialog.getByText('That password is not right. Your account was not deleted.'),
  ).toBeVisible();
  await dialog.getByLabel('Your password').fill('correct horse battery staple');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account is deleted')).toBeVisible();

  await logIn(page, email);
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  // Expected refusals the browser logs: the wrong password (400), supabase-js's local sign-out
  // telling the server about a session the deletion already ended (403), the last sign-in (400).
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((line) => !/status of 40[03]/.test(line)),
  );
});
