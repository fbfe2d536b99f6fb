import type { FactorJson, UserJson } from '#contracts/auth.ts';
import type { FactorRow, IdentityRow, UserRecord } from './user-record.repo.ts';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

/** Puts a key only when it has a value (GoTrue omits null timestamps). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined && value !== null && value !== '') target[key] = value;
}

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  const json: Record<string, unknown> = {
    identity_id: identity.id,
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: identity.provider,
    last_sign_in_at: iso(identity.lastSignInAt) ?? null,
    created_at: identity.createdAt.toISOString(),
    updated_at: identity.updatedAt.toISOString(),
  };
  put(json, 'email', identity.email);
  return json;
}

export function factorJson(factor: FactorRow): FactorJson {
  const json: Record<string, unknown> = {
    id: factor.id,
    factor_type: factor.factorType,
    status: factor.status,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
    last_challenged_at: iso(factor.lastChallengedAt) ?? null,
    phone: '',
  };
  put(json, 'friendly_name', factor.friendlyName);
  return json as FactorJson;
}

/** The GoTrue User object (contract §2.1). */
export function userJson(user: UserRecord): UserJson {
  const confirmedAt = [user.emailConfirmedAt, user.phoneConfirmedAt]
    .filter((d): d is Date => d !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    phone: user.phone ?? '',
  };
  put(json, 'email_confirmed_at', iso(user.emailConfirmedAt));
  put(json, 'phone_confirmed_at', iso(user.phoneConfirmedAt));
  put(json, 'confirmed_at', iso(confirmedAt));
  put(json, 'confirmation_sent_at', iso(user.confirmationSentAt));
  put(json, 'recovery_sent_at', iso(user.recoverySentAt));
  put(json, 'email_change_sent_at', iso(user.emailChangeSentAt));
  put(json, 'new_email', user.emailChange);
  put(json, 'reauthentication_sent_at', iso(user.reauthenticationSentAt));
  put(json, 'invited_at', iso(user.invitedAt));
  put(json, 'last_sign_in_at', iso(user.lastSignInAt));
  json.app_metadata = user.appMetadata;
  json.user_metadata = user.userMetadata;
  json.identities = user.identities.map(identityJson);
  if (user.factors.length > 0) json.factors = user.factors.map(factorJson);
  json.created_at = user.createdAt.toISOString();
  json.updated_at = user.updatedAt.toISOString();
  put(json, 'banned_until', iso(user.bannedUntil));
  put(json, 'deleted_at', iso(user.deletedAt));
  json.is_anonymous = user.isAnonymous;
  return json as UserJson;
}
