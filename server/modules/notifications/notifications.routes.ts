import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contracts/errors.ts';
import {
  adminNotificationBodySchema,
  adminNotificationResultSchema,
  deleteResultSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPaths,
  notificationPreferencesSchema,
  notificationUpdateSchema,
  readAllResultSchema,
} from '#contracts/notifications.ts';
import { requireRole, type AuthGuard } from '#server/auth/guard.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import type { NotificationsService } from './notifications.service.ts';

export interface NotificationsRoutesDeps {
  guard: AuthGuard;
  notifications: NotificationsService;
  /** The instance's service-role key (operators hold it; read at call time, keys load lazily). */
  serviceRoleKey: () => string;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['notifications'];

/** True when the Bearer value is the service-role key (compared in constant time). */
function isServiceRole(request: FastifyRequest, key: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return Boolean(key && match?.[1] && secretsEqual(match[1], key));
}

/** The spec's four calls (§7), plus mark-unread, preferences and the admin producer. */
export function notificationsRoutes(deps: NotificationsRoutesDeps): FastifyPluginAsyncZod {
  const { guard, notifications } = deps;
  return async (app) => {
    app.get(
      notificationPaths.list.pattern,
      {
        schema: {
          summary: 'List notifications, newest first, with the unread count',
          tags,
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return notifications.list(userId, request.query);
      },
    );

    app.put(
      notificationPaths.readAll.pattern,
      {
        schema: {
          summary: 'Mark every notification read',
          tags,
          response: { 200: readAllResultSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return notifications.markAllRead(userId);
      },
    );

    app.put(
      notificationPaths.read.pattern,
      {
        schema: {
          summary: 'Mark one notification read',
          tags,
          params: notificationIdParamsSchema,
          response: { 200: notificationUpdateSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return notifications.setRead(userId, request.params.id, true);
      },
    );

    app.put(
      notificationPaths.unread.pattern,
      {
        schema: {
          summary: 'Mark one notification unread again',
          tags,
          params: notificationIdParamsSchema,
          response: { 200: notificationUpdateSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return notifications.setRead(userId, request.params.id, false);
      },
    );

    app.delete(
      notificationPaths.remove.pattern,
      {
        schema: {
          summary: 'Delete one notification',
          tags,
          params: notificationIdParamsSchema,
          response: { 200: deleteResultSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return notifications.remove(userId, request.params.id);
      },
    );

    app.get(
      notificationPaths.preferences.pattern,
      {
        schema: {
          summary: 'Which kinds of in-app notification the user wants',
          tags,
          response: { 200: notificationPreferencesSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return notifications.preferences(userId);
      },
    );

    app.put(
      notificationPaths.preferences.pattern,
      {
        schema: {
          summary: 'Choose which kinds of in-app notification to receive',
          tags,
          body: notificationPreferencesSchema,
          response: { 200: notificationPreferencesSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return notifications.savePreferences(userId, request.body);
      },
    );

    app.post(
      notificationPaths.admin.pattern,
      {
        schema: {
          summary: 'Notify a user (admins, or operators with the service-role key)',
          description:
            'Creates an unread notification for `user_id` and sends it live. `notification` is null when the user has turned that type off.',
          tags: ['admin', ...tags],
          body: adminNotificationBodySchema,
          response: {
            201: adminNotificationResultSchema,
            200: adminNotificationResultSchema,
            ...errors,
            403: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        if (!isServiceRole(request, deps.serviceRoleKey())) {
          requireRole(await guard.authenticate(request), 'admin');
        }
        const { user_id: userId, ...input } = request.body;
        const notification = await notifications.notify(userId, input);
        return reply.status(notification ? 201 : 200).send({ notification });
      },
    );
  };
}
