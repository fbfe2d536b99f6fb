import type { AuthGuard } from '#server/auth/guard.ts';
import type { Db } from '#server/db/client.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCoachAreaService, type CoachAreaDeps } from './coach-area.service.ts';
import { coachAreaRoutes } from './coach-area.routes.ts';
import { coachLinksRoutes } from './coach-links.routes.ts';
import { createCoachLinksService } from './coach-links.service.ts';

/**
 * Sharing with human coaches as one unit for server/modules.ts (ADR 035): the person's shares
 * (`/api/coach-links`), the gate, and the coach's area (`/api/coach-area/*`), which reads through
 * the owning modules' services.
 */
export function createCoachLinks(
  deps: { db: Db; clock: () => Date; chat: { chat: CoachAreaDeps['chat'] } } & Omit<
    CoachAreaDeps,
    'db' | 'clock' | 'links' | 'chat'
  >,
) {
  const links = createCoachLinksService({ db: deps.db, clock: deps.clock });
  const area = createCoachAreaService({ ...deps, chat: deps.chat.chat, links });
  const routes =
    (guard: AuthGuard): FastifyPluginAsyncZod =>
    async (app) => {
      await app.register(coachLinksRoutes({ guard, links }));
      await app.register(coachAreaRoutes({ guard, area }));
    };
  return { links, area, routes };
}
