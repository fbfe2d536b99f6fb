import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDeletedSchema,
  accountDeletionPaths,
  accountDeletionProofSchema,
  accountDeletionSchema,
  accountPaths,
  accountSessionDeletedSchema,
  accountSessionParamsSchema,
  accountSessionsResponseSchema,
} from '#contracts/account.ts';
import type { AccountDeletionService } from '#server/auth/account-deletion.service.ts';
import type { AccountSessionsService } from '#server/auth/account-sessions.service.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';

/**
 * The signed-in person's own account: where they are signed in, ending a session, and deleting
 * the account.
 */
export function accountRoutes(deps: {
  guard: AuthGuard;
  sessions: AccountSessionsService;
  deletion: AccountDeletionService;
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

    app.get(
      accountDeletionPaths.deletion.pattern,
      {
        schema: {
          tags: ['account'],
          summary: 'What deleting this account asks for: the password, an emailed code, or nothing',
          response: { 200: accountDeletionProofSchema, 401: errorBodySchema },
        },
      },
      async (request) => deps.deletion.proof(await deps.guard.authenticate(request)),
    );

    app.post(
      accountDeletionPaths.deletion.pattern,
      {
        schema: {
          tags: ['account'],
          summary: 'Delete this account and everything of it, signing it out everywhere',
          body: accountDeletionSchema,
          response: {
            200: accountDeletedSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            409: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) => {
        const caller = await deps.guard.authenticate(request);
        await deps.deletion.remove(caller, request.body, request.ip);
        return { deleted: true as const };
      },
    );
  };
}
