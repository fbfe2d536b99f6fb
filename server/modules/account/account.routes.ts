import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountPaths,
  accountSessionDeletedSchema,
  accountSessionParamsSchema,
  accountSessionsResponseSchema,
} from '#contracts/account.ts';
import type { AccountSessionsService } from '#server/auth/account-sessions.service.ts';
import type { AuthGuard } from '#server/auth/guard.ts';

/** The signed-in person's own account: where they are signed in, and ending a session. */
export function accountRoutes(deps: {
  guard: AuthGuard;
  sessions: AccountSessionsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      accountPaths.sessions.pattern,
      {
        schema: {
          tags: ['account'],
          summary: 'Where this account is signed in',
          response: { 200: accountSessionsResponseSchema },
        },
      },
      async (request) => {
        const caller = await deps.guard.authenticate(request);
        return { sessions: await deps.sessions.list(caller) };
      },
    );

    app.delete(
      accountPaths.session.pattern,
      {
        schema: {
          tags: ['account'],
          summary: 'End one of this account’s other sessions',
          params: accountSessionParamsSchema,
          response: { 200: accountSessionDeletedSchema },
        },
      },
      async (request) => {
        const caller = await deps.guard.authenticate(request);
        await deps.sessions.end(caller, request.params.id, request.ip);
        return { deleted: true as const };
      },
    );
  };
}
