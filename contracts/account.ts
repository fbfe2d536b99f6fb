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
