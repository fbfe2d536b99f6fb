import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Background } from './background.ts';
import type { AuthKeys } from './keys.ts';
import type { Mailer, MailLog } from './mail/mailer.ts';
import type { AuthRateLimits } from './rate-limit.ts';
import type { RedirectPolicy } from './redirects.ts';
import type { SessionStandingCache } from './session-standing-cache.ts';
import type { SessionStanding } from './sessions.repo.ts';
import type { TokenService } from './tokens.ts';

/** What every auth service function is made from (built once by createAuthModule). */
export interface AuthDeps {
  db: Db;
  env: Env;
  clock: () => Date;
  keys: AuthKeys;
  tokens: TokenService;
  mailer: Mailer;
  background: Background;
  limiter: AuthRateLimits;
  redirects: RedirectPolicy;
  log: MailLog;
  /**
   * The guard's memory of session standing (ADR 020): a service that ends sessions or changes what
   * the guard checks calls `forgetUser` once its change has committed, so it applies at once here.
   */
  standing: SessionStandingCache<SessionStanding>;
}

/** What a service needs to know about the HTTP request it serves. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The raw ?redirect_to (validated where it is used). */
  redirectTo: string | null;
}
