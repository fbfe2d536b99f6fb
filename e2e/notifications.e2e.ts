import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { PASSWORD, sampleGoal, serviceRoleKey } from './support.ts';

// The notifications pop-over and /notifications as a person uses them (spec §2, §4, §7, §9).
// Notifications are made the way an operator makes them: POST /api/admin/notifications with the
// instance's service-role key (from E2E_SERVICE_ROLE_KEY or .tmp/e2e-keys.json, which
// scripts/e2e-server.mjs writes). Without the key these journeys skip.

interface Account {
  id: string;
  email: string;
}

interface NotificationInput {
  type: 'coach_message' | 'goal_progress' | 'achievement' | 'insight' | 'other';
  title: string;
  message?: string;
  priority?: 'high' | 'medium' | 'low';
  coach_id?: string;
  data?: Record<string, unknown>;
}

/** A plain user (the role is explicit, so the account never becomes the instance's first admin). */
async function createUser(request: APIRequestContext, key: string): Promise<Account> {
  const email = `notifications-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await request.post('/auth/v1/admin/users', {
    headers: { apikey: key, authorization: `Bearer ${key}` },
    data: { email, password: PASSWORD, email_confirm: true, role: 'user' },
  });
  test.skip(
    response.status() === 401 || response.status() === 403,
    'the service-role key does not belong to this server',
  );
  expect(response.ok(), await response.text()).toBe(true);
  const user = (await response.json()) as { id: string };
  return { id: user.id, email };
}

async function notify(
  request: APIRequestContext,
  key: string,
  user: Account,
  input: NotificationInput,
) {
  const response = await request.post('/api/admin/notifications', {
    headers: { authorization: `Bearer ${key}` },
    data: { user_id: user.id, message: 'Something worth knowing.', ...input },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A real goal of the user's, so a goal_progress notification can lead to it. */
async function createGoal(request: APIRequestContext, account: Account): Promise<string> {
  const config = (await (await request.get('/api/runtime-config')).json()) as {
    publishableKey: string;
  };
  const token = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: config.publishableKey },
    data: { email: account.email, password: PASSWORD },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const response = await request.post('/api/goals', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: sampleGoal(365),
  });
  expect(response.ok(), await response.text()).toBe(true);
  // A first goal earns the "First goal" badge, with its notification (server/modules/achievements):
  // read here, so the journeys count only the notifications they send themselves.
  const readAll = await request.put('/api/notifications/read-all', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(readAll.ok(), await readAll.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

async function logIn(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/goals');
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const popover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const badge = (page: Page) => page.getByTestId('notifications-badge');

let key: string;
test.beforeEach(() => {
  const found = serviceRoleKey();
  test.skip(!found, 'no service-role key for this server (see scripts/e2e-server.mjs)');
  key = found ?? '';
});

test('twelve unread show 9+; Mark all read clears them for good; the open pop-over passes axe', async ({
  page,
}) => {
  const user = await createUser(page.request, key);
  for (let i = 1; i <= 12; i += 1) {
    await notify(page.request, key, user, {
      type: 'other',
      title: `Reminder ${i}`,
      priority: (['high', 'medium', 'low'] as const)[i % 3],
    });
  }
  await logIn(page, user);
  await expect(badge(page)).toHaveText('9+');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 12 unread notifications');

  await bell(page).click();
  await expect(popover(page)).toBeVisible();
  await expect(popover(page).getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
    'href',
    '/settings#notifications',
  );
  await expect(popover(page).getByRole('listitem')).toHaveCount(12);
  await expectNoAxeViolations(page);

  await popover(page).getByRole('button', { name: 'Mark all read' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(popover(page).getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await expect(popover(page).locator('li[data-read="false"]')).toHaveCount(0);

  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(badge(page)).toHaveCount(0);
});

test('a click marks read, goes where the type says, and closes the pop-over', async ({ page }) => {
  // Five full page loads and round trips in one journey: on a loaded 2-core machine each one
  // takes seconds, so the journey gets the budget of its steps, as the other long journeys do.
  test.setTimeout(90_000);
  const user = await createUser(page.request, key);
  const goalId = await createGoal(page.request, user);
  await notify(page.request, key, user, {
    type: 'coach_message',
    title: 'From your coach',
    coach_id: 'career',
  });
  await notify(page.request, key, user, { type: 'goal_progress', title: 'Goal without an id' });
  await notify(page.request, key, user, {
    type: 'goal_progress',
    title: 'Halfway there',
    data: { goal_id: goalId },
  });
  await notify(page.request, key, user, { type: 'achievement', title: 'Seven-day streak' });
  await notify(page.request, key, user, { type: 'insight', title: 'Mornings suit you' });
  await notify(page.request, key, user, { type: 'other', title: 'Just so you know' });
  await logIn(page, user);
  await expect(badge(page)).toHaveText('6');

  const cases: [string, string][] = [
    ['From your coach', '/coaching/chat/career'],
    ['Goal without an id', '/goals'],
    ['Halfway there', `/goals/${goalId}`],
    ['Seven-day streak', '/achievements'],
    ['Mornings suit you', '/coaching/team'],
  ];
  let unread = 6;
  for (const [title, destination] of cases) {
    await page.goto('/notifications');
    await bell(page).click();
    await popover(page)
      .getByRole('button', { name: new RegExp(`^${title}`) })
      .click();
    await expect(page).toHaveURL(destination);
    await expect(popover(page)).toHaveCount(0);
    unread -= 1;
    await expect(badge(page)).toHaveText(String(unread));
    // Marked read on the server too.
    const list = await page.request.get('/api/notifications?limit=20', {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    const body = (await list.json()) as {
      notifications: { title: string; read: boolean }[];
      unreadCount: number;
    };
    expect(body.notifications.find((n) => n.title === title)?.read).toBe(true);
    expect(body.unreadCount).toBe(unread);
  }

  // Other types only mark read: no navigation.
  await page.goto('/notifications');
  await bell(page).click();
  await popover(page)
    .getByRole('button', { name: /^Just so you know/ })
    .click();
  await expect(page).toHaveURL('/notifications');
  await expect(badge(page)).toHaveCount(0);
});

/** The signed-in page's access token, as supabase-js keeps it (spec §9: a fixed storage key). */
async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => window.localStorage.getItem('trellis-auth-token'));
  const session = JSON.parse(stored ?? '{}') as { access_token?: string };
  if (!session.access_token) throw new Error('no session in local storage');
  return session.access_token;
}

test('shows "Loading notifications..." while the list loads, then "No notifications yet"', async ({
  page,
}) => {
  const user = await createUser(page.request, key);
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/notifications',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await logIn(page, user);
  await bell(page).click();
  await expect(popover(page).getByText('Loading notifications...')).toBeVisible();
  release();
  await expect(popover(page).getByText('No notifications yet')).toBeVisible();
  await expect(popover(page).getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(popover(page)).toHaveCount(0);
  await expect(bell(page)).toBeFocused();
});

test('a notification created on the server appears without a reload', async ({ page }) => {
  const user = await createUser(page.request, key);
  const stream = page.waitForResponse(
    (response) => response.url().endsWith('/api/events') && response.ok(),
  );
  await logIn(page, user);
  await stream;
  await expect(badge(page)).toHaveCount(0);

  // From here on a read of the lists (a poll) is held unanswered until the badge shows, so the
  // badge can only come over the live path, however slow a loaded machine is.
  const lists = '**/api/notifications**';
  const held: Route[] = [];
  await page.route(lists, (route) => {
    held.push(route);
  });
  await notify(page.request, key, user, {
    type: 'achievement',
    title: 'Live from the server',
    message: 'This one came over /api/events.',
    priority: 'high',
  });
  await expect(badge(page)).toHaveText('1', { timeout: 15_000 });
  await page.unroute(lists);
  await Promise.all(held.map((route) => route.continue()));
  await bell(page).click();
  const item = popover(page).getByRole('button', { name: /^Live from the server/ });
  await expect(item).toContainText('High priority');
  await expect(item).toContainText(/ago$/);
});

test('/notifications: history with infinite scroll, filters, mark unread and delete; passes axe', async ({
  page,
}) => {
  // 25 notifications seeded, three pages scrolled, filters, and an axe scan of the whole page.
  test.setTimeout(90_000);
  const user = await createUser(page.request, key);
  const types = ['coach_message', 'goal_progress', 'achievement', 'insight', 'other'] as const;
  for (let i = 1; i <= 25; i += 1) {
    const type = types[i % types.length] ?? 'other';
    await notify(page.request, key, user, {
      type,
      title: `Item ${String(i).padStart(2, '0')}`,
      ...(type === 'coach_message' ? { coach_id: 'health' } : {}),
    });
  }
  await logIn(page, user);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('25 unread', { exact: true })).toBeVisible();
  const rows = page.getByRole('region', { name: 'Notification history' }).getByRole('listitem');
  await expect(rows).toHaveCount(20);
  await expectNoAxeViolations(page);

  // Scrolling down brings the older ones.
  await page.getByText('Item 06').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5000);
  await expect(rows).toHaveCount(25);
  await expect(page.getByText('That is every notification.')).toBeVisible();

  // Mark one read and unread again; delete an unread one.
  await page.getByRole('button', { name: 'Mark as read: Item 25' }).click();
  await expect(page.getByText('24 unread', { exact: true })).toBeVisible();
  await expect(badge(page)).toHaveText('9+');
  await page.getByRole('button', { name: 'Mark as unread: Item 25' }).click();
  await expect(page.getByText('25 unread', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete: Item 24' }).click();
  await expect(page.getByRole('button', { name: /^Item 24/ })).toHaveCount(0);
  await expect(page.getByText('24 unread', { exact: true })).toBeVisible();

  // Filters: by type, then unread only.
  await page.getByLabel('Type').selectOption('achievement');
  await expect(rows).toHaveCount(5);
  await page.getByRole('button', { name: /^Item 22/ }).click();
  await expect(page).toHaveURL('/achievements');
  await page.goBack();
  await page.getByLabel('Type').selectOption('achievement');
  await page.getByRole('button', { name: 'Unread', exact: true }).click();
  await expect(rows).toHaveCount(4);
  await expectNoAxeViolations(page);
});

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('the pop-over and /notifications keep their contrast (axe)', async ({ page }) => {
    const user = await createUser(page.request, key);
    for (const priority of ['high', 'medium', 'low'] as const) {
      await notify(page.request, key, user, {
        type: 'insight',
        title: `A ${priority} one`,
        priority,
      });
    }
    await logIn(page, user);
    await bell(page).click();
    await expect(popover(page).getByRole('listitem')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.goto('/notifications');
    await expect(
      page.getByRole('region', { name: 'Notification history' }).getByRole('listitem'),
    ).toHaveCount(3);
    await expectNoAxeViolations(page);
  });
});
