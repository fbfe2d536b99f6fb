import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientGoalsSchema,
  clientListSchema,
  clientSummarySchema,
  inviteSchema,
  linkOverviewSchema,
  shareListSchema,
  shareResultSchema,
  type Share,
} from '#contracts/coach-links.ts';
import { coachMessageSchema, messagePageSchema, userCoachListSchema } from '#contracts/coaching.ts';
import type { ServerEvent } from '#contracts/events.ts';
import { notificationListSchema } from '#contracts/notifications.ts';
import { createGoal, expectError } from '#server/modules/goals/test-support.ts';
import { startCoachingApp, type CoachingTestApp } from '#server/modules/coaching/test-support.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

// Sharing with a human coach (ADR 035) through the whole app: the person shares by email or
// invite code, the coach reads only within the shared scopes of a live share, and anything else
// (no share, a revoked one, a scope not shared) is the same 404 on every coach route.

const START = '2025-03-03T09:00:00.000Z';

/** Every coach route of one client, each with the scope it needs (null: any live share). */
const clientRoutes = (clientId: string) =>
  [
    ['GET', `/api/coach-area/clients/${clientId}`, null],
    ['GET', `/api/coach-area/clients/${clientId}/goals`, 'goals'],
    ['GET', `/api/coach-area/clients/${clientId}/tasks`, 'tasks'],
    ['GET', `/api/coach-area/clients/${clientId}/reflections`, 'reflections'],
    ['GET', `/api/coach-area/clients/${clientId}/analytics`, 'analytics'],
    ['GET', `/api/coach-area/clients/${clientId}/messages`, null],
    ['POST', `/api/coach-area/clients/${clientId}/messages`, null],
    ['GET', `/api/coach-area/clients/${clientId}/note`, null],
    ['PUT', `/api/coach-area/clients/${clientId}/note`, null],
  ] as const;

function bodyFor(method: string, url: string): Record<string, unknown> | undefined {
  if (method === 'POST') return { text: 'Hello' };
  if (method === 'PUT' && url.endsWith('/note')) return { text: 'A note' };
  return undefined;
}

describe('sharing with a human coach', () => {
  let t: CoachingTestApp;
  let admin: TestUser;
  let coach: TestUser;
  let otherCoach: TestUser;
  let person: TestUser;
  let plain: TestUser;

  beforeAll(async () => {
    t = await startCoachingApp(START);
    // The first account of a fresh database is the admin.
    admin = await signUpTestUser(t.app, { role: 'admin' });
    coach = await signUpTestUser(t.app, { role: 'coach' });
    otherCoach = await signUpTestUser(t.app, { role: 'coach' });
    person = await t.user();
    plain = await t.user();
  });
  afterAll(async () => {
    await t?.close();
  });

  const share = async (user: TestUser, body: Record<string, unknown>): Promise<Share> => {
    const response = await t.call(user, 'POST', '/api/coach-links', body);
    expect(response.statusCode, response.body).toBe(201);
    return shareResultSchema.parse(response.json()).share;
  };
  const shares = async (user: TestUser) => {
    const response = await t.call(user, 'GET', '/api/coach-links');
    expect(response.statusCode, response.body).toBe(200);
    return shareListSchema.parse(response.json());
  };
  const status = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string) =>
    (await t.call(user, method, url, bodyFor(method, url))).statusCode;

  it('answers an unknown email and a plain user’s email alike, and refuses bad input with a reason', async () => {
    const unknown = expectError(
      await t.call(person, 'POST', '/api/coach-links', {
        email: 'nobody@example.com',
        scopes: ['goals'],
      }),
      404,
      'not_found',
    );
    const notCoach = expectError(
      await t.call(person, 'POST', '/api/coach-links', { email: plain.email, scopes: ['goals'] }),
      404,
      'not_found',
    );
    expect(notCoach.message).toBe(unknown.message);

    const noScopes = expectError(
      await t.call(person, 'POST', '/api/coach-links', { email: coach.email, scopes: [] }),
      400,
      'invalid_input',
    );
    expect(noScopes.message).toContain('choose at least one thing to share');
    const badScope = expectError(
      await t.call(person, 'POST', '/api/coach-links', { email: coach.email, scopes: ['diary'] }),
      400,
      'invalid_input',
    );
    expect(badScope.message).toContain('must be one of goals, tasks, reflections, analytics');
    const neither = expectError(
      await t.call(person, 'POST', '/api/coach-links', { scopes: ['goals'] }),
      400,
      'invalid_input',
    );
    expect(neither.message).toContain('either the coach’s email or their invite code');
    const badCode = expectError(
      await t.call(person, 'POST', '/api/coach-links', { code: 'abc', scopes: ['goals'] }),
      400,
      'invalid_input',
    );
    expect(badCode.message).toContain('8-character code');
    expectError(
      await t.call(coach, 'POST', '/api/coach-links', { email: coach.email, scopes: ['goals'] }),
      400,
      'invalid_input',
    );
    expect((await t.call(null, 'GET', '/api/coach-links')).statusCode).toBe(401);
    expect((await shares(person)).shares).toEqual([]);
  });

  it('gives a plain user 403 on the coach area and an admin-only overview to admins only', async () => {
    for (const url of ['/api/coach-area/clients', '/api/coach-area/invite']) {
      expectError(await t.call(plain, 'GET', url), 403, 'forbidden');
    }
    for (const [method, url] of clientRoutes(person.id)) {
      expect(await status(plain, method, url), `${method} ${url}`).toBe(403);
    }
    expectError(await t.call(coach, 'GET', '/api/coach-area/links'), 403, 'forbidden');
    expect((await t.call(null, 'GET', '/api/coach-area/clients')).statusCode).toBe(401);
    expectError(
      await t.call(coach, 'GET', '/api/coach-area/clients/not-a-uuid'),
      400,
      'invalid_input',
    );
  });

  it('shares by email within chosen scopes: the coach reads those, and 404 outside them', async () => {
    for (const [method, url] of clientRoutes(person.id)) {
      expect(await status(coach, method, url), `no share: ${method} ${url}`).toBe(404);
    }
    await createGoal(t, person, { goal: { title: 'Run a 10k' } });
    const live: ServerEvent[] = [];
    const unsubscribe = await t.app.events.subscribe(coach.id, (event) => live.push(event));
    const shared = await share(person, { email: coach.email.toUpperCase(), scopes: ['goals'] });
    expect(shared.scopes).toEqual(['goals']);
    expectError(
      await t.call(person, 'POST', '/api/coach-links', { email: coach.email, scopes: ['tasks'] }),
      409,
      'conflict',
    );

    // The coach joins the person's coaches as a human coach, off the AI team.
    const own = userCoachListSchema.parse(
      (await t.call(person, 'GET', '/api/coach/coaches')).json(),
    );
    const human = own.coaches.find((c) => c.id === shared.coachId);
    expect(human).toMatchObject({ kind: 'human', teamPosition: null });

    const list = clientListSchema.parse(
      (await t.call(coach, 'GET', '/api/coach-area/clients')).json(),
    );
    expect(list.clients).toHaveLength(1);
    expect(list.clients[0]).toMatchObject({
      client: { id: person.id, email: person.email },
      scopes: ['goals'],
      goalsAtRisk: 0,
      // Not shared: no figures at all.
      topThreeRate: null,
      streak: null,
    });
    for (const [method, url, scope] of clientRoutes(person.id)) {
      const expected = scope === null || scope === 'goals' ? [200, 201] : [404];
      expect(expected, `${method} ${url}`).toContain(await status(coach, method, url));
    }
    const goals = clientGoalsSchema.parse(
      (await t.call(coach, 'GET', `/api/coach-area/clients/${person.id}/goals`)).json(),
    );
    expect(goals.goals.map((g) => g.goal.title)).toEqual(['Run a 10k']);
    // Another coach, and the admin, have no share with this person.
    for (const [method, url] of clientRoutes(person.id)) {
      expect(await status(otherCoach, method, url), `${method} ${url}`).toBe(404);
      expect(await status(admin, method, url), `${method} ${url}`).toBe(404);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    unsubscribe();
    expect(live).toContainEqual({
      type: 'coach-area.client',
      data: { clientId: person.id, change: 'shared' },
    });
  });

  it('changes scopes at once, and records every change for the person to see', async () => {
    const [current] = (await shares(person)).shares;
    expect(current).toBeDefined();
    const id = current?.id ?? '';
    expectError(
      await t.call(person, 'PATCH', `/api/coach-links/${id}`, { scopes: ['goals', 'goals'] }),
      400,
      'invalid_input',
    );
    // Another person's share is not theirs to change.
    expectError(
      await t.call(plain, 'PATCH', `/api/coach-links/${id}`, { scopes: ['tasks'] }),
      404,
      'not_found',
    );
    const changed = await t.call(person, 'PATCH', `/api/coach-links/${id}`, {
      scopes: ['analytics', 'tasks'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(shareResultSchema.parse(changed.json()).share.scopes).toEqual(['tasks', 'analytics']);
    expect(await status(coach, 'GET', `/api/coach-area/clients/${person.id}/goals`)).toBe(404);
    expect(await status(coach, 'GET', `/api/coach-area/clients/${person.id}/tasks`)).toBe(200);
    expect(await status(coach, 'GET', `/api/coach-area/clients/${person.id}/analytics`)).toBe(200);
    const one = await t.call(coach, 'GET', `/api/coach-area/clients/${person.id}`);
    expect(one.statusCode, one.body).toBe(200);
    const summary = clientSummarySchema.parse(one.json());
    expect(summary).toMatchObject({ goalsAtRisk: null, streak: 0 });

    const { activity } = await shares(person);
    expect(activity.map((entry) => [entry.action, entry.scopes])).toEqual([
      ['coach_share.scopes_changed', ['tasks', 'analytics']],
      ['coach_share.created', ['goals']],
    ]);
    expect(activity[0]?.coach).toBe(coach.email);
  });

  it('carries messages both ways in the one thread, with a notification and no AI reply', async () => {
    const [current] = (await shares(person)).shares;
    const coachId = current?.coachId ?? '';
    expectError(
      await t.call(coach, 'POST', `/api/coach-area/clients/${person.id}/messages`, { text: ' ' }),
      400,
      'invalid_input',
    );
    const sent = await t.call(coach, 'POST', `/api/coach-area/clients/${person.id}/messages`, {
      text: 'How did the run go?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(coachMessageSchema.parse(sent.json())).toMatchObject({
      author: 'coach',
      coachId,
      engine: null,
    });
    const notifications = notificationListSchema.parse(
      (await t.call(person, 'GET', '/api/notifications')).json(),
    );
    expect(
      notifications.notifications.find((n) => n.message === 'How did the run go?'),
    ).toMatchObject({
      type: 'coach_message',
      coach_id: coachId,
      message: 'How did the run go?',
    });

    const live: ServerEvent[] = [];
    const unsubscribe = await t.app.events.subscribe(coach.id, (event) => live.push(event));
    const reply = await t.call(person, 'POST', `/api/coach/coaches/${coachId}/messages`, {
      text: 'It went well, 5 km!',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.body).toContain('event: message');
    expect(reply.body).toContain('event: done');
    expect(reply.body).not.toContain('event: start');
    const page = messagePageSchema.parse(
      (await t.call(coach, 'GET', `/api/coach-area/clients/${person.id}/messages`)).json(),
    );
    expect(page.messages.map((m) => [m.author, m.text])).toEqual([
      ['coach', 'Hello'],
      ['coach', 'How did the run go?'],
      ['person', 'It went well, 5 km!'],
    ]);
    const list = clientListSchema.parse(
      (await t.call(coach, 'GET', '/api/coach-area/clients')).json(),
    );
    expect(list.clients[0]?.unanswered).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    unsubscribe();
    expect(live).toContainEqual({
      type: 'coach-area.client',
      data: { clientId: person.id, change: 'message' },
    });

    // No engine answers a reflection in the human coach's name.
    const reflection = await t.call(person, 'POST', '/api/coach/reflections', {
      period: 'daily',
      text: 'A good day: two of three done.',
      coachId,
    });
    expect(expectError(reflection, 400, 'invalid_input').message).toMatch(/answers in person/);

    // Crisis words get the help response, as with an AI coach.
    const crisis = await t.call(person, 'POST', `/api/coach/coaches/${coachId}/messages`, {
      text: 'I want to kill myself.',
    });
    expect(crisis.body).toContain('event: crisis');
  });

  it('keeps the coach’s notes private to that coach', async () => {
    const saved = await t.call(coach, 'PUT', `/api/coach-area/clients/${person.id}/note`, {
      text: 'Prefers morning check-ins.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const note = await t.call(coach, 'GET', `/api/coach-area/clients/${person.id}/note`);
    expect(note.json()).toMatchObject({ text: 'Prefers morning check-ins.' });
    expectError(
      await t.call(coach, 'PUT', `/api/coach-area/clients/${person.id}/note`, {
        text: 'x'.repeat(5001),
      }),
      400,
      'invalid_input',
    );
    expect(await status(otherCoach, 'GET', `/api/coach-area/clients/${person.id}/note`)).toBe(404);
  });

  it('revokes at once: every coach route is a 404, the coach hears of it, the thread is closed', async () => {
    const [current] = (await shares(person)).shares;
    const id = current?.id ?? '';
    expect((await t.call(plain, 'DELETE', `/api/coach-links/${id}`)).statusCode).toBe(404);
    const live: ServerEvent[] = [];
    const unsubscribe = await t.app.events.subscribe(coach.id, (event) => live.push(event));
    expect((await t.call(person, 'DELETE', `/api/coach-links/${id}`)).statusCode).toBe(204);
    for (const [method, url] of clientRoutes(person.id)) {
      expect(await status(coach, method, url), `revoked: ${method} ${url}`).toBe(404);
    }
    const list = clientListSchema.parse(
      (await t.call(coach, 'GET', '/api/coach-area/clients')).json(),
    );
    expect(list.clients).toEqual([]);
    expect((await t.call(person, 'DELETE', `/api/coach-links/${id}`)).statusCode).toBe(404);
    expectError(
      await t.call(person, 'POST', `/api/coach/coaches/${current?.coachId}/messages`, {
        text: 'Are you there?',
      }),
      409,
      'conflict',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    unsubscribe();
    expect(live).toContainEqual({
      type: 'coach-area.client',
      data: { clientId: person.id, change: 'revoked' },
    });
    const { shares: left, activity } = await shares(person);
    expect(left).toEqual([]);
    expect(activity[0]?.action).toBe('coach_share.revoked');
  });

  it('shares again by invite code into the same thread; admins see every link', async () => {
    const invite = inviteSchema.parse(
      (await t.call(coach, 'GET', '/api/coach-area/invite')).json(),
    );
    expect(invite.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const again = inviteSchema.parse((await t.call(coach, 'GET', '/api/coach-area/invite')).json());
    expect(again.code).toBe(invite.code);
    expectError(
      await t.call(person, 'POST', '/api/coach-links', { code: 'ZZZZ2222', scopes: ['goals'] }),
      404,
      'not_found',
    );
    const before = (await shares(person)).activity;
    const spaced = `${invite.code.slice(0, 4).toLowerCase()} ${invite.code.slice(4)}`;
    const shared = await share(person, { code: spaced, scopes: ['reflections'] });
    expect(shared.coach.email).toBe(coach.email);
    // The same own coach row, so the same thread as before the revocation.
    const page = messagePageSchema.parse(
      (await t.call(coach, 'GET', `/api/coach-area/clients/${person.id}/messages`)).json(),
    );
    expect(page.coach.id).toBe(shared.coachId);
    expect(page.messages.length).toBeGreaterThan(2);
    expect((await shares(person)).activity).toHaveLength(before.length + 1);

    const renewed = await t.call(coach, 'POST', '/api/coach-area/invite');
    expect(inviteSchema.parse(renewed.json()).code).not.toBe(invite.code);
    expectError(
      await t.call(plain, 'POST', '/api/coach-links', { code: invite.code, scopes: ['goals'] }),
      404,
      'not_found',
    );

    const overview = linkOverviewSchema.parse(
      (await t.call(admin, 'GET', '/api/coach-area/links')).json(),
    );
    const link = overview.links.find(
      (l) => l.coach.email === coach.email && l.client.email === person.email,
    );
    expect(link).toMatchObject({ scopes: ['reflections'], revokedAt: null });
  });
});
