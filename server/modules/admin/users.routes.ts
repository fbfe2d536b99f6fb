import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBanSchema,
  adminCreateUserSchema,
  adminLinkSentSchema,
  adminRoleChangeSchema,
  adminSendLinkSchema,
  adminUserDeletedSchema,
  adminUserListSchema,
  adminUserPaths,
  adminUserSchema,
  adminUsersQuerySchema,
} from '#contracts/admin-users.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { idParamsSchema } from '#contracts/shared.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { AdminUsersService } from './users.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['admin'];

/** /api/admin/users*: the admin area's Users panel (admins only, checked in the service). */
export function adminUsersRoutes(deps: {
  guard: AuthGuard;
  users: AdminUsersService;
}): FastifyPluginAsyncZod {
  const { guard, users } = deps;
  return async (app) => {
    app.get(
      adminUserPaths.list.pattern,
      {
        schema: {
          summary: 'Accounts, newest first, searchable by address or name (admins)',
          tags,
          querystring: adminUsersQuerySchema,
          response: { 200: adminUserListSchema, ...errors },
        },
      },
      async (request) => users.list(await guard.authenticate(request), request.query),
    );

    app.post(
      adminUserPaths.list.pattern,
      {
        schema: {
          summary: 'Create an account with a role; without a password, invite by email (admins)',
          tags,
          body: adminCreateUserSchema,
          response: { 201: adminUserSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await users.create(
          await guard.authenticate(request),
          request.body,
          request.ip,
        );
        return reply.code(201).send(created);
      },
    );

    app.put(
      adminUserPaths.role.pattern,
      {
        schema: {
          summary: 'Change an account’s role; the last admin keeps theirs (admins)',
          tags,
          params: idParamsSchema,
          body: adminRoleChangeSchema,
          response: { 200: adminUserSchema, ...errors },
        },
      },
      async (request) =>
        users.changeRole(
          await guard.authenticate(request),
          request.params.id,
          request.body.role,
          request.ip,
        ),
    );

    app.put(
      adminUserPaths.ban.pattern,
      {
        schema: {
          summary: 'Suspend an account (ending its sessions) or lift the suspension (admins)',
          tags,
          params: idParamsSchema,
          body: adminBanSchema,
          response: { 200: adminUserSchema, ...errors },
        },
      },
      async (request) =>
        users.setBan(
          await guard.authenticate(request),
          request.params.id,
          request.body.banned,
          request.ip,
        ),
    );

    app.post(
      adminUserPaths.link.pattern,
      {
        schema: {
          summary: 'Email the person a password-reset or sign-in link (admins)',
          tags,
          params: idParamsSchema,
          body: adminSendLinkSchema,
          response: { 202: adminLinkSentSchema, 429: errorBodySchema, ...errors },
        },
      },
      async (request, reply) => {
        const sent = await users.sendLink(
          await guard.authenticate(request),
          request.params.id,
          request.body.kind,
          request.ip,
        );
        return reply.code(202).send(sent);
      },
    );

    app.delete(
      adminUserPaths.user.pattern,
      {
        schema: {
          summary: 'Delete an account and everything of the person’s (admins)',
          tags,
          params: idParamsSchema,
          response: { 200: adminUserDeletedSchema, ...errors },
        },
      },
      async (request) => {
        await users.remove(await guard.authenticate(request), request.params.id, request.ip);
        return { deleted: true as const };
      },
    );
  };
}
