import { createAdminFactorsService } from './admin-factors.service.ts';
import { createAdminLinksService } from './admin-links.service.ts';
import { createAdminUserReadsService } from './admin-user-reads.service.ts';
import { createAdminUserWritesService } from './admin-user-writes.service.ts';
import type { AuthDeps } from './deps.ts';

/**
 * The admin API (service-role key only): users, bans, roles, links, factors (contract §3.13).
 * One object, assembled from one service per flow.
 */
export function createAdminService(deps: AuthDeps) {
  return {
    ...createAdminUserReadsService(deps),
    ...createAdminUserWritesService(deps),
    ...createAdminLinksService(deps),
    ...createAdminFactorsService(deps),
  };
}
