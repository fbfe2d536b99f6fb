import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accessToken, checkAccessibility, expectNoSideways, signUp } from './journeys.ts';
import { sampleGoal } from './support.ts';

// The coaching screens as a person uses them: a coach renamed and given another tone (its next
// replies, in the chat and to a reflection, change with it), the personality page's live preview; a reflection from the dashboard
// that lands in /history; and two goals that want the same evenings, where "Ask the team" names
// the trade-off and a proposal is accepted. Each screen with axe at 1280 and 390 px.

type Headers = { authorization: string };

async function headersFor(page: Page, email: string): Promise<Headers> {
  return { authorization: `Bearer ${await accessToken(page.request, email)}` };
}

/** The person's own copy of a catalogue coach, on the team. */
async function ownCoach(request: APIRequestContext, headers: Headers, catalogueId: string) {
  const response = await request.post('/api/coach/coaches', {
    headers,
    data: { catalogueId, addToTeam: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string; name: string };
}

/** The coach's answer to a reflection (its tone and name shape the words, never the facts). */
async function replyTo(
  request: APIRequestContext,
  headers: Headers,
  coachId: string,
  text: string,
): Promise<{ reply: string; coachName: string | null }> {
  const response = await request.post('/api/coach/reflections', {
    headers,
    data: { period: 'daily', text, coachId },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { reply: string; coachName: string | null };
}

/** The coach's chat reply to `text`, read whole from the reply's event stream. */
async function chatReply(
  request: APIRequestContext,
  headers: Headers,
  coachId: string,
  text: string,
): Promise<string> {
  const response = await request.post(`/api/coach/coaches/${coachId}/messages`, {
    headers,
    data: { text },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = await response.text();
  const done = /event: done\ndata: (.*)\n/.exec(body)?.[1];
  expect(done, body).toBeTruthy();
  return (JSON.parse(done ?? '{}') as { text: string }).text;
}

const tomorrow = (days: number) =>
  new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

async function atBothWidths(page: Page, check: () => Promise<void>) {
  await page.setViewportSize({ width: 390, height: 844 });
  await check();
  await expectNoSideways(page);
  await checkAccessibility(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await check();
  await checkAccessibility(page);
}

test('customize: rename and change tone, and the next reply changes; personality preview', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, 'customize');
  const headers = await headersFor(page, email);
  const goal = await page.request.post('/api/goals', { headers, data: sampleGoal(200) });
  expect(goal.ok(), await goal.text()).toBe(true);
  const coach = await ownCoach(page.request, headers, 'ai-health');
  const before = await replyTo(page.request, headers, coach.id, 'How am I doing this week?');
  const chatBefore = await chatReply(page.request, headers, coach.id, 'How am I doing this week?');

  await page.goto(`/coaching/customize/${coach.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Customize ${coach.name}` }),
  ).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('');
  await name.blur();
  await expect(page.getByText('Give your coach a name.')).toBeVisible();
  await name.fill('Coach Sam');
  // Each tone carries a sample from the person's own figures.
  const direct = page.getByRole('radio', { name: 'Direct' });
  await expect(direct).toHaveAccessibleDescription(/.+/);
  await direct.check();
  await atBothWidths(page, async () => {
    await expect(page.getByRole('group', { name: 'Tone' })).toBeVisible();
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Coach Sam now speaks in a direct tone.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Customize Coach Sam' })).toBeVisible();

  const after = await replyTo(page.request, headers, coach.id, 'How am I doing this week?');
  expect(before.coachName).toBe(coach.name);
  expect(after.coachName).toBe('Coach Sam');
  expect(after.reply).not.toEqual(before.reply);
  const chatAfter = await chatReply(page.request, headers, coach.id, 'How am I doing this week?');
  expect(chatAfter).not.toEqual(chatBefore);

  // Another person's or an unknown coach is the not-found page.
  await page.goto('/coaching/customize/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // The personality page: the preview follows the sliders before anything is saved.
  await page.goto(`/coaching/personality/${coach.id}`);
  const preview = page.getByRole('region', { name: 'How Coach Sam would answer' });
  await expect(preview.getByText(/\w{3,}/).first()).toBeVisible();
  const first = await preview.innerText();
  // The reply-length radios sit under their cards, as people click them.
  await page.getByText('More detail and reasons').click();
  await expect(page.getByRole('radio', { name: /Long/ })).toBeChecked();
  await page.getByRole('slider', { name: 'Warmth' }).fill('5');
  await expect.poll(() => preview.innerText()).not.toEqual(first);
  await atBothWidths(page, async () => {
    await expect(page.getByRole('slider', { name: 'Challenge' })).toBeVisible();
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Personality saved')).toBeVisible();
});

test('reflection from the dashboard lands in /history', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, 'reflection');
  const headers = await headersFor(page, email);
  const goal = await page.request.post('/api/goals', { headers, data: sampleGoal(200) });
  expect(goal.ok(), await goal.text()).toBe(true);
  await ownCoach(page.request, headers, 'ai-health');

  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Reflect' });
  await panel
    .getByRole('textbox', { name: 'How did today go?' })
    .fill('I ran before work and felt good, but skipped the reading.');
  await panel.getByText('4 Good', { exact: true }).click();
  await expect(panel.getByRole('radio', { name: '4 Good' })).toBeChecked();
  await panel.getByRole('button', { name: 'Reflect with your coach' }).click();
  await expect(panel.getByRole('heading', { name: /replied$/ })).toBeVisible();
  await expect(panel.getByText(/Answered by/)).toBeVisible();
  await checkAccessibility(page);

  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  const today = page.getByRole('region', { name: 'Today' });
  const entry = today.getByRole('link', { name: /reflection/i }).first();
  await expect(entry).toBeVisible();
  // Filtered to reflections, in the URL.
  await page.getByText('Filters', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Reflections' }).click();
  await expect(page).toHaveURL(/types=reflection/);
  await expect(today.getByRole('link', { name: /reflection/i }).first()).toBeVisible();
  await atBothWidths(page, async () => {
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
  });
});

test('two goals that want the same evenings: Ask the team names the trade-off', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, 'team');
  const headers = await headersFor(page, email);
  const profile = await page.request.put('/api/profile', {
    headers,
    data: { timeZone: 'UTC', dailyCapacityMinutes: 30 },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const run = await page.request.post('/api/goals', { headers, data: sampleGoal(120) });
  expect(run.ok(), await run.text()).toBe(true);
  const course = await page.request.post('/api/goals', {
    headers,
    data: {
      goal: {
        ...sampleGoal(120).goal,
        title: 'Finish the data course',
        domain: 'career',
        specific: 'Finish all modules of the data course.',
        metric: { name: 'modules', target: 12, unit: 'modules' },
        why: 'A better job.',
        firstStep: 'Watch module 1.',
        weeklyHours: 4,
      },
    },
  });
  expect(course.ok(), await course.text()).toBe(true);
  for (const [goal, title] of [
    [run, 'Evening run'],
    [course, 'Course module in the evening'],
  ] as const) {
    const goalId = ((await goal.json()) as { id: string }).id;
    for (const day of [1, 2]) {
      const task = await page.request.post('/api/tasks', {
        headers,
        data: { title, goalId, scheduledDate: tomorrow(day), estimatedMinutes: 45 },
      });
      expect(task.status(), await task.text()).toBe(201);
    }
  }

  // An empty team asks for a coach first.
  await page.goto('/coaching/team');
  await expect(page.getByText('No coaches on your team yet')).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Add Rowan to your team' }).click();
  await expect(page.getByText('Rowan joined your team')).toBeVisible();
  await page.getByRole('button', { name: 'Add Harper to your team' }).click();
  const team = page.getByRole('list', { name: 'Your team, in order' });
  await expect(team.getByRole('listitem')).toHaveCount(2);
  // Reorder with the keyboard.
  await team.getByRole('button', { name: 'Move Harper up' }).focus();
  await page.keyboard.press('Enter');
  await expect(team.getByRole('listitem').first()).toContainText('Harper');
  await page.reload();
  await expect(team.getByRole('listitem').first()).toContainText('Harper');

  await page
    .getByRole('textbox', { name: 'Your question' })
    .fill('My run and my course both want my evenings. What gives?');
  await page.getByRole('button', { name: 'Ask the team' }).click();
  const answer = page.getByRole('region', { name: /^Your team on:/ });
  await expect(answer.getByText(/compete for the same time/)).toBeVisible();
  await expect(answer.getByText(/a week/).first()).toBeVisible();
  // The way through comes with a change to accept; only accepting writes it.
  const proposal = answer.getByRole('article').first();
  await expect(proposal).toBeVisible();
  await proposal.getByRole('button', { name: /^Accept/ }).click();
  await expect(proposal.getByText('Accepted')).toBeVisible();
  await expect(proposal.getByRole('link', { name: /^See your/ })).toBeVisible();
  await atBothWidths(page, async () => {
    await expect(page.getByRole('heading', { name: 'Past consultations' })).toBeVisible();
  });
});
