import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueSchema,
  crisisRefusalSchema,
  DEFAULT_PERSONALITY,
  previewSchema,
  userCoachListSchema,
  userCoachSchema,
  type UserCoach,
} from '#contracts/coaching.ts';
import { coachMessages, coachThreads, userCoaches } from '#server/db/schema.ts';
import { expectError } from '#server/modules/goals/test-support.ts';
import { previewOffline } from '#server/ai/offline/conversation/check-in.ts';
import { startCoachingApp, testConversation, type CoachingTestApp } from './test-support.ts';

const CRISIS_NOTE = 'Remind me that I want to kill myself.';
const personality = {
  traits: { warmth: 5, directness: 2, humour: 4, formality: 1, challenge: 3 },
  replyLength: 'short',
  personaNote: 'Call me Sam. No sports metaphors.',
};

describe('own coaches', () => {
  let t: CoachingTestApp;
  const conversation = testConversation();

  beforeAll(async () => {
    t = await startCoachingApp('2025-03-03T09:00:00.000Z', {
      conversation: conversation.gateway,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = async (id: string) => {
    const [row] = await t.database.db.select().from(userCoaches).where(eq(userCoaches.id, id));
    return row;
  };

  it('lists the catalogue: one AI coach per domain', async () => {
    const user = await t.user();
    const response = await t.call(user, 'GET', '/api/coach/catalogue');
    expect(response.statusCode).toBe(200);
    const { coaches } = catalogueSchema.parse(response.json());
    expect(coaches.map((coach) => [coach.id, coach.name])).toEqual([
      ['ai-health', 'Rowan'],
      ['ai-career', 'Harper'],
      ['ai-relationships', 'Sage'],
      ['ai-personal-development', 'Quinn'],
    ]);
    expect((await t.call(null, 'GET', '/api/coach/catalogue')).statusCode).toBe(401);
    expect((await t.call(null, 'GET', '/api/coach/coaches')).statusCode).toBe(401);
  });

  it('describes every own-coaching route and /api/history in the API docs', async () => {
    const docs = await t.call(null, 'GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/coach/catalogue',
        '/api/coach/coaches/{id}/personality',
        '/api/coach/team-order',
        '/api/coach/memories/{id}',
        '/api/coach/reflections',
        '/api/coach/consultations',
        '/api/coach/preferences',
        '/api/history',
      ]),
    );
  });

  it('creates a copy of a catalogue coach once: 201, then 200 with the same coach', async () => {
    const user = await t.user();
    expect(await t.coaches(user)).toEqual([]);
    const created = await t.call(user, 'POST', '/api/coach/coaches', { catalogueId: 'ai-career' });
    expect(created.statusCode, created.body).toBe(201);
    const coach = userCoachSchema.parse(created.json());
    expect(coach).toMatchObject({
      catalogueId: 'ai-career',
      kind: 'ai',
      domain: 'career',
      name: 'Harper',
      tone: 'supportive',
      personality: DEFAULT_PERSONALITY,
      teamPosition: 1,
      addedAt: '2025-03-03T09:00:00.000Z',
      lastMessageAt: null,
      unread: 0,
    });
    const again = await t.call(user, 'POST', '/api/coach/coaches', {
      catalogueId: 'ai-career',
      tone: 'direct',
    });
    expect(again.statusCode).toBe(200);
    // The one they have, as it is: asking again does not change its tone.
    expect(userCoachSchema.parse(again.json())).toEqual(coach);
    expect(await t.coaches(user)).toEqual([coach]);
  });

  it('answers an unknown catalogue coach with a 404 that names the choices, bad input with 400', async () => {
    const user = await t.user();
    const unknown = expectError(
      await t.call(user, 'POST', '/api/coach/coaches', { catalogueId: 'ai-astrology' }),
      404,
      'not_found',
    );
    expect(unknown.message).toMatch(/no coach "ai-astrology".*ai-health/);
    const shouting = expectError(
      await t.call(user, 'POST', '/api/coach/coaches', { catalogueId: 'AI Health' }),
      400,
      'invalid_input',
    );
    expect(shouting.message).toMatch(/^body\.catalogueId: must be a coach id from the catalogue/);
    const tone = expectError(
      await t.call(user, 'POST', '/api/coach/coaches', {
        catalogueId: 'ai-health',
        tone: 'playful',
      }),
      400,
      'invalid_input',
    );
    expect(tone.message).toMatch(/^body\.tone: must be one of supportive, direct/);
    expectError(
      await t.call(user, 'POST', '/api/coach/coaches', { catalogueId: 'ai-health', extra: 1 }),
      400,
      'invalid_input',
    );
    expect(await t.coaches(user)).toEqual([]);
  });

  it('takes the onboarding tone, and puts a coach off the team back on when it is added again', async () => {
    const user = await t.user();
    await t.call(user, 'PUT', '/api/onboarding', { coachTone: 'analytical' });
    const health = await t.addCoach(user, 'ai-health', { addToTeam: false });
    expect(health).toMatchObject({ tone: 'analytical', teamPosition: null });
    const career = await t.addCoach(user, 'ai-career', { tone: 'mindful' });
    expect(career).toMatchObject({ tone: 'mindful', teamPosition: 1 });
    const back = await t.call(user, 'POST', '/api/coach/coaches', { catalogueId: 'ai-health' });
    expect(back.statusCode).toBe(200);
    expect(userCoachSchema.parse(back.json())).toMatchObject({ id: health.id, teamPosition: 2 });
  });

  it('lists the team first in its order, then the others, with each thread’s last message and unread count', async () => {
    const user = await t.user();
    const quinn = await t.addCoach(user, 'ai-personal-development', { addToTeam: false });
    t.clock.advanceMinutes(1);
    const rowan = await t.addCoach(user, 'ai-health');
    t.clock.advanceMinutes(1);
    const sage = await t.addCoach(user, 'ai-relationships');
    // A conversation with Sage: two coach messages after the person last read the thread.
    const threadId = randomUUID();
    const at = (minute: number) => new Date(Date.UTC(2025, 2, 3, 10, minute));
    await t.database.db.insert(coachThreads).values({
      id: threadId,
      userId: user.id,
      userCoachId: sage.id,
      createdAt: at(0),
      lastMessageAt: at(3),
      readAt: at(1),
    });
    await t.database.db.insert(coachMessages).values(
      (
        [
          ['coach', 0],
          ['person', 1],
          ['coach', 2],
          ['coach', 3],
        ] as const
      ).map(([author, minute]) => ({
        id: randomUUID(),
        threadId,
        userId: user.id,
        author,
        kind: 'chat' as const,
        state: 'complete' as const,
        body: 'hello',
        createdAt: at(minute),
      })),
    );
    const coaches = await t.coaches(user);
    expect(coaches.map((coach) => [coach.name, coach.teamPosition])).toEqual([
      ['Rowan', 1],
      ['Sage', 2],
      ['Quinn', null],
    ]);
    expect(coaches[1]).toMatchObject({ lastMessageAt: at(3).toISOString(), unread: 2 });
    expect(coaches[0]).toMatchObject({ id: rowan.id, lastMessageAt: null, unread: 0 });
    expect(coaches[2]?.id).toBe(quinn.id);
  });

  it('renames and changes the tone, and resets to the catalogue name and the onboarding tone', async () => {
    const user = await t.user();
    const coach = await t.addCoach(user, 'ai-health', { tone: 'motivational' });
    const patch = (body: unknown) => t.call(user, 'PATCH', `/api/coach/coaches/${coach.id}`, body);

    const renamed = await patch({ name: '  Coach Robin  ', tone: 'direct' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(userCoachSchema.parse(renamed.json())).toMatchObject({
      name: 'Coach Robin',
      tone: 'direct',
    });
    expect((await stored(coach.id))?.name).toBe('Coach Robin');

    expect(expectError(await patch({ name: '   ' }), 400, 'invalid_input').message).toBe(
      'body.name: must not be empty',
    );
    expect(expectError(await patch({ name: 'x'.repeat(41) }), 400, 'invalid_input').message).toBe(
      'body.name: must be at most 40 characters',
    );
    expectError(await patch({}), 400, 'invalid_input');
    expectError(await patch({ reset: false }), 400, 'invalid_input');

    // No tone chosen in onboarding: supportive.
    const reset = await patch({ reset: true });
    expect(reset.statusCode).toBe(200);
    expect(userCoachSchema.parse(reset.json())).toMatchObject({
      name: 'Rowan',
      tone: 'supportive',
    });

    await t.call(user, 'PUT', '/api/onboarding', { coachTone: 'mindful' });
    await patch({ name: 'R', tone: 'direct' });
    const resetAgain = userCoachSchema.parse((await patch({ reset: true })).json());
    expect(resetAgain).toMatchObject({ name: 'Rowan', tone: 'mindful' });
  });

  it('sets and resets the personality; a persona note the crisis guard flags saves nothing', async () => {
    const user = await t.user('Europe/London');
    const coach = await t.addCoach(user, 'ai-career');
    const put = (body: unknown) =>
      t.call(user, 'PUT', `/api/coach/coaches/${coach.id}/personality`, body);

    const saved = await put(personality);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(userCoachSchema.parse(saved.json()).personality).toEqual(personality);

    const crisis = await put({ ...personality, personaNote: CRISIS_NOTE });
    expect(crisis.statusCode).toBe(422);
    const refusal = crisisRefusalSchema.parse(crisis.json());
    expect(refusal.crisis.category).toBe('suicide');
    // help for the person's region (their zone is London)
    expect(refusal.crisis.resources[0]?.name).toBe('Samaritans');
    expect((await stored(coach.id))?.personality).toEqual(personality);

    const note = expectError(
      await put({ ...personality, personaNote: 'x'.repeat(501) }),
      400,
      'invalid_input',
    );
    expect(note.message).toBe('body.personaNote: must be at most 500 characters');
    const trait = expectError(
      await put({ ...personality, traits: { ...personality.traits, warmth: 6 } }),
      400,
      'invalid_input',
    );
    expect(trait.message).toBe('body.traits.warmth: must be from 1 to 5');
    expectError(await put({ ...personality, replyLength: 'endless' }), 400, 'invalid_input');

    // An empty note is no note.
    const blank = await put({ ...personality, personaNote: '  ' });
    expect(userCoachSchema.parse(blank.json()).personality.personaNote).toBeNull();

    const reset = await put({ reset: true });
    expect(userCoachSchema.parse(reset.json()).personality).toEqual(DEFAULT_PERSONALITY);
  });

  it('previews a reply in a tone and personality not yet saved', async () => {
    const user = await t.user();
    const coach = await t.addCoach(user, 'ai-health');
    const preview = async (body: Record<string, unknown>) => {
      const response = await t.call(user, 'POST', `/api/coach/coaches/${coach.id}/preview`, body);
      return response;
    };
    const direct = await preview({ tone: 'direct', ...personality });
    expect(direct.statusCode, direct.body).toBe(200);
    const text = previewSchema.parse(direct.json()).text;
    // The coach as it would be saved, speaking from the person's own figures.
    const asked = conversation.given.preview.at(-1);
    expect(asked?.coach).toEqual({
      id: coach.id,
      name: 'Rowan',
      domain: 'health',
      tone: 'direct',
      personality,
    });
    expect(asked?.facts).toMatchObject({ today: '2025-03-03', timeZone: 'UTC', goals: [] });
    expect(text).toBe(asked && previewOffline(asked));
    // Another tone reads differently.
    const mindful = previewSchema.parse(
      (await preview({ tone: 'mindful', ...personality })).json(),
    );
    expect(mindful.text).not.toBe(text);
    // Nothing is saved by a preview.
    expect((await stored(coach.id))?.tone).toBe('supportive');

    const before = conversation.given.preview.length;
    const crisis = await preview({ tone: 'direct', ...personality, personaNote: CRISIS_NOTE });
    expect(crisis.statusCode).toBe(422);
    expect(crisisRefusalSchema.parse(crisis.json()).crisis.kind).toBe('crisis');
    expect(conversation.given.preview.length).toBe(before);
    expectError(await preview({ tone: 'cheerful', ...personality }), 400, 'invalid_input');
  });

  it('orders the team: every coach on it once, or a 400 naming the problem', async () => {
    const user = await t.user();
    const rowan = await t.addCoach(user, 'ai-health');
    const harper = await t.addCoach(user, 'ai-career');
    const sage = await t.addCoach(user, 'ai-relationships');
    const quinn = await t.addCoach(user, 'ai-personal-development', { addToTeam: false });
    const order = (coachIds: unknown) => t.call(user, 'PUT', '/api/coach/team-order', { coachIds });

    const ordered = await order([sage.id, rowan.id, harper.id]);
    expect(ordered.statusCode, ordered.body).toBe(200);
    const names = (coaches: UserCoach[]) => coaches.map((c) => [c.name, c.teamPosition]);
    expect(names(userCoachListSchema.parse(ordered.json()).coaches)).toEqual([
      ['Sage', 1],
      ['Rowan', 2],
      ['Harper', 3],
      ['Quinn', null],
    ]);

    const missing = expectError(await order([sage.id, rowan.id]), 400, 'invalid_input');
    expect(missing.message).toBe(
      'body.coachIds: leaves out 1 of the 3 coaches on your team: list every one once',
    );
    const offTeam = expectError(
      await order([sage.id, rowan.id, harper.id, quinn.id]),
      400,
      'invalid_input',
    );
    expect(offTeam.message).toBe('body.coachIds.3: is not a coach on your team');
    const twice = expectError(await order([sage.id, sage.id, rowan.id]), 400, 'invalid_input');
    expect(twice.message).toBe('body.coachIds: must not list a coach twice');
    expect(expectError(await order(['rowan']), 400, 'invalid_input').message).toBe(
      'body.coachIds.0: must be coach ids (UUIDs)',
    );
    // Another person's coach is not on this team either.
    const other = await t.user();
    const theirs = await t.addCoach(other, 'ai-health');
    expectError(await order([sage.id, rowan.id, theirs.id]), 400, 'invalid_input');
    // Nothing changed by the refused orders.
    expect(names(await t.coaches(user))).toEqual([
      ['Sage', 1],
      ['Rowan', 2],
      ['Harper', 3],
      ['Quinn', null],
    ]);
    expect(names(await t.coaches(other))).toEqual([['Rowan', 1]]);
  });

  it('keeps ADR 029’s team routes on the same rows', async () => {
    const user = await t.user();
    const added = await t.call(user, 'POST', '/api/coach/team', {
      domain: 'career',
      tone: 'direct',
    });
    expect(added.statusCode, added.body).toBe(200);
    await t.addCoach(user, 'ai-health');
    const [harper, rowan] = await t.coaches(user);
    expect(harper).toMatchObject({ name: 'Harper', tone: 'direct', teamPosition: 1 });
    expect(rowan).toMatchObject({ name: 'Rowan', teamPosition: 2 });

    // Taking the first off the team closes the gap in the places the person sees.
    expect((await t.call(user, 'DELETE', '/api/coach/team/career')).statusCode).toBe(200);
    const after = await t.coaches(user);
    expect(after.map((c) => [c.name, c.teamPosition])).toEqual([
      ['Rowan', 1],
      ['Harper', null],
    ]);
    const team = await t.call(user, 'GET', '/api/coach/team');
    expect(team.json()).toMatchObject({ coaches: [{ domain: 'health' }] });
    // A renamed coach keeps its name when the team route changes its tone.
    await t.call(user, 'PATCH', `/api/coach/coaches/${rowan?.id}`, { name: 'Ro' });
    await t.call(user, 'POST', '/api/coach/team', { domain: 'health', tone: 'mindful' });
    expect((await t.coaches(user))[0]).toMatchObject({ name: 'Ro', tone: 'mindful' });
  });

  it('answers another person’s coach id with a 404 on every route', async () => {
    const owner = await t.user();
    const coach = await t.addCoach(owner, 'ai-health');
    const stranger = await t.user();
    const url = `/api/coach/coaches/${coach.id}`;
    for (const [method, path, body] of [
      ['PATCH', url, { name: 'Mine now' }],
      ['PATCH', url, { reset: true }],
      ['PUT', `${url}/personality`, personality],
      ['PUT', `${url}/personality`, { reset: true }],
      ['POST', `${url}/preview`, { tone: 'direct', ...personality }],
    ] as const) {
      const response = await t.call(stranger, method, path, body);
      expect(expectError(response, 404, 'not_found').message).toBe(
        'You have no coach with this id.',
      );
    }
    expectError(
      await t.call(stranger, 'PATCH', '/api/coach/coaches/nope', { name: 'x' }),
      400,
      'invalid_input',
    );
    expect(await stored(coach.id)).toMatchObject({
      name: 'Rowan',
      personality: DEFAULT_PERSONALITY,
    });
  });

  it('creates the focus areas’ coaches in the chosen tone when onboarding completes', async () => {
    const user = await t.user();
    await t.call(user, 'PUT', '/api/onboarding', {
      focusDomains: ['career', 'health'],
      coachTone: 'mindful',
    });
    // Not before it is completed.
    expect(await t.coaches(user)).toEqual([]);
    const done = await t.call(user, 'PUT', '/api/onboarding', { finish: 'complete' });
    expect(done.statusCode, done.body).toBe(200);
    const coaches = await t.coaches(user);
    expect(coaches.map((c) => [c.name, c.tone, c.teamPosition])).toEqual([
      ['Harper', 'mindful', 1],
      ['Rowan', 'mindful', 2],
    ]);
    // Completing again changes nothing.
    await t.call(user, 'PUT', '/api/onboarding', {
      finish: 'complete',
      focusDomains: ['relationships'],
    });
    expect(await t.coaches(user)).toHaveLength(2);
  });

  it('leaves the coaches of a person who already has some, and seeds nothing on a skip', async () => {
    const chose = await t.user();
    await t.addCoach(chose, 'ai-relationships');
    await t.call(chose, 'PUT', '/api/onboarding', {
      focusDomains: ['health'],
      coachTone: 'direct',
      finish: 'complete',
    });
    expect((await t.coaches(chose)).map((c) => c.name)).toEqual(['Sage']);

    const skipped = await t.user();
    await t.call(skipped, 'PUT', '/api/onboarding', { focusDomains: ['health'], finish: 'skip' });
    expect(await t.coaches(skipped)).toEqual([]);
  });
});
