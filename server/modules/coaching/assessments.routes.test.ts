import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentSchema,
  completedAssessmentSchema,
  recommendationsSchema,
  teamMemberSchema,
  teamSchema,
  type EnhancedAnswers,
  type QuickAnswers,
} from '#contracts/assessments.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { notificationListSchema } from '#contracts/notifications.ts';
import { achievements, assessments } from '#server/db/schema.ts';
import { startPlanningApp, type PlanningTestApp } from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';

const quick: QuickAnswers = {
  focusDomains: ['health'],
  tone: 'supportive',
  biggestChallenge: 'energy',
  motivationStyle: 'progress',
  weeklyHours: 4,
};

const enhanced: EnhancedAnswers = {
  ratings: { health: 8, career: 2, relationships: 7, personal_development: 6 },
  health: { priority: 'low', change: 'sleep' },
  career: { priority: 'high', change: 'new_job' },
  relationships: { priority: 'medium', change: 'talk' },
  personal_development: { priority: 'medium', change: 'learn' },
  values: ['achievement'],
  obstacles: ['direction'],
  accountability: 'daily',
};

describe('assessments, recommendations and the coach team', () => {
  let t: PlanningTestApp;

  const start = async (user: TestUser, kind: 'quick' | 'enhanced', status = 201) => {
    const response = await t.call(user, 'POST', '/api/coach/assessments', { kind });
    expect(response.statusCode, response.body).toBe(status);
    return assessmentSchema.parse(response.json());
  };
  const save = (user: TestUser, id: string, body: unknown) =>
    t.call(user, 'PUT', `/api/coach/assessments/${id}`, body);
  const complete = (user: TestUser, id: string, body: unknown = {}) =>
    t.call(user, 'POST', `/api/coach/assessments/${id}/complete`, body);
  const get = async (user: TestUser, id: string) => {
    const response = await t.call(user, 'GET', `/api/coach/assessments/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return assessmentSchema.parse(response.json());
  };
  const recommendations = async (user: TestUser) => {
    const response = await t.call(user, 'GET', '/api/coach/recommendations');
    expect(response.statusCode, response.body).toBe(200);
    return recommendationsSchema.parse(response.json());
  };
  const expectError = (
    response: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
  ) => {
    expect(response.statusCode).toBe(status);
    const { error } = errorBodySchema.parse(response.json());
    expect(error.code).toBe(code);
    return error;
  };
  const badges = (user: TestUser) =>
    t.database.db.select().from(achievements).where(eq(achievements.userId, user.id));
  const badgeNotifications = async (user: TestUser) => {
    const response = await t.call(user, 'GET', '/api/notifications?type=achievement&limit=100');
    return notificationListSchema.parse(response.json()).notifications;
  };

  beforeAll(async () => {
    t = await startPlanningApp('2025-03-03T09:00:00.000Z');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the quick assessment starts with the focus areas and tone chosen in onboarding', async () => {
    const user = await t.user();
    await t.call(user, 'PUT', '/api/onboarding', {
      focusDomains: ['career', 'health'],
      coachTone: 'direct',
    });
    const draft = await start(user, 'quick');
    expect(draft).toMatchObject({
      kind: 'quick',
      status: 'in_progress',
      step: 0,
      answers: { focusDomains: ['career', 'health'], tone: 'direct' },
      completedAt: null,
    });
    // The enhanced one asks its own questions from the start.
    expect((await start(user, 'enhanced')).answers).toEqual({});
  });

  it('saves as the person goes and resumes at the saved step, after a reload', async () => {
    const user = await t.user();
    const draft = await start(user, 'enhanced');
    const first = await save(user, draft.id, { step: 1, answers: { ratings: enhanced.ratings } });
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advanceMinutes(3);
    await save(user, draft.id, {
      step: 3,
      answers: { health: enhanced.health, career: enhanced.career },
    });
    // Opening the page again resumes the same assessment, where it was left.
    const resumed = await start(user, 'enhanced', 200);
    expect(resumed).toMatchObject({
      id: draft.id,
      step: 3,
      answers: { ratings: enhanced.ratings, health: enhanced.health, career: enhanced.career },
      updatedAt: t.clock.now().toISOString(),
    });
    expect(await get(user, draft.id)).toEqual(resumed);
  });

  it.each([
    [
      'an answer out of range',
      { step: 4, answers: { weeklyHours: 100 } },
      'body.answers.weeklyHours',
    ],
    [
      'an unknown choice',
      { step: 2, answers: { biggestChallenge: 'money' } },
      'body.answers.biggestChallenge',
    ],
    [
      'a question of the other kind',
      { step: 1, answers: { ratings: enhanced.ratings } },
      'body.answers.ratings',
    ],
    ['an unknown question', { step: 1, answers: { favouriteColour: 'green' } }, 'body.answers'],
    ['a step past the last', { step: 5, answers: {} }, 'body.step'],
  ])('400 for %s, naming it, and nothing is written', async (_name, body, path) => {
    const user = await t.user();
    const draft = await start(user, 'quick');
    const error = expectError(await save(user, draft.id, body), 400, 'invalid_input');
    expect(error.message.startsWith(path), error.message).toBe(true);
    expect(await get(user, draft.id)).toEqual(draft);
  });

  it('completing with a question unanswered names its step and writes nothing', async () => {
    const user = await t.user();
    const draft = await start(user, 'quick');
    const { weeklyHours: _skipped, ...withoutHours } = quick;
    await save(user, draft.id, { step: 4, answers: withoutHours });
    const before = await get(user, draft.id);
    const error = expectError(await complete(user, draft.id), 400, 'invalid_input');
    expect(error.message).toMatch(/^Step 5 of 5 is not answered yet \(weeklyHours\)/);
    expect(await get(user, draft.id)).toEqual(before);
    expect(await badges(user)).toEqual([]);
    expect((await recommendations(user)).assessment).toBeNull();
  });

  it('completing ranks the coaches and awards "Self-assessment" once, whatever the retakes', async () => {
    const user = await t.user();
    const draft = await start(user, 'quick');
    await save(user, draft.id, {
      step: 2,
      answers: { focusDomains: quick.focusDomains, tone: quick.tone },
    });
    const response = await complete(user, draft.id, {
      answers: { biggestChallenge: 'energy', motivationStyle: 'progress', weeklyHours: 4 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const done = completedAssessmentSchema.parse(response.json());
    expect(done.assessment).toMatchObject({ status: 'completed', step: 4, answers: quick });
    expect(done.recommendations.recommendations[0]).toMatchObject({
      domain: 'health',
      rank: 1,
      reason: 'You chose Health as a focus and said your biggest challenge is energy.',
      suggestedTone: 'supportive',
    });
    expect(await recommendations(user)).toEqual(done.recommendations);
    expect((await badges(user)).map((b) => b.badge)).toEqual(['assessment_done']);
    expect((await badgeNotifications(user)).map((n) => n.title)).toEqual([
      'Achievement unlocked: Self-assessment',
    ]);
    // A finished assessment is not changed afterwards.
    expectError(await save(user, draft.id, { step: 0, answers: {} }), 409, 'conflict');
    expectError(await complete(user, draft.id), 409, 'conflict');

    // Retaking (the enhanced one this time): the latest counts; the badge is not awarded again.
    t.clock.advanceMinutes(10);
    const retake = await start(user, 'enhanced');
    expect(retake.id).not.toBe(draft.id);
    const second = await complete(user, retake.id, { answers: enhanced });
    expect(second.statusCode, second.body).toBe(200);
    const latest = await recommendations(user);
    expect(latest.assessment).toMatchObject({ id: retake.id, kind: 'enhanced' });
    expect(latest.recommendations[0]).toMatchObject({ domain: 'career', suggestedTone: 'direct' });
    expect(latest.recommendations[0]?.reason).toMatch(
      /^You rated Career 2\/10, said it matters a lot right now/,
    );
    // And a new quick one starts afresh rather than reopening the finished one.
    expect((await start(user, 'quick')).id).not.toBe(draft.id);
    expect(await badges(user)).toHaveLength(1);
    expect(await badgeNotifications(user)).toHaveLength(1);
  });

  it("another person's assessment is not found, whatever the call", async () => {
    const owner = await t.user();
    const other = await t.user();
    const draft = await start(owner, 'quick');
    expectError(await t.call(other, 'GET', `/api/coach/assessments/${draft.id}`), 404, 'not_found');
    expectError(
      await save(other, draft.id, { step: 1, answers: { tone: 'motivational' } }),
      404,
      'not_found',
    );
    expectError(await complete(other, draft.id, { answers: quick }), 404, 'not_found');
    const [row] = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, draft.id));
    expect(row).toMatchObject({ status: 'in_progress', answers: draft.answers });
    expect((await recommendations(other)).recommendations).toEqual([]);
  });

  it('no recommendations before a first completed assessment', async () => {
    const user = await t.user();
    await start(user, 'quick');
    expect(await recommendations(user)).toEqual({ assessment: null, recommendations: [] });
  });

  it('the team: add in a tone, change the tone in place, remove; each person has their own', async () => {
    const user = await t.user();
    const other = await t.user();
    const team = async (who: TestUser) =>
      teamSchema.parse((await t.call(who, 'GET', '/api/coach/team')).json()).coaches;
    const added = await t.call(user, 'POST', '/api/coach/team', {
      domain: 'health',
      tone: 'direct',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(teamMemberSchema.parse(added.json())).toMatchObject({
      domain: 'health',
      tone: 'direct',
    });
    t.clock.advanceMinutes(1);
    await t.call(user, 'POST', '/api/coach/team', { domain: 'career', tone: 'analytical' });
    await t.call(user, 'POST', '/api/coach/team', { domain: 'health', tone: 'motivational' });
    expect((await team(user)).map((c) => [c.domain, c.tone])).toEqual([
      ['health', 'motivational'],
      ['career', 'analytical'],
    ]);
    expect(await team(other)).toEqual([]);
    expectError(await t.call(other, 'DELETE', '/api/coach/team/health'), 404, 'not_found');
    expect(await team(user)).toHaveLength(2);
    const removed = await t.call(user, 'DELETE', '/api/coach/team/health');
    expect(removed.json()).toEqual({ removed: true });
    expect((await team(user)).map((c) => c.domain)).toEqual(['career']);
    expectError(
      await t.call(user, 'POST', '/api/coach/team', { domain: 'cooking', tone: 'direct' }),
      400,
      'invalid_input',
    );
    expectError(await t.call(user, 'DELETE', '/api/coach/team/cooking'), 400, 'invalid_input');
  });

  it('401 without a session', async () => {
    expectError(
      await t.call(null, 'POST', '/api/coach/assessments', { kind: 'quick' }),
      401,
      'unauthenticated',
    );
    expectError(await t.call(null, 'GET', '/api/coach/recommendations'), 401, 'unauthenticated');
    expectError(await t.call(null, 'GET', '/api/coach/team'), 401, 'unauthenticated');
  });
});
