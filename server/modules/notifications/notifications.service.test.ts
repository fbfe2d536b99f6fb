import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { notifications } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser } from '#server/test/users.ts';

describe('notifications service', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const rejection = async (promise: Promise<unknown>) => {
    const error: unknown = await promise.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('validates type, priority and texts, trims them, and defaults the priority to medium', async () => {
    const user = await signUpTestUser(app);
    const service = app.notifications;
    const badType = await rejection(
      service.notify(user.id, { type: 'spam' as 'other', title: 't', message: 'm' }),
    );
    expect(badType.code).toBe('invalid_input');
    expect(badType.message).toMatch(/^type: /);
    const badPriority = await rejection(
      service.notify(user.id, {
        type: 'other',
        title: 't',
        message: 'm',
        priority: 'urgent' as 'low',
      }),
    );
    expect(badPriority.message).toMatch(/^priority: /);
    expect(
      (await rejection(service.notify(user.id, { type: 'other', title: ' ', message: 'm' }))).code,
    ).toBe('invalid_input');

    const created = await service.notify(user.id, {
      type: 'insight',
      title: '  Weekly insight ',
      message: ' m ',
    });
    expect(created).toMatchObject({
      title: 'Weekly insight',
      message: 'm',
      priority: 'medium',
      read: false,
    });
  });

  it('carries coach_id on coach_message and data.goal_id on goal_progress', async () => {
    const user = await signUpTestUser(app);
    const coach = await app.notifications.notify(user.id, {
      type: 'coach_message',
      title: 'From your coach',
      message: 'How did today go?',
      coach_id: 'career-coach',
    });
    expect(coach?.coach_id).toBe('career-coach');
    const goal = await app.notifications.notify(user.id, {
      type: 'goal_progress',
      title: 'Milestone reached',
      message: 'Run 5 km',
      data: { goal_id: '3f1c2a', milestone: 2 },
    });
    expect(goal?.data).toEqual({ goal_id: '3f1c2a', milestone: 2 });
  });

  it('answers not_found for a user that does not exist', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const error = await rejection(
        app.notifications.notify(id, { type: 'other', title: 't', message: 'm' }),
      );
      expect(error.code).toBe('not_found');
    }
  });

  it('keeps the unread count equal to the unread rows through any mix of calls, run concurrently', async () => {
    const user = await signUpTestUser(app);
    const service = app.notifications;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const created = await service.notify(user.id, {
        type: 'other',
        title: `seed ${i}`,
        message: 'm',
      });
      if (created) ids.push(created.id);
    }
    const op = fc.oneof(
      fc.constant({ kind: 'notify' as const, pick: 0 }),
      fc.record({
        kind: fc.constantFrom('read' as const, 'unread' as const, 'delete' as const),
        pick: fc.nat(),
      }),
      fc.constant({ kind: 'readAll' as const, pick: 0 }),
    );
    const batches = fc.sample(
      fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 8, maxLength: 8 }),
      {
        numRuns: 1,
        seed: 42,
      },
    )[0]!;
    for (const batch of batches) {
      await Promise.all(
        batch.map(async ({ kind, pick }) => {
          const id = ids[pick % Math.max(ids.length, 1)];
          try {
            if (kind === 'notify') {
              const created = await service.notify(user.id, {
                type: 'other',
                title: 'n',
                message: 'm',
              });
              if (created) ids.push(created.id);
            } else if (kind === 'readAll') await service.markAllRead(user.id);
            else if (!id) return;
            else if (kind === 'delete') await service.remove(user.id, id);
            else await service.setRead(user.id, id, kind === 'read');
          } catch (error: unknown) {
            // A notification deleted by a concurrent call is simply gone.
            if (!(error instanceof AppError && error.code === 'not_found')) throw error;
          }
        }),
      );
      const [row] = await database.db
        .select({ unread: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.read, false)));
      expect((await service.list(user.id)).unreadCount).toBe(row?.unread);
    }
  });
});
