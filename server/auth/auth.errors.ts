import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorForLog } from '#server/lib/log-safe-error.ts';
import { setRetryAfter } from '#server/errors.ts';

/**
 * An error in Supabase Auth's shape (the contract §4): an HTTP status, a machine code the client
 * maps to an error class, and a message safe to show.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** For a 429: seconds until another try can succeed (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const authErrors = {
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string, status = 403) =>
    new AuthError(status, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  rateLimited: (retryAfterSeconds?: number) =>
    new AuthError(
      429,
      'over_request_rate_limit',
      'Request rate limit reached',
      {},
      retryAfterSeconds,
    ),
  emailTooSoon: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
      {},
      seconds,
    ),
  userBanned: (status = 400) => new AuthError(status, 'user_banned', 'User is banned'),
  otpExpired: (message: string) => new AuthError(403, 'otp_expired', message),
  phoneDisabled: () => new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled'),
  missingCredentials: () =>
    new AuthError(
      400,
      'validation_failed',
      'You must provide either an email or phone number and a password',
    ),
};

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/** True when the request asked for the 2024-01-01 error format (auth-js always does). */
function wantsVersion2024(request: FastifyRequest): boolean {
  const header = request.headers[API_VERSION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && time >= Date.parse(`${API_VERSION_2024}T00:00:00Z`);
}

/** Sends an error in the envelope the request's API version asks for. */
export function sendAuthError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: AuthError,
): FastifyReply {
  reply.header('x-sb-error-code', error.code);
  if (error.status === 429) setRetryAfter(reply, error.retryAfterSeconds);
  if (wantsVersion2024(request)) {
    reply.header('X-Supabase-Api-Version', API_VERSION_2024);
    return reply
      .status(error.status)
      .send({ code: error.code, message: error.message, ...error.extra });
  }
  return reply
    .status(error.status)
    .send({ code: error.status, error_code: error.code, msg: error.message, ...error.extra });
}

function isFastifyError(error: unknown): error is FastifyError {
  return (
    error instanceof Error &&
    'statusCode' in error &&
    typeof (error as FastifyError).statusCode === 'number'
  );
}

/** Every /auth/v1 failure goes out in Supabase's envelope; 5xx details stay in the log. */
export function registerAuthErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AuthError) return sendAuthError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      const where = first?.instancePath
        ? first.instancePath.split('/').filter(Boolean).join('.')
        : error.validationContext;
      const message = first
        ? `${where ? `${where}: ` : ''}${first.message}`
        : 'The request is not valid';
      return sendAuthError(request, reply, authErrors.validation(message));
    }
    if (isFastifyError(error) && (error.statusCode ?? 500) < 500) {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendAuthError(
          request,
          reply,
          new AuthError(413, 'request_entity_too_large', 'Request body too large'),
        );
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return sendAuthError(
          request,
          reply,
          new AuthError(415, 'validation_failed', 'Unsupported content type'),
        );
      }
      return sendAuthError(
        request,
        reply,
        new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${error.message}`),
      );
    }
    request.log.error({ err: errorForLog(error) }, 'unhandled error in /auth/v1');
    return sendAuthError(
      request,
      reply,
      new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    );
  });
}
