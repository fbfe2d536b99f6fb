import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeLinkResultSchema,
  linkPaths,
  completeLinkBodySchema,
  linkTokenBodySchema,
  unsubscribeResultSchema,
} from '#contracts/links.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { invalidInput } from '#server/modules/goals/input-problems.ts';
import type { LinksService } from './links.service.ts';

const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };
const tags = ['delivery'];
const token = linkTokenBodySchema.shape.token;

/**
 * A JSON `{ token }`, or RFC 8058's one-click form (`List-Unsubscribe=One-Click`, urlencoded or
 * multipart, with the token in the URL).
 */
const unsubscribeBodySchema = z
  .object({ token: token.optional(), 'List-Unsubscribe': z.literal('One-Click').optional() })
  .nullish();

/** The signed links in messages. No sign-in: the token is the authority; limited per IP. */
export function linksRoutes(deps: { links: LinksService }): FastifyPluginAsyncZod {
  const { links } = deps;
  return async (app) => {
    app.post(
      linkPaths.complete.pattern,
      {
        schema: {
          summary: 'Complete a task from the one-tap link in a message (no sign-in)',
          tags,
          security: [],
          body: completeLinkBodySchema,
          response: { 200: completeLinkResultSchema, ...errors },
        },
      },
      async (request) =>
        links.complete(request.body.token, request.ip, {
          evenIfSkipped: request.body.evenIfSkipped ?? false,
        }),
    );

    // Its own scope: only this route reads form bodies (mail clients' one-click unsubscribe).
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
      // RFC 8058 lets a mail client send the same one field as multipart/form-data.
      scope.addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => {
          const oneClick = /name="List-Unsubscribe"\r?\n\r?\nOne-Click\r?\n/.test(String(body));
          done(null, oneClick ? { 'List-Unsubscribe': 'One-Click' } : {});
        },
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        linkPaths.unsubscribe.pattern,
        {
          schema: {
            summary: 'Turn a channel off from the unsubscribe link in a message (no sign-in)',
            description:
              'Takes `{ token }` as JSON, or `?token=` with the form body `List-Unsubscribe=One-Click` that mail clients post (RFC 8058).',
            tags,
            security: [],
            querystring: z.object({ token: token.optional() }),
            body: unsubscribeBodySchema,
            response: { 200: unsubscribeResultSchema, ...errors },
          },
        },
        async (request) => {
          const value = request.body?.token ?? request.query.token;
          if (!value) throw invalidInput('body.token', 'is required (or ?token= in the URL)');
          return links.unsubscribe(value, request.ip);
        },
      );
    });
  };
}
