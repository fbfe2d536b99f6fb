import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectError, startDeliveryApp, type DeliveryTestApp } from '#server/test/delivery-app.ts';
import { onboardingSchema } from '#contracts/onboarding.ts';

import type { TestUser } from '#server/test/users.ts';

describe('onboarding API', () => {
  let t: DeliveryTestApp;

  const get = async (user: TestUser) => {
    const response = await t.call(user, 'GET', '/api/onboarding');
    expect(response.statusCode, response.body).toBe(200);
    return onboardingSchema.parse(response.json());
  };
  const put = (user: TestUser, body: unknown) => t.call(user, 'PUT', '/api/onboarding', body);

  beforeAll(async () => {
    t = await startDeliveryApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts at the welcome step with nothing chosen', async () => {
    const user = await t.user();
    expect(await get(user)).toEqual({
      step: 'welcome',
      focusDomains: [],
      coachTone: null,
      completedAt: null,
      skippedAt: null,
    });
  });

  it('saves each step as the user leaves it, keeping earlier choices, and resumes there', async () => {
    const user = await t.user();
    expect((await put(user, { step: 'channels' })).statusCode).toBe(200);
    const focus = await put(user, { step: 'first_goal', focusDomains: ['health', 'career'] });
    expect(onboardingSchema.parse(focus.json())).toMatchObject({
      step: 'first_goal',
      focusDomains: ['health', 'career'],
    });
    await put(user, { step: 'tone', coachTone: 'direct' });
    expect(await get(user)).toEqual({
      step: 'tone',
      focusDomains: ['health', 'career'],
      coachTone: 'direct',
      completedAt: null,
      skippedAt: null,
    });
  });

  it("finish 'complete' sets completedAt; a later skip changes nothing", async () => {
    const user = await t.user();
    const done = onboardingSchema.parse((await put(user, { finish: 'complete' })).json());
    expect(done.completedAt).toBe(t.clock.now().toISOString());
    t.clock.advanceMinutes(1);
    const after = onboardingSchema.parse((await put(user, { finish: 'skip' })).json());
    expect(after).toMatchObject({ completedAt: done.completedAt, skippedAt: null });
  });

  it("finish 'skip' sets skippedAt; completing later sets completedAt too", async () => {
    const user = await t.user();
    const skipped = onboardingSchema.parse(
      (await put(user, { step: 'time_zone', finish: 'skip' })).json(),
    );
    expect(skipped).toMatchObject({
      step: 'time_zone',
      skippedAt: t.clock.now().toISOString(),
      completedAt: null,
    });
    t.clock.advanceMinutes(1);
    const completed = onboardingSchema.parse((await put(user, { finish: 'complete' })).json());
    expect(completed.completedAt).toBe(t.clock.now().toISOString());
  });

  it.each([
    ['an unknown step', { step: 'payment' }, 'body.step'],
    ['an unknown domain', { focusDomains: ['cooking'] }, 'body.focusDomains.0'],
    ['a domain twice', { focusDomains: ['health', 'health'] }, 'body.focusDomains'],
    ['an unknown tone', { coachTone: 'sarcastic' }, 'body.coachTone'],
    ['an unknown finish', { finish: 'later' }, 'body.finish'],
  ])('400 for %s, naming the field, and nothing is written', async (_name, body, path) => {
    const user = await t.user();
    const error = expectError(await put(user, { step: 'focus', ...body }), 400, 'invalid_input');
    expect(error.message.startsWith(`${path}:`), error.message).toBe(true);
    expect((await get(user)).step).toBe('welcome');
  });

  it("keeps users apart: one user's progress is not another's", async () => {
    const first = await t.user();
    const second = await t.user();
    await put(first, { step: 'tone', coachTone: 'motivational' });
    expect((await get(second)).step).toBe('welcome');
  });

  it('401 without a session', async () => {
    expectError(await t.call(null, 'GET', '/api/onboarding'), 401, 'unauthenticated');
    expectError(
      await t.call(null, 'PUT', '/api/onboarding', { step: 'tone' }),
      401,
      'unauthenticated',
    );
  });
});
