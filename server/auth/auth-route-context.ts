import type { FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import type { createAdminService } from './admin.service.ts';
import type { createAuthService } from './auth.service.ts';
import type { RequestMeta } from './deps.ts';
import type { createMfaService } from './mfa.service.ts';
import type { AuthenticatedUser } from './sessions.ts';

type AuthorizationHeader = string | string[] | undefined;

/**
 * What the /auth/v1 routes use of the auth module. Named here, not taken from createAuthModule's
 * type, because the module builds the routes: the routes must not import it back.
 */
export interface AuthRoutesDeps {
  /** Resolves once the signing keys are loaded; every route waits for it. */
  ready(): Promise<void>;
  service: ReturnType<typeof createAuthService>;
  mfa: ReturnType<typeof createMfaService>;
  admin: ReturnType<typeof createAdminService>;
  access: {
    assertApiKey(header: AuthorizationHeader): void;
    user(authorization: AuthorizationHeader): Promise<AuthenticatedUser>;
    serviceRole(authorization: AuthorizationHeader): void;
  };
  settings(): object;
  health(): object;
  jwks(): { keys: JWK[] };
}

/** What each /auth/v1 route plugin is made from: the module and the per-request helpers. */
export interface AuthRouteContext {
  auth: AuthRoutesDeps;
  /** The request as the services see it (client IP, user agent, the raw ?redirect_to). */
  meta: (request: FastifyRequest) => RequestMeta;
  /** The signed-in user behind the Bearer token; throws an AuthError otherwise. */
  user: (request: FastifyRequest) => Promise<AuthenticatedUser>;
  /** Admin routes: throws unless the Bearer value is the service-role key. */
  serviceRole: (request: FastifyRequest) => void;
}

export function createAuthRouteContext(auth: AuthRoutesDeps): AuthRouteContext {
  const { access } = auth;
  return {
    auth,
    meta: (request) => {
      const query = request.query as { redirect_to?: unknown } | undefined;
      return {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        redirectTo: typeof query?.redirect_to === 'string' ? query.redirect_to : null,
      };
    },
    user: (request) => access.user(request.headers.authorization),
    serviceRole: (request) => access.serviceRole(request.headers.authorization),
  };
}
