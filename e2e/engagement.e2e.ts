import type { Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { expectNoSideways, signUp } from './journeys.ts';

// The first-party tracker in Chromium, then /engagement-analytics drawn from what it sent: a
// sign-up starts a session; the page hidden and shown again sends background and foreground; a
// reload ends the session (page hide, keepalive) and starts the next; signing out ends it and
// nothing more is sent. The screen at 1280 and 390 px with axe. Headless Chromium keeps every tab
// visible, so the page's visibility is set and announced as a tab switch would.

interface SentEvent {
  sessionId: string;
  type: string;
}

/** Every session event the page sends, with the Authorization header it carried. */
function recordEvents(page: Page) {
  const events: SentEvent[] = [];
  const tokens = new Set<string>();
  // The context's requests: a keepalive request sent as the page goes away belongs to no page.
  page.context().on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/engagement/events')) return;
    tokens.add(request.headers().authorization ?? '');
    events.push(...(request.postDataJSON() as { events: SentEvent[] }).events);
  });
  return { events, tokens, types: () => events.map((event) => event.type) };
}

/**
 * Hides or shows the page as switching tabs would: headless Chromium keeps every tab visible, so
 * the page's visibility is set and announced the way the browser announces it.
 */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', {
      configurable: true,
      get: () => value === 'hidden',
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test('engagement: the tracker in Chromium and the screen at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const sent = recordEvents(page);

  await signUp(page, 'engagement');

  // Signed in: a session starts, sent at once with the token in the header.
  await expect.poll(sent.types).toEqual(['start']);
  const session = sent.events[0]?.sessionId;
  expect([...sent.tokens]).toEqual([expect.stringMatching(/^Bearer .+/)]);

  // Another tab in front, then back: background at once, foreground with the next batch.
  await setVisibility(page, 'hidden');
  await expect.poll(sent.types).toEqual(['start', 'background']);
  await setVisibility(page, 'visible');
  await expect.poll(sent.types, { timeout: 30_000 }).toEqual(['start', 'background', 'foreground']);
  expect(sent.events.every((event) => event.sessionId === session)).toBe(true);

  // Leaving the page ends the session (page hide, keepalive); the screen opens a new one. Chromium
  // reports no keepalive request sent during unload to the page or its context, so the end is seen
  // where it lands: session one's foreground time runs from its foreground event to that end.
  await page.goto('/engagement-analytics');
  await expect.poll(() => sent.events.at(-1)?.type).toBe('start');
  expect(sent.events.at(-1)?.sessionId).not.toBe(session);

  await expect(page.getByRole('heading', { level: 1, name: 'Engagement analytics' })).toBeVisible();

  // The period lives in the URL (its read comes after the new session's start was stored).
  await page
    .getByRole('navigation', { name: 'Period' })
    .getByRole('link', { name: '7 days' })
    .click();
  await expect(page).toHaveURL('/engagement-analytics?days=7');
  await expect(page.getByRole('group', { name: 'Sessions' })).toContainText('Sessions2');
  // Session one's foreground stretch, at least the 15 seconds its event waited for the batch,
  // ends at the end event; the open session counts nothing. Without the end: a second or two.
  // The end is sent as the old page unloads and may land after this page's read on a loaded
  // machine: then a reload reads again (it ends this session too, which only adds to the total).
  const inFront = page.getByRole('group', { name: 'Median time in front' });
  const counted = /· ([1-5]\d s|\d+ min) in all/;
  await expect
    .poll(
      async () => {
        const text = (await inFront.textContent()) ?? '';
        if (!counted.test(text)) {
          await page.reload();
          await inFront.waitFor();
        }
        return text;
      },
      { timeout: 30_000 },
    )
    .toMatch(counted);
  await expect(page.getByRole('group', { name: 'Active days' })).toContainText('1 of 7');
  const heatmap = page.getByRole('region', { name: 'When you use Trellis' });
  await expect(heatmap.getByRole('img')).toHaveAttribute('aria-label', /^Most sessions began on/);
  await expect(page.getByText('No daily top three went out in these days.')).toBeVisible();

  // A chart read as a table with the keyboard.
  const perDay = page.getByRole('region', { name: 'Sessions per day' });
  await perDay.getByText('Show as table').focus();
  await page.keyboard.press('Enter');
  await expect(
    perDay.getByRole('table', { name: 'Sessions per day' }).getByRole('row'),
  ).toHaveCount(8);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Engagement analytics' })).toBeVisible();
  await expectNoSideways(page);
  await expectNoAxeViolations(page);

  // Signing out ends the session while the token still works; then nothing is sent.
  await page.setViewportSize({ width: 1280, height: 900 });
  const before = sent.events.length;
  await page.getByRole('button', { name: /user menu|account/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  expect(sent.types().slice(before)).toEqual(['end']);
  await setVisibility(page, 'hidden');
  await setVisibility(page, 'visible');
  await page.waitForTimeout(500);
  expect(sent.types().slice(before)).toEqual(['end']);
});
