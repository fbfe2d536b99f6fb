import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  onboardingPaths,
  onboardingSchema,
  onboardingUpdateSchema,
} from '#contracts/onboarding.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { OnboardingService } from './onboarding.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['onboarding'];

export function onboardingRoutes(deps: {
  guard: AuthGuard;
  onboarding: OnboardingService;
}): FastifyPluginAsyncZod {
  const { guard, onboarding } = deps;
  return async (app) => {
    app.get(
      onboardingPaths.onboarding.pattern,
      {
        schema: {
          summary: 'Where the user is in onboarding (the welcome step until they start)',
          tags,
          response: { 200: onboardingSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return onboarding.get(userId);
      },
    );

    app.put(
      onboardingPaths.onboarding.pattern,
      {
        schema: {
          summary: 'Save the step reached and the choices made; finish by completing or skipping',
          tags,
          body: onboardingUpdateSchema,
          response: { 200: onboardingSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return onboarding.save(userId, request.body);
      },
    );
  };
}
