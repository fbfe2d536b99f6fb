import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePageSchema } from '#contracts/coaching.ts';
import { queryRows } from '#server/db/client.ts';
import {
  createGoal,
  startPlanningApp,
  type PlanningTestApp,
} from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';

// The coaches' proactive check-ins as the delivery worker runs them (its tick runs the side
// passes): the first coach on the team writes after a top three left untouched, at most once in
// the budget's gap, with a coach_message notification that opens the chat; off means never.

describe('proactive check-ins', () => {
  let harness: PlanningTestApp;

  beforeAll(async () => {
    harness = await startPlanningApp('2026-03-02T08:00:00Z');
  });
  afterAll(() => harness.close());

  /** A person with a health coach on the team and a top three shown today. */
  async function personWithTopThree(): Promise<{ user: TestUser; coachId: string }> {
    const user = await harness.user();
    const added = await harness.call(user, 'POST', '/api/coach/team', {
      domain: 'health',
      tone: 'direct',
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const goal = await createGoal(harness, user, { goal: { deadline: '2026-06-30' } });
    for (const title of ['Run 2 km', 'Stretch for 10 minutes', 'Plan the week’s runs']) {
      const created = await harness.call(user, 'POST', '/api/tasks', {
        title,
        goalId: goal.id,
        scheduledDate: '2026-03-02',
        estimatedMinutes: 20,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const today = await harness.call(user, 'GET', '/api/tasks/today');
    expect(today.statusCode, today.body).toBe(200);
    const [coach] = await queryRows<{ id: string }>(
      harness.database.db,
      sql`select id from user_coaches where user_id = ${user.id}::uuid`,
    );
    return { user, coachId: coach?.id ?? '' };
  }

  const notificationsOf = (userId: string) =>
    queryRows<{ title: string; coachId: string | null }>(
      harness.database.db,
      sql`select title, coach_id::text as "coachId" from notifications
          where user_id = ${userId}::uuid and type = 'coach_message' order by created_at`,
    );

  it('writes after an untouched top three, once, and backs off while ignored', async () => {
    const { user, coachId } = await personWithTopThree();
    const quiet = await personWithTopThree();
    await harness.call(quiet.user, 'PUT', '/api/coach/preferences', { checkIns: false });

    harness.clock.set('2026-03-03T09:00:00Z');
    await harness.app.delivery.tick();
    const signedIn = await harness.signIn(user);
    const page = messagePageSchema.parse(
      (await harness.call(signedIn, 'GET', `/api/coach/coaches/${coachId}/messages`)).json(),
    );
    expect(page.messages).toHaveLength(1);
    const [checkIn] = page.messages;
    expect(checkIn).toMatchObject({ author: 'coach', kind: 'checkin', engine: 'offline' });
    // It speaks of this person's day, not in generalities.
    expect(checkIn?.text).toMatch(/Run 2 km|Stretch for 10 minutes|Plan the week’s runs/);
    expect(await notificationsOf(user.id)).toEqual([
      { title: 'Rowan checked in about yesterday', coachId },
    ]);
    // Check-ins off: no message, no notification.
    expect(await notificationsOf(quiet.user.id)).toEqual([]);

    // The same day again: nothing more.
    harness.clock.set('2026-03-03T20:00:00Z');
    await harness.app.delivery.tick();
    expect(await notificationsOf(user.id)).toHaveLength(1);

    // Two days on, the person's new top three untouched again and the last check-in unanswered:
    // a second one, and the next wait doubles.
    harness.clock.set('2026-03-05T07:00:00Z');
    const reSigned = await harness.signIn(user);
    expect((await harness.call(reSigned, 'GET', '/api/tasks/today')).statusCode).toBe(200);
    harness.clock.set('2026-03-06T09:00:00Z');
    await harness.app.delivery.tick();
    expect(await notificationsOf(user.id)).toHaveLength(2);
    const [budget] = await queryRows<{ ignored: number }>(
      harness.database.db,
      sql`select check_ins_ignored as ignored from coaching_preferences
          where user_id = ${user.id}::uuid`,
    );
    expect(budget?.ignored).toBe(1);
  });
});
