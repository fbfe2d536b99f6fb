import { insertAudit } from './audit.repo.ts';
import { loadUserOrThrow } from './admin-users.ts';
import { AuthError } from './auth.errors.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { deleteFactor, findFactor, listFactors } from './mfa.repo.ts';
import { downgradeFactorSessions } from './sessions.repo.ts';
import { factorJson } from './user-json.ts';
import { UUID } from '#server/lib/ids.ts';

/** Admin API: a user's MFA factors, and removing one. */
export function createAdminFactorsService(deps: AuthDeps) {
  const { db } = deps;
  const now = () => deps.clock();

  async function factors(userId: string) {
    const user = await loadUserOrThrow(db, userId);
    return (await listFactors(db, user.id)).map(factorJson);
  }

  async function removeFactor(userId: string, factorId: string, meta: RequestMeta) {
    const user = await loadUserOrThrow(db, userId);
    if (!UUID.test(factorId)) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    const factor = await findFactor(db, factorId, user.id);
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    await db.transaction(async (tx) => {
      const t = now();
      await deleteFactor(tx, factor.id);
      await downgradeFactorSessions(tx, factor.id, t);
      await insertAudit(tx, {
        action: 'mfa_factor_deleted',
        actorType: 'service_role',
        userId: user.id,
        ip: meta.ip,
        details: { factor_id: factor.id },
        createdAt: t,
      });
    });
    deps.standing.forgetUser(user.id);
    return factorJson(factor);
  }

  return { factors, removeFactor };
}
