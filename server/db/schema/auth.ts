import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Accounts of the Supabase-Auth-compatible service (/auth/v1). Roles live in app_metadata.role. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey(),
    aud: text().notNull().default('authenticated'),
    role: text().notNull().default('authenticated'),
    /** Lower-cased; null for a phone-only or anonymous account. */
    email: text(),
    phone: text(),
    /** argon2id PHC string; null when the account has no password. */
    passwordHash: text(),
    emailConfirmedAt: ts('email_confirmed_at'),
    phoneConfirmedAt: ts('phone_confirmed_at'),
    confirmationSentAt: ts('confirmation_sent_at'),
    recoverySentAt: ts('recovery_sent_at'),
    /** The pending new address of an email change. */
    emailChange: text(),
    emailChangeSentAt: ts('email_change_sent_at'),
    /** 1 once one side of a two-sided email change is confirmed. */
    emailChangeConfirmStatus: smallint().notNull().default(0),
    reauthenticationSentAt: ts('reauthentication_sent_at'),
    magicLinkSentAt: ts('magic_link_sent_at'),
    invitedAt: ts('invited_at'),
    lastSignInAt: ts('last_sign_in_at'),
    bannedUntil: ts('banned_until'),
    deletedAt: ts('deleted_at'),
    appMetadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isAnonymous: boolean().notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_phone_key').on(t.phone)],
);

export const identities = pgTable(
  'identities',
  {
    id: uuid().primaryKey(),
    /** The provider's subject; for provider "email" it is the user id. */
    providerId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    identityData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    email: text(),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    unique('identities_provider_id_provider_key').on(t.providerId, t.provider),
    index('identities_user_id_idx').on(t.userId),
  ],
);

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** One row per signed-in device; its id is the JWT's session_id. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aal: text().notNull().default('aal1'),
    factorId: uuid(),
    amr: jsonb().$type<AmrEntry[]>().notNull().default([]),
    userAgent: text(),
    ip: text(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    refreshedAt: ts('refreshed_at'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored only as SHA-256 hashes; single use, rotated on every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey(),
    tokenHash: text().notNull(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    parentId: uuid(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_id_idx').on(t.sessionId),
  ],
);

/** PKCE flow state: what an emailed link's ?code= can be exchanged for, once. */
export const flowState = pgTable(
  'flow_state',
  {
    id: uuid().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    authCode: uuid().notNull(),
    codeChallenge: text().notNull(),
    /** 's256' or 'plain' */
    codeChallengeMethod: text().notNull(),
    /** AMR method of the session it leads to: email/signup, recovery, magiclink, email_change, invite. */
    authenticationMethod: text().notNull(),
    createdAt: ts('created_at').notNull(),
    authCodeIssuedAt: ts('auth_code_issued_at'),
  },
  (t) => [
    uniqueIndex('flow_state_auth_code_key').on(t.authCode),
    index('flow_state_user_id_idx').on(t.userId),
  ],
);

/**
 * Emailed links and codes, stored as hex(SHA-224(address + code)) (with a `pkce_` prefix in PKCE
 * flows); one live token per user and kind.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** confirmation | recovery | magiclink | email_change_current | email_change_new | reauthentication | invite */
    tokenType: text().notNull(),
    tokenHash: text().notNull(),
    /** The address the code was sent to. */
    relatesTo: text().notNull(),
    flowStateId: uuid().references(() => flowState.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    unique('one_time_tokens_user_id_token_type_key').on(t.userId, t.tokenType),
    index('one_time_tokens_token_hash_idx').on(t.tokenHash),
  ],
);

export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendlyName: text().notNull().default(''),
    factorType: text().notNull(),
    /** unverified | verified */
    status: text().notNull(),
    /** Base32 TOTP secret. */
    secret: text().notNull(),
    /** The last accepted TOTP time step, so one code cannot be replayed. */
    lastUsedStep: bigint({ mode: 'number' }),
    lastChallengedAt: ts('last_challenged_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('mfa_factors_user_id_idx').on(t.userId)],
);

export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid().primaryKey(),
    factorId: uuid()
      .notNull()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    ipAddress: text().notNull(),
    createdAt: ts('created_at').notNull(),
    verifiedAt: ts('verified_at'),
  },
  (t) => [index('mfa_challenges_factor_id_idx').on(t.factorId)],
);

/** Security-relevant events. Rows outlive the users they mention (no foreign key). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    action: text().notNull(),
    /** user | service_role | cli | system | anonymous */
    actorType: text().notNull(),
    actorId: uuid(),
    userId: uuid(),
    ip: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('audit_log_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('audit_log_created_at_idx').on(t.createdAt),
  ],
);

/** Fixed-window request counters shared by every app process (keys hold hashes, not addresses). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
