import { z } from 'zod';

// The /auth/v1 wire format: the subset of Supabase Auth (GoTrue) that @supabase/supabase-js speaks.
// See ../../shared/reference/supabase-auth-contract.md. Request schemas check types only; the
// service applies GoTrue's rules in GoTrue's order (which check wins matters to the client).

export const appRoles = ['user', 'coach', 'admin'] as const;
export const appRoleSchema = z.enum(appRoles);
export type AppRole = z.infer<typeof appRoleSchema>;

/** A user's role: app_metadata.role when it is 'admin' or 'coach'; anything else means 'user'. */
export function roleFromAppMetadata(appMetadata: unknown): AppRole {
  if (typeof appMetadata !== 'object' || appMetadata === null) return 'user';
  const role = (appMetadata as { role?: unknown }).role;
  return role === 'admin' || role === 'coach' ? role : 'user';
}

const metadata = z.record(z.string(), z.unknown());
const optionalString = z.string().max(4096).nullish();
const pkceFields = {
  code_challenge: z.string().max(256).nullish(),
  code_challenge_method: z.string().max(16).nullish(),
};

export const signupBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: z.string().max(1024).nullish(),
  data: metadata.nullish(),
  ...pkceFields,
});

export const grantTypeQuerySchema = z.object({ grant_type: z.string().max(64).optional() });
export const redirectQuerySchema = z.object({ redirect_to: z.string().max(2048).optional() });

export const passwordGrantSchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: z.string().max(1024).nullish(),
});
export const refreshGrantSchema = z.object({ refresh_token: z.string().max(1024).nullish() });
export const pkceGrantSchema = z.object({
  auth_code: z.string().max(256).nullish(),
  code_verifier: z.string().max(256).nullish(),
});

export const logoutQuerySchema = z.object({ scope: z.string().max(32).optional() });

export const updateUserBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: z.string().max(1024).nullish(),
  nonce: z.string().max(64).nullish(),
  data: metadata.nullish(),
  app_metadata: z.unknown().optional(),
  ...pkceFields,
});

export const emailActionBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  ...pkceFields,
});

export const otpBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  data: metadata.nullish(),
  create_user: z.boolean().nullish(),
  ...pkceFields,
});

export const resendBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  type: z.string().max(32).nullish(),
  ...pkceFields,
});

export const verifyBodySchema = z.object({
  type: z.string().max(32).nullish(),
  token: z.string().max(256).nullish(),
  token_hash: z.string().max(256).nullish(),
  email: optionalString,
  phone: optionalString,
  redirect_to: z.string().max(2048).nullish(),
});

export const verifyQuerySchema = z.object({
  token: z.string().max(256).optional(),
  type: z.string().max(32).optional(),
  redirect_to: z.string().max(2048).optional(),
});

export const factorIdParamsSchema = z.object({ factorId: z.string().max(64) });

export const enrollBodySchema = z.object({
  factor_type: z.string().max(32).nullish(),
  friendly_name: z.string().max(256).nullish(),
  issuer: z.string().max(256).nullish(),
});

export const mfaVerifyBodySchema = z.object({
  challenge_id: z.string().max(64).nullish(),
  code: z.string().max(32).nullish(),
});

export const adminUserAttributesSchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: z.string().max(1024).nullish(),
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: metadata.nullish(),
  app_metadata: metadata.nullish(),
  ban_duration: z.string().max(64).nullish(),
  /** GoTrue's JWT role; we also take an app role (user | coach | admin) here as a shorthand. */
  role: z.string().max(64).nullish(),
  id: z.string().max(64).nullish(),
});

export const adminListQuerySchema = z.object({
  page: z.string().max(16).optional(),
  per_page: z.string().max(16).optional(),
  filter: z.string().max(256).optional(),
  sort: z.string().max(64).optional(),
});

export const userIdParamsSchema = z.object({ userId: z.string().max(64) });
export const userFactorParamsSchema = z.object({
  userId: z.string().max(64),
  factorId: z.string().max(64),
});

export const adminDeleteBodySchema = z.object({ should_soft_delete: z.boolean().nullish() });

export const generateLinkBodySchema = z.object({
  type: z.string().max(32).nullish(),
  email: optionalString,
  password: z.string().max(1024).nullish(),
  data: metadata.nullish(),
  new_email: optionalString,
  redirect_to: z.string().max(2048).nullish(),
});

/** POST /invite (admin.inviteUserByEmail): the address and user_metadata; redirect_to in the query. */
export const inviteBodySchema = z.object({
  email: optionalString,
  data: metadata.nullish(),
});

// Responses -----------------------------------------------------------------------------------

export const identitySchema = z.looseObject({
  identity_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  identity_data: metadata,
  provider: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const factorSchema = z.looseObject({
  id: z.string(),
  factor_type: z.string(),
  status: z.enum(['verified', 'unverified']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FactorJson = z.infer<typeof factorSchema>;

export const userSchema = z.looseObject({
  id: z.string(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  phone: z.string(),
  app_metadata: metadata,
  user_metadata: metadata,
  identities: z.array(identitySchema),
  created_at: z.string(),
  updated_at: z.string(),
  is_anonymous: z.boolean(),
});
export type UserJson = z.infer<typeof userSchema>;

export const sessionSchema = z.looseObject({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: userSchema,
});
export type SessionJson = z.infer<typeof sessionSchema>;

export const emptyObjectSchema = z.looseObject({});
