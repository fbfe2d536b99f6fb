import { appRoleSchema, type AppRole } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import { UUID } from '#server/lib/ids.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import type { RequestMeta } from './deps.ts';
import { type UserRecord } from './user-record.repo.ts';
import { loadUserById } from './users.repo.ts';
import type { Actor } from './users.ts';

// What the admin API's flows (admin-*.service.ts) share: the attributes they accept, the role
// and ban a request asks for, and how a target user is loaded and named in the audit log.

export interface AdminUserAttributes {
  email?: string | null;
  phone?: string | null;
  password?: string | null;
  email_confirm?: boolean | null;
  phone_confirm?: boolean | null;
  user_metadata?: Record<string, unknown> | null;
  app_metadata?: Record<string, unknown> | null;
  ban_duration?: string | null;
  role?: string | null;
  id?: string | null;
}

export const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found');
export const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

const GO_DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** A Go duration ("24h", "1h30m", "90s") in milliseconds, or null when it is not one. */
export function parseGoDuration(value: string): number | null {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) return null;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(amount) * (GO_DURATION_UNITS[unit as string] ?? 0);
  }
  return total;
}

/**
 * The app role an admin request asks for, if any: `role` as a shorthand (user | coach | admin;
 * GoTrue's "authenticated" means no change) or app_metadata.role (null or "user" = plain user).
 */
export function requestedRole(attrs: AdminUserAttributes): AppRole | undefined {
  let role: AppRole | undefined;
  if (attrs.role && attrs.role !== 'authenticated') {
    const parsed = appRoleSchema.safeParse(attrs.role);
    if (!parsed.success) throw authErrors.validation('role must be one of user, coach, admin');
    role = parsed.data;
  }
  if (attrs.app_metadata && 'role' in attrs.app_metadata) {
    const value = attrs.app_metadata.role;
    const parsed =
      value === null
        ? { success: true as const, data: 'user' as const }
        : appRoleSchema.safeParse(value);
    if (!parsed.success)
      throw authErrors.validation('app_metadata.role must be one of user, coach, admin');
    if (role && role !== parsed.data)
      throw authErrors.validation('role and app_metadata.role disagree');
    role = parsed.data;
  }
  return role;
}

/** Custom app_metadata without the keys the server owns (provider, providers, role). */
export function customAppMetadata(
  appMetadata: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const { provider: _p, providers: _ps, role: _r, ...rest } = appMetadata ?? {};
  return rest;
}

/** When a ban of `duration` ("none" lifts it) ends, counted from `now`. */
export function bannedUntil(duration: string, now: Date): Date | null {
  if (duration === 'none') return null;
  const ms = parseGoDuration(duration);
  if (ms === null) throw authErrors.validation('invalid format for ban duration');
  return new Date(now.getTime() + ms);
}

/** The user an admin request names by id; a malformed id is "not found", as GoTrue answers. */
export async function loadUserOrThrow(db: Db, userId: string): Promise<UserRecord> {
  if (!UUID.test(userId)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await loadUserById(db, userId);
  if (!user) throw userNotFound();
  return user;
}

/** The audit log's actor for an admin request. */
export const serviceRoleActor = (meta: RequestMeta): Actor => ({
  type: 'service_role',
  ip: meta.ip,
});
