import { randomUUID } from 'node:crypto';
import { roleFromAppMetadata, type AppRole } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import { claimFirstAdmin } from '#server/db/settings.repo.ts';
import { insertAudit, type AuditEntry } from './audit.repo.ts';
import { type UserRecord } from './user-record.repo.ts';
import { insertIdentity, insertUser, loadUserById, updateUser } from './users.repo.ts';

export interface Actor {
  type: AuditEntry['actorType'];
  id?: string | null;
  ip?: string | null;
}

export interface NewAccount {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  /** Extra app_metadata (admin API); provider/providers are always set by the server. */
  appMetadata?: Record<string, unknown>;
  emailConfirmed: boolean;
  /** An explicit role (admin API, CLI). Without one, the first account may become admin. */
  role?: AppRole;
  confirmationSentAt?: Date | null;
  invitedAt?: Date | null;
  id?: string;
}

/** app_metadata with `role` set for admin/coach and removed for user. */
export function withRole(
  appMetadata: Record<string, unknown>,
  role: AppRole,
): Record<string, unknown> {
  const { role: _previous, ...rest } = appMetadata;
  return role === 'user' ? rest : { ...rest, role };
}

/**
 * Creates an email account and its identity (in the caller's transaction), applying the
 * first-account-becomes-admin rule unless a role is given or AUTH_FIRST_USER_ADMIN is off.
 */
export async function createAccount(
  db: Db,
  input: NewAccount,
  options: { now: Date; firstUserAdmin: boolean; actor: Actor; action: string },
): Promise<UserRecord> {
  const id = input.id ?? randomUUID();
  const { now } = options;
  let appMetadata: Record<string, unknown> = {
    ...(input.appMetadata ?? {}),
    provider: 'email',
    providers: ['email'],
  };
  if (input.role) appMetadata = withRole(appMetadata, input.role);
  await insertUser(db, {
    id,
    email: input.email,
    passwordHash: input.passwordHash,
    emailConfirmedAt: input.emailConfirmed ? now : null,
    confirmationSentAt: input.confirmationSentAt ?? null,
    invitedAt: input.invitedAt ?? null,
    appMetadata,
    userMetadata: input.userMetadata,
    createdAt: now,
    updatedAt: now,
  });
  await insertIdentity(db, {
    id: randomUUID(),
    providerId: id,
    userId: id,
    provider: 'email',
    identityData: {
      ...input.userMetadata,
      sub: id,
      email: input.email,
      email_verified: input.emailConfirmed,
      phone_verified: false,
    },
    email: input.email,
    createdAt: now,
    updatedAt: now,
  });
  await insertAudit(db, {
    action: options.action,
    actorType: options.actor.type,
    actorId: options.actor.id ?? (options.actor.type === 'user' ? id : null),
    userId: id,
    ip: options.actor.ip ?? null,
    details: input.role ? { role: input.role } : {},
    createdAt: now,
  });
  if (!input.role && options.firstUserAdmin && (await claimFirstAdmin(db, id, now))) {
    await updateUser(db, id, { appMetadata: withRole(appMetadata, 'admin') });
    await insertAudit(db, {
      action: 'role_changed',
      actorType: 'system',
      userId: id,
      details: { from: 'user', to: 'admin', reason: 'first account of the instance' },
      createdAt: now,
    });
  }
  const user = await loadUserById(db, id);
  if (!user) throw new Error('account vanished right after it was created');
  return user;
}

/** Changes a user's role (app_metadata.role) and records who did it. No-op when unchanged. */
export async function changeRole(
  db: Db,
  user: UserRecord,
  role: AppRole,
  options: { now: Date; actor: Actor },
): Promise<UserRecord> {
  const from = roleFromAppMetadata(user.appMetadata);
  if (from === role) return user;
  const appMetadata = withRole(user.appMetadata, role);
  await updateUser(db, user.id, { appMetadata, updatedAt: options.now });
  await insertAudit(db, {
    action: 'role_changed',
    actorType: options.actor.type,
    actorId: options.actor.id ?? null,
    userId: user.id,
    ip: options.actor.ip ?? null,
    details: { from, to: role },
    createdAt: options.now,
  });
  return { ...user, appMetadata, updatedAt: options.now };
}

/** Postgres unique violation (either driver, possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    if (typeof e !== 'object') break;
  }
  return false;
}
