import { expect, test } from './fixtures.ts';
import { accessToken, checkAccessibility, expectNoSideways, signUp } from './journeys.ts';
import { sampleGoal } from './support.ts';

// A person's first conversation with a coach: the hub suggests the coach of their focus area, the
// domain page shows their goal in it, the chat streams the offline coach's reply with a proposal,
// and accepting it puts the task on /tasks. At 1280 and 390 px with axe.

test('coaching: hub → domain coach → chat → streamed reply → accepted proposal on /tasks', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, 'coaching-chat');
  const token = await accessToken(page.request, email);
  const headers = { authorization: `Bearer ${token}` };
  const onboarding = await page.request.put('/api/onboarding', {
    headers,
    data: { focusDomains: ['health'], coachTone: 'supportive' },
  });
  expect(onboarding.ok(), await onboarding.text()).toBe(true);
  const goal = await page.request.post('/api/goals', { headers, data: sampleGoal(60) });
  expect(goal.ok(), await goal.text()).toBe(true);

  // A first visit: no coaches yet, the focus area's coach one click away.
  await page.goto('/coaching');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Coaching' })).toBeVisible();
  const yours = page.getByRole('region', { name: 'Your coaches' });
  await yours.getByRole('button', { name: 'Add Rowan, the health coach, to my coaches' }).click();
  await expect(page.getByText('Rowan is now one of your coaches.')).toBeVisible();
  const rowan = yours.getByRole('article', { name: 'Rowan' });
  await expect(rowan).toContainText('Health · Supportive tone');
  await expect(rowan).toContainText('No messages yet');
  await expect(page.getByText('Replies come from the built-in offline coach.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reflect' })).toBeVisible();
  await checkAccessibility(page);

  // The domain page: what Rowan helps with, the health note, the person's goal with progress.
  await page.getByRole('link', { name: 'Meet Rowan, the health coach' }).click();
  await expect(page).toHaveURL('/coaching/domains/health');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Rowan, your health coach' }),
  ).toBeVisible();
  await expect(page.getByRole('note')).toContainText('This is coaching, not medical advice.');
  const goals = page.getByRole('region', { name: 'Your health goals' });
  await expect(goals.getByRole('link', { name: 'Run a 10K' })).toBeVisible();
  await expect(goals.getByRole('progressbar', { name: 'Run a 10K progress' })).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Start chat' }).click();
  await expect(page).toHaveURL(/\/coaching\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rowan' })).toBeVisible();
  await expect(page.getByText('Start the conversation')).toBeVisible();

  // The reply streams in, says which engine wrote it, and proposes a first step.
  const box = page.getByRole('textbox', { name: 'Message Rowan' });
  await box.fill('I am stuck on my 10K and keep putting it off.');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText('I am stuck on my 10K and keep putting it off.');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(messages.getByText('Answered by the offline coach')).toBeVisible();
  const proposal = messages.getByRole('article').filter({ hasText: 'New task' }).first();
  await expect(proposal).toBeVisible();
  const title = (await proposal.getByRole('heading').textContent()) ?? '';
  expect(title).not.toBe('');
  await checkAccessibility(page);

  await proposal.getByRole('button', { name: `Accept: ${title}` }).click();
  await expect(page.getByText(new RegExp(`^Added “.+” to your tasks for`))).toBeVisible();
  await expect(proposal).toContainText('Accepted');

  // The narrow screen: the same chat, nothing sideways, still clean.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(messages).toContainText('I am stuck on my 10K');
  await expect(box).toBeVisible();
  await expectNoSideways(page);
  await checkAccessibility(page);

  await proposal.getByRole('link', { name: 'See your tasks' }).click();
  await expect(page).toHaveURL('/tasks');
  // Today, or a later day of the week (the coach picks the lightest).
  const task = page.getByRole('main').getByText(title).first();
  await expect(page.getByRole('heading', { name: 'Today’s top three' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  if (!(await task.isVisible())) await page.getByRole('link', { name: 'Upcoming' }).click();
  await expect(task).toBeVisible();

  await page.goto('/coaching');
  await expect(rowan).not.toContainText('No messages yet');
  await expect(
    page.getByText('Your last reply came from the built-in offline coach.'),
  ).toBeVisible();
  await expectNoSideways(page);
  await checkAccessibility(page);
});
