import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { appRoleSchema } from '#contracts/auth.ts';
import { timestampSchema } from '#contracts/shared.ts';

// The admin area's Users panel (/admin?tab=users): every account, its role and standing, and what
// an admin may do about it. These go through /api with the admin role; the browser never holds the
// service-role key (ADR 036).

export const ADMIN_USERS_PAGE_SIZE = 25;

export const adminUsersQuerySchema = z.object({
  /** Part of the email address or the name (case-insensitive). */
  q: z.string().trim().max(320, 'Search for at most 320 characters.').optional(),
  role: appRoleSchema.optional(),
  page: z.coerce
    .number({ message: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
  perPage: z.coerce
    .number({ message: 'perPage must be a whole number from 1 to 100' })
    .int('perPage must be a whole number from 1 to 100')
    .min(1, 'perPage must be a whole number from 1 to 100')
    .max(100, 'perPage must be a whole number from 1 to 100')
    .default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.uuid(),
  /** Null for a phone-only or anonymous account. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** user_metadata.full_name, when the person gave one. */
  name: z.string().nullable(),
  role: appRoleSchema,
  createdAt: timestampSchema,
  lastSignInAt: timestampSchema.nullable(),
  /** The email address (or, for a phone account, the number) is confirmed. */
  confirmed: z.boolean(),
  /** Has a verified authenticator factor. */
  mfa: z.boolean(),
  /** Until when the account is suspended; null when it is not. */
  bannedUntil: timestampSchema.nullable(),
  isAnonymous: z.boolean(),
  /** Signs in with a password (else with links, codes, or not at all). */
  hasPassword: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminRoleChangeSchema = z.object({ role: appRoleSchema });

export const adminBanSchema = z.object({
  /** true suspends the account (until unbanned) and ends its sessions; false lifts it. */
  banned: z.boolean(),
});

export const adminCreateUserSchema = z.object({
  email: z.email('Enter an email address like name@example.com.').trim().toLowerCase().max(320),
  role: appRoleSchema.default('user'),
  /**
   * With a password the account is ready (its address counted as confirmed); without one the
   * person is emailed an invitation to choose one.
   */
  password: z.string().max(72, 'A password is at most 72 characters.').optional(),
});
export type AdminCreateUser = z.input<typeof adminCreateUserSchema>;

export const adminLinkKinds = ['recovery', 'magiclink'] as const;
export const adminSendLinkSchema = z.object({ kind: z.enum(adminLinkKinds) });
export type AdminLinkKind = (typeof adminLinkKinds)[number];

export const adminLinkSentSchema = z.object({ sent: z.literal(true), to: z.string() });

export const adminUserDeletedSchema = z.object({ deleted: z.literal(true) });

export const adminUserPaths = {
  list: apiPath('/api/admin/users'),
  user: apiPath('/api/admin/users/:id'),
  role: apiPath('/api/admin/users/:id/role'),
  ban: apiPath('/api/admin/users/:id/ban'),
  link: apiPath('/api/admin/users/:id/link'),
} as const;
