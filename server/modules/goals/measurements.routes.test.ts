import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurementListSchema, measurementSchema } from '#contracts/measurements.ts';
import { goalDetailSchema } from '#contracts/goals.ts';
import { queryRows } from '#server/db/client.ts';
import type { TestUser } from '#server/test/users.ts';
import { createGoal, expectError, startPlanningApp, type PlanningTestApp } from './test-support.ts';

// The person lives in Auckland; the clock reads 2025-03-10 20:00 UTC, already Tuesday the 11th
// there: a value logged without a date is dated the 11th, the person's today.
const NOW = '2025-03-10T20:00:00.000Z';
const TODAY = '2025-03-11';

describe('goal measurements API', () => {
  let harness: PlanningTestApp;
  let person: TestUser;
  let other: TestUser;
  let goalId: string;

  const path = (id = goalId) => `/api/goals/${id}/measurements`;
  const count = async () =>
    (
      await queryRows<{ count: number }>(
        harness.database.db,
        sql`select count(*)::int as count from goal_measurements`,
      )
    )[0]?.count;

  beforeAll(async () => {
    harness = await startPlanningApp(NOW);
    person = await harness.user('Pacific/Auckland');
    other = await harness.user('UTC');
    goalId = (
      await createGoal(harness, person, {
        goal: { metric: { name: 'distance', target: 42, unit: 'km' } },
      })
    ).id;
  });
  afterAll(() => harness.close());

  it('logs values on the person’s local dates and lists them oldest first with the metric', async () => {
    const today = await harness.call(person, 'POST', path(), { value: 5.5, note: ' easy run ' });
    expect(today.statusCode, today.body).toBe(201);
    expect(measurementSchema.parse(today.json())).toMatchObject({
      goalId,
      date: TODAY,
      value: 5.5,
      note: 'easy run',
    });
    const earlier = await harness.call(person, 'POST', path(), { value: 3, date: '2025-03-09' });
    expect(earlier.statusCode, earlier.body).toBe(201);
    expect(earlier.json()).toMatchObject({ date: '2025-03-09', note: null });

    const list = await harness.call(person, 'GET', path());
    expect(list.statusCode, list.body).toBe(200);
    const body = measurementListSchema.parse(list.json());
    expect(body.metric).toEqual({ name: 'distance', target: 42, unit: 'km' });
    expect(body.measurements.map((m) => [m.date, m.value])).toEqual([
      ['2025-03-09', 3],
      [TODAY, 5.5],
    ]);
  });

  it('leaves the goal’s progress where its milestones and tasks put it', async () => {
    const response = await harness.call(person, 'GET', `/api/goals/${goalId}`);
    expect(goalDetailSchema.parse(response.json()).goal.progress).toBe(0);
  });

  it('answers 400 and writes nothing for a value or date that cannot be a reading', async () => {
    const before = await count();
    const cases: Array<[unknown, string]> = [
      [{}, 'body.value'],
      [{ value: 'ten' }, 'body.value'],
      [{ value: 2e9 }, 'body.value'],
      [{ value: 1, date: '2025-03-12' }, 'body.date'],
      [{ value: 1, date: '2023-01-01' }, 'body.date'],
      [{ value: 1, date: '11/03/2025' }, 'body.date'],
      [{ value: 1, metric: 'kg' }, 'body'],
      [{ value: 1, note: 'x'.repeat(201) }, 'body.note'],
    ];
    for (const [payload, where] of cases) {
      const error = expectError(
        await harness.call(person, 'POST', path(), payload),
        400,
        'invalid_input',
      );
      expect(error.message, JSON.stringify(payload)).toContain(where);
    }
    // JSON's 1e999 reads as Infinity: not a finite value.
    const infinite = await harness.app.inject({
      method: 'POST',
      url: path(),
      headers: { ...person.headers, 'content-type': 'application/json' },
      payload: '{"value": 1e999}',
    });
    expectError(infinite, 400, 'invalid_input');
    expectError(await harness.call(person, 'GET', `${path()}?days=10000`), 400, 'invalid_input');
    expect(await count()).toBe(before);
  });

  it('answers 400 for a goal whose stored metric is not one, writing nothing', async () => {
    const bare = await createGoal(harness, person, { goal: { title: 'Bare' } });
    await harness.database.db.execute(
      sql`update goals set metric = '{}'::jsonb where id = ${bare.id}::uuid`,
    );
    const before = await count();
    const error = expectError(
      await harness.call(person, 'POST', path(bare.id), { value: 1 }),
      400,
      'invalid_input',
    );
    expect(error.message).toContain('no metric');
    expectError(await harness.call(person, 'GET', path(bare.id)), 400, 'invalid_input');
    expect(await count()).toBe(before);
  });

  it('never reaches another person’s goal or value: 404, nothing written or deleted', async () => {
    const before = await count();
    expectError(await harness.call(other, 'GET', path()), 404, 'not_found');
    expectError(await harness.call(other, 'POST', path(), { value: 1 }), 404, 'not_found');
    const [first] = measurementListSchema.parse(
      (await harness.call(person, 'GET', path())).json(),
    ).measurements;
    expectError(await harness.call(other, 'DELETE', `${path()}/${first?.id}`), 404, 'not_found');
    expect(await count()).toBe(before);
    expectError(await harness.call(null, 'GET', path()), 401, 'unauthenticated');
  });

  it('deletes a value once; a second time is a 404', async () => {
    const created = measurementSchema.parse(
      (await harness.call(person, 'POST', path(), { value: 1 })).json(),
    );
    const deleted = await harness.call(person, 'DELETE', `${path()}/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expectError(await harness.call(person, 'DELETE', `${path()}/${created.id}`), 404, 'not_found');
    expectError(await harness.call(person, 'DELETE', `${path()}/not-a-uuid`), 400, 'invalid_input');
  });

  it('goes with its goal', async () => {
    const goal = await createGoal(harness, person, { goal: { title: 'Short lived' } });
    await harness.call(person, 'POST', path(goal.id), { value: 7 });
    await harness.call(person, 'DELETE', `/api/goals/${goal.id}`);
    const rows = await queryRows<{ count: number }>(
      harness.database.db,
      sql`select count(*)::int as count from goal_measurements where goal_id = ${goal.id}::uuid`,
    );
    expect(rows[0]?.count).toBe(0);
  });
});
