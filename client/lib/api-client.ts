import type { z } from 'zod';
import { errorBodySchema, type ErrorCode } from '#contracts/errors.ts';
import { reportStepUpRequired } from './auth/assurance.ts';
import { getAuthClient } from './auth-client.ts';

/** A failed call to the product API, with the contract's error code (contracts/errors.ts). */
export class ApiError extends Error {
  readonly code: ErrorCode;
  /** The HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly details: unknown;
  readonly requestId: string | null;

  constructor(
    code: ErrorCode,
    message: string,
    options: { status: number; details?: unknown; requestId?: string | null; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status;
    this.details = options.details;
    this.requestId = options.requestId ?? null;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request finish after the page is left (a delete whose undo window ran out). */
  keepalive?: boolean;
}

/** The current session's access token (refreshed by supabase-js when it is about to expire). */
export async function getAccessToken(): Promise<string | null> {
  const client = await getAuthClient();
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? null;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details, requestId } = parsed.data.error;
    return new ApiError(code, message, { status: response.status, details, requestId });
  }
  const code: ErrorCode =
    response.status === 401
      ? 'unauthenticated'
      : response.status >= 500
        ? 'internal'
        : 'invalid_input';
  // A body in a shape of its own (a 422 with the crisis response to show instead) stays readable.
  return new ApiError(code, `The server answered ${response.status}.`, {
    status: response.status,
    details: body ?? undefined,
  });
}

/**
 * Calls the product API with the signed-in user's Bearer token and parses the answer with the
 * contract's schema. Throws ApiError (with the server's code) for any non-2xx answer or when the
 * server cannot be reached; an aborted call rejects with the AbortSignal's reason.
 */
export async function apiRequest<S extends z.ZodType>(
  schema: S,
  path: string,
  options: ApiRequestOptions = {},
): Promise<z.infer<S>> {
  const token = await getAccessToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (error: unknown) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('upstream_failed', 'Could not reach the server. Check your connection.', {
      status: 0,
      cause: error,
    });
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (error.code === 'insufficient_aal') reportStepUpRequired();
    throw error;
  }
  const body: unknown = response.status === 204 ? undefined : await response.json();
  return schema.parse(body);
}
