import { errorForLog } from '#server/lib/log-safe-error.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '#contracts/errors.ts';

const statusByCode: Record<ErrorCode, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  insufficient_aal: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  upstream_failed: 502,
  internal: 500,
};

// The first code listed for a status is the one a bare status maps to (403 is 'forbidden').
const codeByStatus = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(statusByCode)) {
  if (!codeByStatus.has(status)) codeByStatus.set(status, code as ErrorCode);
}

/** An error whose message is safe to show the person who caused it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  /** For a 429: seconds until another try can succeed (the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: unknown; cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get statusCode(): number {
    return statusByCode[this.code];
  }
}

function body(code: ErrorCode, message: string, requestId: string, details?: unknown): ErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }), requestId } };
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error;
}

/** Used when a 429's source knows no better: every 429 says when to try again. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Sets Retry-After on a 429 (whole seconds, at least 1). */
export function setRetryAfter(
  reply: { header(name: string, value: string): unknown },
  seconds: number | undefined,
): void {
  const value = Math.max(1, Math.ceil(seconds ?? DEFAULT_RETRY_AFTER_SECONDS));
  reply.header('retry-after', String(value));
}

/** The one error handler: maps codes to statuses, logs with request context, hides 5xx messages. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message,
      }));
      const first = details[0];
      const message = first ? `${first.path}: ${first.message}` : 'The request is not valid.';
      return reply.status(400).send(body('invalid_input', message, request.id, details));
    }
    if (error instanceof AppError) {
      if (error.statusCode === 429) setRetryAfter(reply, error.retryAfterSeconds);
      if (error.statusCode >= 500) request.log.error({ err: errorForLog(error) }, error.message);
      const message = error.statusCode >= 500 ? 'Something went wrong on our side.' : error.message;
      return reply
        .status(error.statusCode)
        .send(
          body(
            error.code,
            message,
            request.id,
            error.statusCode >= 500 ? undefined : error.details,
          ),
        );
    }
    const status = isFastifyError(error) && error.statusCode ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: errorForLog(error) }, 'unhandled error');
      return reply
        .status(500)
        .send(body('internal', 'Something went wrong on our side.', request.id));
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type…
    const code = codeByStatus.get(status) ?? 'invalid_input';
    if (status === 429) setRetryAfter(reply, undefined);
    const message = error instanceof Error ? error.message : 'The request is not valid.';
    return reply.status(status).send(body(code, message, request.id));
  });
}

export function notFoundBody(requestId: string, method: string, url: string): ErrorBody {
  return body(
    'not_found',
    `No API route matches ${method} ${url.split('?')[0] ?? url}.`,
    requestId,
  );
}
