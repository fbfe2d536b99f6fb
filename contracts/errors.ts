import { z } from 'zod';

export const errorCodes = [
  'invalid_input',
  'unauthenticated',
  'forbidden',
  /** 403: this person has an authenticator app and this session has not used it yet. */
  'insufficient_aal',
  'not_found',
  'conflict',
  'rate_limited',
  'upstream_failed',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The body of every non-2xx answer from /api (the /auth/v1 routes use Supabase Auth's format). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    details: z.unknown().optional(),
    requestId: z.string(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
