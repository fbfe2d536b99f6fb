import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';

/** One place the account is signed in: a session of the auth service. */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  /** The session making this request. */
  current: z.boolean(),
  /** The browser's user agent when the session began, if it sent one. */
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When the session last refreshed its token (or began). */
  lastActiveAt: z.iso.datetime({ offset: true }),
  /** aal2 once the session passed a second factor. */
  aal: z.enum(['aal1', 'aal2']),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({
  sessions: z.array(accountSessionSchema),
});

export const accountSessionParamsSchema = z.object({ id: z.uuid() });

export const accountSessionDeletedSchema = z.object({ deleted: z.literal(true) });

export const accountPaths = {
  sessions: apiPath('/api/account/sessions'),
  session: apiPath('/api/account/sessions/:id'),
} as const;

/**
 * How the person proves it is them before deleting their account: their password, else a code
 * emailed to them (`supabase.auth.reauthenticate()`), else nothing more than the signed-in session
 * (an anonymous or phone-only account, which has neither).
 */
export const accountDeletionProofSchema = z.object({
  proof: z.enum(['password', 'code', 'none']),
  /** Where the code goes, for proof "code". */
  email: z.string().nullable(),
});
export type AccountDeletionProof = z.infer<typeof accountDeletionProofSchema>;

export const accountDeletionSchema = z.object({
  password: z.string().min(1, 'Enter your password.').max(200).optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6,10}$/, 'Enter the code from the email (digits only).')
    .optional(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });

export const accountDeletionPaths = {
  /** GET: which proof deleting asks for; POST: delete the account (with that proof). */
  deletion: apiPath('/api/account/deletion'),
} as const;
