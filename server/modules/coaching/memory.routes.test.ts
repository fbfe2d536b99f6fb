import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coachingPreferencesSchema,
  coachMemorySchema,
  crisisRefusalSchema,
  MEMORY_LIMIT,
  memoryListSchema,
} from '#contracts/coaching.ts';
import { coachingPreferences, coachMemories } from '#server/db/schema.ts';
import { expectError } from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';
import { startCoachingApp, type CoachingTestApp } from './test-support.ts';

describe('coach memory and coaching preferences', () => {
  let t: CoachingTestApp;

  beforeAll(async () => {
    t = await startCoachingApp('2025-03-03T09:00:00.000Z');
  });
  afterAll(async () => {
    await t?.close();
  });

  const remember = (user: TestUser, body: unknown) =>
    t.call(user, 'POST', '/api/coach/memories', body);
  const memories = async (user: TestUser) => {
    const response = await t.call(user, 'GET', '/api/coach/memories');
    expect(response.statusCode, response.body).toBe(200);
    return memoryListSchema.parse(response.json()).memories;
  };

  it('keeps, lists (newest first), edits and forgets what the person tells the coaches', async () => {
    const user = await t.user();
    const coach = await t.addCoach(user, 'ai-health');
    const first = await remember(user, { text: '  Prefers mornings  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(coachMemorySchema.parse(first.json())).toMatchObject({
      coachId: null,
      text: 'Prefers mornings',
      source: 'person',
      createdAt: '2025-03-03T09:00:00.000Z',
    });
    t.clock.advanceMinutes(1);
    const knee = coachMemorySchema.parse(
      (await remember(user, { text: 'Knee injury in March', coachId: coach.id })).json(),
    );
    expect(knee.coachId).toBe(coach.id);
    expect((await memories(user)).map((m) => m.text)).toEqual([
      'Knee injury in March',
      'Prefers mornings',
    ]);

    t.clock.advanceMinutes(1);
    const edited = await t.call(user, 'PATCH', `/api/coach/memories/${knee.id}`, {
      text: 'Knee injury in March, healed by May',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(coachMemorySchema.parse(edited.json())).toMatchObject({
      id: knee.id,
      text: 'Knee injury in March, healed by May',
      updatedAt: '2025-03-03T09:02:00.000Z',
    });

    const forgotten = await t.call(user, 'DELETE', `/api/coach/memories/${knee.id}`);
    expect(forgotten.statusCode).toBe(204);
    expect((await memories(user)).map((m) => m.text)).toEqual(['Prefers mornings']);
    expectError(await t.call(user, 'DELETE', `/api/coach/memories/${knee.id}`), 404, 'not_found');
  });

  it('refuses bad input with the field, and a coach that is not theirs with a 404', async () => {
    const user = await t.user();
    expect(expectError(await remember(user, { text: '   ' }), 400, 'invalid_input').message).toBe(
      'body.text: must not be empty',
    );
    expect(
      expectError(await remember(user, { text: 'x'.repeat(281) }), 400, 'invalid_input').message,
    ).toBe('body.text: must be at most 280 characters');
    expectError(await remember(user, { text: 'ok', source: 'coach' }), 400, 'invalid_input');
    expect(
      expectError(await remember(user, { text: 'ok', coachId: 'rowan' }), 400, 'invalid_input')
        .message,
    ).toMatch(/^body\.coachId: /);
    const other = await t.user();
    const theirs = await t.addCoach(other, 'ai-health');
    expectError(await remember(user, { text: 'ok', coachId: theirs.id }), 404, 'not_found');
    expectError(await remember(user, { text: 'ok', coachId: randomUUID() }), 404, 'not_found');
    expect(await memories(user)).toEqual([]);
  });

  it('keeps at most 50 memories a person: the 51st is a 409 that says what to do', async () => {
    const user = await t.user();
    await t.database.db.insert(coachMemories).values(
      Array.from({ length: MEMORY_LIMIT - 1 }, (_, i) => ({
        id: randomUUID(),
        userId: user.id,
        body: `fact ${i}`,
        source: 'person' as const,
        createdAt: new Date(Date.UTC(2025, 1, 1, 0, i)),
        updatedAt: new Date(Date.UTC(2025, 1, 1, 0, i)),
      })),
    );
    // Another person's memories do not count toward this person's limit.
    const other = await t.user();
    expect((await remember(other, { text: 'mine' })).statusCode).toBe(201);
    expect((await remember(user, { text: 'the fiftieth' })).statusCode).toBe(201);
    const full = expectError(await remember(user, { text: 'Likes long walks' }), 409, 'conflict');
    expect(full.message).toBe(
      'Your coaches already keep 50 memories, the most they can. Delete or edit one to make room.',
    );
    expect(await memories(user)).toHaveLength(MEMORY_LIMIT);
    // Editing at the limit is fine; forgetting one makes room.
    const [newest] = await memories(user);
    const edit = await t.call(user, 'PATCH', `/api/coach/memories/${newest?.id}`, {
      text: 'the fiftieth, edited',
    });
    expect(edit.statusCode).toBe(200);
    await t.call(user, 'DELETE', `/api/coach/memories/${newest?.id}`);
    expect((await remember(user, { text: 'room again' })).statusCode).toBe(201);
  });

  it('reads every memory with the crisis guard: a flagged one is never saved', async () => {
    const user = await t.user('America/Chicago');
    const crisis = await remember(user, { text: 'I have been cutting myself again' });
    expect(crisis.statusCode).toBe(422);
    const { crisis: help } = crisisRefusalSchema.parse(crisis.json());
    expect(help.category).toBe('self_harm');
    expect(help.resources[0]?.name).toBe('988 Suicide & Crisis Lifeline');
    expect(await memories(user)).toEqual([]);

    const kept = coachMemorySchema.parse(
      (await remember(user, { text: 'Runs on Sundays' })).json(),
    );
    const edited = await t.call(user, 'PATCH', `/api/coach/memories/${kept.id}`, {
      text: 'I want to end my life',
    });
    expect(edited.statusCode).toBe(422);
    expect(crisisRefusalSchema.parse(edited.json()).crisis.category).toBe('suicide');
    const [row] = await t.database.db
      .select()
      .from(coachMemories)
      .where(eq(coachMemories.id, kept.id));
    expect(row?.body).toBe('Runs on Sundays');
  });

  it('answers another person’s memory with a 404 on every route, and leaves it alone', async () => {
    const owner = await t.user();
    const memory = coachMemorySchema.parse((await remember(owner, { text: 'Likes tea' })).json());
    const stranger = await t.user();
    const url = `/api/coach/memories/${memory.id}`;
    const edit = await t.call(stranger, 'PATCH', url, { text: 'Likes coffee' });
    expect(expectError(edit, 404, 'not_found').message).toBe('You have no memory with this id.');
    expectError(await t.call(stranger, 'DELETE', url), 404, 'not_found');
    expect(await memories(stranger)).toEqual([]);
    expect((await memories(owner)).map((m) => m.text)).toEqual(['Likes tea']);
    expectError(await t.call(stranger, 'DELETE', '/api/coach/memories/tea'), 400, 'invalid_input');
  });

  it('has proactive check-ins on by default, and turns them off and on', async () => {
    const user = await t.user();
    const get = async () => {
      const response = await t.call(user, 'GET', '/api/coach/preferences');
      expect(response.statusCode).toBe(200);
      return coachingPreferencesSchema.parse(response.json());
    };
    expect(await get()).toEqual({ checkIns: true });
    const off = await t.call(user, 'PUT', '/api/coach/preferences', { checkIns: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ checkIns: false });
    expect(await get()).toEqual({ checkIns: false });
    // Another person's setting is their own.
    const other = await t.user();
    const theirs = await t.call(other, 'GET', '/api/coach/preferences');
    expect(theirs.json()).toEqual({ checkIns: true });

    // Ignored check-ins no longer count once the person turns them back on.
    await t.database.db
      .update(coachingPreferences)
      .set({ checkInsIgnored: 3 })
      .where(eq(coachingPreferences.userId, user.id));
    await t.call(user, 'PUT', '/api/coach/preferences', { checkIns: true });
    const [row] = await t.database.db
      .select()
      .from(coachingPreferences)
      .where(eq(coachingPreferences.userId, user.id));
    expect(row).toMatchObject({ checkIns: true, checkInsIgnored: 0 });

    expect(
      expectError(
        await t.call(user, 'PUT', '/api/coach/preferences', { checkIns: 'yes' }),
        400,
        'invalid_input',
      ).message,
    ).toMatch(/^body\.checkIns: /);
    expectError(await t.call(user, 'PUT', '/api/coach/preferences', {}), 400, 'invalid_input');
    expect((await t.call(null, 'GET', '/api/coach/preferences')).statusCode).toBe(401);
  });
});
