import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  experimentDetailSchema,
  experimentListSchema,
  type CreateExperiment,
  type ExperimentDetail,
} from '#contracts/experiments.ts';
import { queryRows } from '#server/db/client.ts';
import {
  createGoal,
  expectError,
  startPlanningApp,
  type PlanningTestApp,
} from '#server/modules/goals/test-support.ts';
import { createProfileService } from '#server/modules/profile/profile.service.ts';
import type { TestUser } from '#server/test/users.ts';
import { createExperimentReads } from './experiment-reads.ts';
import { createExperimentsService } from './experiments.service.ts';

// The clock reads Wednesday 12 March 2025, 02:00 UTC: Tuesday 11 March, 22:00 in New York, where
// the person lives. Every date below is theirs: the 12th is still tomorrow for them.
const NOW = '2025-03-12T02:00:00.000Z';
const ZONE = 'America/New_York';

const draft = (overrides: Partial<CreateExperiment> = {}): CreateExperiment => ({
  title: 'No screens after 21:00',
  hypothesis: 'I sleep better without screens in the evening.',
  change: 'Phone in the kitchen from 21:00.',
  metric: { kind: 'rating' },
  startDate: '2025-03-04',
  endDate: '2025-03-17',
  ...overrides,
});

describe('experiments API', () => {
  let harness: PlanningTestApp;
  let person: TestUser;
  let other: TestUser;

  const create = async (user: TestUser, body: CreateExperiment) => {
    const response = await harness.call(user, 'POST', '/api/experiments', body);
    expect(response.statusCode, response.body).toBe(201);
    return experimentDetailSchema.parse(response.json());
  };
  const checkin = (user: TestUser, id: string, date: string, value: number) =>
    harness.call(user, 'PUT', `/api/experiments/${id}/checkins/${date}`, { value });
  const counts = async () =>
    (
      await queryRows<{ experiments: number; checkins: number }>(
        harness.database.db,
        sql`select (select count(*)::int from experiments) as experiments,
                   (select count(*)::int from experiment_checkins) as checkins`,
      )
    )[0];

  beforeAll(async () => {
    harness = await startPlanningApp(NOW);
    person = await harness.user(ZONE);
    other = await harness.user('UTC');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('computes the before/after result of a hand-built history in local dates', async () => {
    const { experiment } = await create(person, draft());
    expect(experiment).toMatchObject({ status: 'running', days: 14, goal: null, origin: 'person' });
    // The first three days: 2, 3, 3 (2.7); later: 4, 4, 3, 5 (4); change +1.3.
    const history: Array<[string, number]> = [
      ['2025-03-04', 2],
      ['2025-03-05', 3],
      ['2025-03-06', 1],
      ['2025-03-07', 4],
      ['2025-03-09', 4],
      ['2025-03-10', 3],
      ['2025-03-11', 5],
    ];
    for (const [date, value] of history) {
      const saved = await checkin(person, experiment.id, date, value);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // One check-in a day: the 6th is replaced, not added.
    const replaced = await checkin(person, experiment.id, '2025-03-06', 3);
    const detail = experimentDetailSchema.parse(replaced.json());
    expect(detail.localDate).toBe('2025-03-11');
    expect(detail.checkins).toHaveLength(7);
    expect(detail.experiment).toMatchObject({
      checkinCount: 7,
      todayValue: 5,
      checkinWindow: { from: '2025-03-04', to: '2025-03-11' },
    });
    expect(detail.result).toEqual({
      before: {
        source: 'first_days',
        from: '2025-03-04',
        to: '2025-03-06',
        checkins: 3,
        average: 2.7,
      },
      after: { from: '2025-03-07', to: '2025-03-11', checkins: 4, average: 4 },
      change: 1.3,
      verdict: 'helps',
      conclusion:
        'Your rating rose from 2.7 to 4 on average (+1.3) so far — the change seems to help.',
    });

    // Ended early today: done, with the same figures and no "so far".
    const ended = await harness.call(person, 'POST', `/api/experiments/${experiment.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    const done = experimentDetailSchema.parse(ended.json());
    expect(done.experiment).toMatchObject({ status: 'done', closedOn: '2025-03-11' });
    expect(done.result.conclusion).toBe(
      'Your rating rose from 2.7 to 4 on average (+1.3) — the change seems to help.',
    );
    expectError(
      await harness.call(person, 'POST', `/api/experiments/${experiment.id}/abandon`),
      409,
      'conflict',
    );
  });

  it('refuses check-ins outside the days so far, in the future or off the scale, writing nothing', async () => {
    const { experiment } = await create(
      person,
      draft({ startDate: '2025-03-08', endDate: '2025-03-14' }),
    );
    const before = await counts();
    // The 12th is today in UTC but tomorrow in New York.
    const future = expectError(
      await checkin(person, experiment.id, '2025-03-12', 3),
      400,
      'invalid_input',
    );
    expect(future.message).toBe('params.date: is in the future: check in on 2025-03-11 or earlier');
    const early = expectError(
      await checkin(person, experiment.id, '2025-03-07', 3),
      400,
      'invalid_input',
    );
    expect(early.message).toContain('between 2025-03-08 and 2025-03-11');
    const scale = expectError(
      await checkin(person, experiment.id, '2025-03-09', 6),
      400,
      'invalid_input',
    );
    expect(scale.message).toBe('body.value: must be a whole number from 1 to 5 for a rating');
    expectError(await checkin(person, experiment.id, '2025-03-09', 2.5), 400, 'invalid_input');
    expectError(await checkin(person, experiment.id, '2025-02-30', 3), 400, 'invalid_input');
    expect(await counts()).toEqual(before);
  });

  it('refuses a bad experiment with a 400 naming the field, writing nothing', async () => {
    const before = await counts();
    const cases: Array<[unknown, string]> = [
      [{ ...draft(), metric: { kind: 'mood' } }, 'body.metric'],
      [{ ...draft(), metric: { kind: 'number', better: 'higher' } }, 'body.metric.unit'],
      [draft({ startDate: '2025-03-04', endDate: '2025-03-09' }), 'body.endDate'],
      [draft({ startDate: '2025-03-04', endDate: '2025-04-01' }), 'body.endDate'],
      [draft({ title: '  ' }), 'body.title'],
      [draft({ startDate: '2025-02-01', endDate: '2025-02-10' }), 'body.startDate'],
      [draft({ baseline: 9 }), 'body.baseline'],
      [draft({ startDate: '2025-02-30' }), 'body.startDate'],
      [draft({ endDate: 'soon' }), 'body.endDate'],
    ];
    for (const [body, path] of cases) {
      const error = expectError(
        await harness.call(person, 'POST', '/api/experiments', body),
        400,
        'invalid_input',
      );
      expect(error.message.startsWith(path), `${path}: ${error.message}`).toBe(true);
    }
    expect(await counts()).toEqual(before);

    // A change that breaks a rule leaves the experiment as it was.
    const { experiment } = await create(
      person,
      draft({ title: 'Unchanged', startDate: '2025-03-20', endDate: '2025-03-30' }),
    );
    const changes: Array<[unknown, string]> = [
      [{ endDate: '2025-04-30' }, 'body.endDate'],
      [{ title: '' }, 'body.title'],
      [{ metric: { kind: 'scale' } }, 'body.metric'],
      [{}, 'body'],
    ];
    for (const [body, path] of changes) {
      const error = expectError(
        await harness.call(person, 'PATCH', `/api/experiments/${experiment.id}`, body),
        400,
        'invalid_input',
      );
      expect(error.message.startsWith(path), `${path}: ${error.message}`).toBe(true);
    }
    const after = await harness.call(person, 'GET', `/api/experiments/${experiment.id}`);
    expect(experimentDetailSchema.parse(after.json()).experiment).toMatchObject({
      title: 'Unchanged',
      endDate: '2025-03-30',
      metric: { kind: 'rating' },
    });
  });

  it('keeps another person’s experiments and goals out of reach (404)', async () => {
    const { experiment } = await create(
      person,
      draft({ startDate: '2025-03-10', endDate: '2025-03-16' }),
    );
    const theirGoal = await createGoal(harness, other, { goal: { deadline: '2025-12-31' } });
    const id = experiment.id;
    const attempts = [
      harness.call(other, 'GET', `/api/experiments/${id}`),
      harness.call(other, 'PATCH', `/api/experiments/${id}`, { title: 'Mine now' }),
      harness.call(other, 'DELETE', `/api/experiments/${id}`),
      harness.call(other, 'POST', `/api/experiments/${id}/end`),
      harness.call(other, 'POST', `/api/experiments/${id}/abandon`),
      harness.call(other, 'POST', `/api/experiments/${id}/start`),
      harness.call(other, 'PUT', `/api/experiments/${id}/checkins/2025-03-11`, { value: 3 }),
      harness.call(other, 'DELETE', `/api/experiments/${id}/checkins/2025-03-11`),
    ];
    for (const response of await Promise.all(attempts)) expectError(response, 404, 'not_found');
    const before = await counts();
    expectError(
      await harness.call(person, 'POST', '/api/experiments', draft({ goalId: theirGoal.id })),
      404,
      'not_found',
    );
    expect(await counts()).toEqual(before);
    const list = experimentListSchema.parse(
      (await harness.call(other, 'GET', '/api/experiments')).json(),
    );
    expect(list.experiments).toEqual([]);
    expectError(await harness.call(null, 'GET', '/api/experiments'), 401, 'unauthenticated');
  });

  it('lists running, planned, done, abandoned; starts, abandons, edits and deletes', async () => {
    const mine = await createGoal(harness, person, { goal: { deadline: '2025-12-31' } });
    const planned = await create(
      person,
      draft({ title: 'Planned', startDate: '2025-03-20', endDate: '2025-04-02', goalId: mine.id }),
    );
    expect(planned.experiment).toMatchObject({
      status: 'planned',
      goal: { id: mine.id, title: mine.title },
    });
    const old = await create(
      person,
      draft({ title: 'Old', startDate: '2025-02-14', endDate: '2025-02-20' }),
    );
    expect(old.experiment.status).toBe('done');
    const dropped = await create(
      person,
      draft({ title: 'Dropped', startDate: '2025-03-11', endDate: '2025-03-17' }),
    );
    const abandoned = await harness.call(
      person,
      'POST',
      `/api/experiments/${dropped.experiment.id}/abandon`,
    );
    expect(experimentDetailSchema.parse(abandoned.json()).experiment.status).toBe('abandoned');
    expectError(await checkin(person, dropped.experiment.id, '2025-03-11', 3), 409, 'conflict');

    const list = experimentListSchema.parse(
      (await harness.call(person, 'GET', '/api/experiments')).json(),
    );
    const order = ['running', 'planned', 'done', 'abandoned'];
    const statuses = list.experiments.map((e) => e.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(new Set(statuses)).toEqual(new Set(order));
    expect(list.experiments.findIndex((e) => e.id === planned.experiment.id)).toBeLessThan(
      list.experiments.findIndex((e) => e.id === old.experiment.id),
    );

    // Dates change only while planned; starting now keeps the length.
    expectError(
      await harness.call(person, 'PATCH', `/api/experiments/${old.experiment.id}`, {
        endDate: '2025-02-25',
      }),
      409,
      'conflict',
    );
    const renamed = await harness.call(person, 'PATCH', `/api/experiments/${old.experiment.id}`, {
      title: 'Old, renamed',
      baseline: 3,
    });
    expect(experimentDetailSchema.parse(renamed.json()).experiment).toMatchObject({
      title: 'Old, renamed',
      baseline: 3,
    });
    const started = await harness.call(
      person,
      'POST',
      `/api/experiments/${planned.experiment.id}/start`,
    );
    expect(experimentDetailSchema.parse(started.json()).experiment).toMatchObject({
      status: 'running',
      startDate: '2025-03-11',
      endDate: '2025-03-24',
    });

    const deleted = await harness.call(person, 'DELETE', `/api/experiments/${old.experiment.id}`);
    expect(deleted.json()).toEqual({ deleted: true });
    expectError(
      await harness.call(person, 'GET', `/api/experiments/${old.experiment.id}`),
      404,
      'not_found',
    );
  });

  it('creates a planned experiment from a proposal, starting tomorrow', async () => {
    const db = harness.database.db;
    const profile = createProfileService({ db, clock: harness.clock.now });
    const goals = {
      target: () => Promise.resolve(null),
      facts: () => Promise.resolve({ goals: new Map(), milestones: new Map() }),
    };
    const reads = createExperimentReads({ db, profile, goals });
    const service = createExperimentsService({ db, clock: harness.clock.now, goals, reads });
    const proposed = await db.transaction((tx) =>
      service.propose(tx, person.id, {
        title: 'Walk after lunch',
        hypothesis: 'A walk keeps the afternoon slump away.',
        change: 'Ten minutes outside after lunch.',
        metric: { kind: 'number', unit: 'hours focused', better: 'higher' },
        days: 14,
        origin: 'coach',
      }),
    );
    expect(proposed).toMatchObject({
      status: 'planned',
      startDate: '2025-03-12',
      endDate: '2025-03-25',
      origin: 'coach',
    });
    const detail: ExperimentDetail = await service.detail(person.id, proposed.id);
    expect(detail.result.verdict).toBe('not_enough');
  });
});
