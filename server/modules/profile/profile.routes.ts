import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contracts/errors.ts';
import { profilePaths, profileSchema, profileUpdateSchema } from '#contracts/profile.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { ProfileService } from './profile.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['profile'];

export function profileRoutes(deps: {
  guard: AuthGuard;
  profile: ProfileService;
}): FastifyPluginAsyncZod {
  const { guard, profile } = deps;
  return async (app) => {
    app.get(
      profilePaths.profile.pattern,
      {
        schema: {
          summary: "The user's time zone and daily capacity (defaults until saved)",
          tags,
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return profile.get(userId);
      },
    );

    app.put(
      profilePaths.profile.pattern,
      {
        schema: {
          summary: "Save the user's time zone (IANA) and daily capacity",
          tags,
          body: profileUpdateSchema,
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return profile.save(userId, request.body);
      },
    );
  };
}
