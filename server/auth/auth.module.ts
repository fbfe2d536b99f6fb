import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { createAdminService } from './admin.service.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createBackground } from './background.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import type { AuthDeps } from './deps.ts';
import { createAuthGuard } from './guard.ts';
import { ensureAuthKeys, type AuthKeys } from './keys.ts';
import { createMailer, type MailLog, type MailTransport } from './mail/mailer.ts';
import { mailTransportFromEnv } from './mail/transport.ts';
import { createMfaService } from './mfa.service.ts';
import type { SmsSend } from './phone-otp.service.ts';
import { warmPasswordHashing } from './passwords.ts';
import { createAuthRateLimits } from './rate-limit.ts';
import { createRedirectPolicy } from './redirects.ts';
import { createSessionStandingCache } from './session-standing-cache.ts';
import type { SessionStanding } from './sessions.repo.ts';
import { authenticateAuthRequest, bearerToken } from './sessions.ts';
import { createTokenService, type TokenService } from './tokens.ts';
import { createMailDispatcher, mailDispatcherSettings } from '#server/delivery/mail-dispatcher.ts';
import { createMailOutbox, createMailService } from '#server/modules/mail/mail.service.ts';

export interface AuthModuleOptions {
  db: Db;
  env: Env;
  clock?: () => Date;
  log: MailLog;
  /** Overrides the transport SMTP_URL would choose (tests use a capturing one). */
  mailTransport?: MailTransport;
  version?: string;
  /** The SMS channel's sender, for phone sign-in codes (late-bound: the channels are built after auth). */
  sms?: () => SmsSend | null;
}

/** The Supabase-Auth-compatible service, assembled once per app (buildApp) or script. */
export async function createAuthModule(options: AuthModuleOptions) {
  const clock = options.clock ?? (() => new Date());
  const { db, env } = options;

  // Keys live in the database, so they load on first need (an unmigrated database must not stop
  // the app from building; /readyz reports it). `keys` is filled in place once loaded.
  const keys: AuthKeys = {
    signing: [],
    publishableKey: '',
    serviceRoleKey: '',
    refreshTokenSecret: '',
  };
  let loadedTokens: TokenService | null = null;
  let loading: Promise<TokenService> | null = null;
  const loadKeys = (): Promise<TokenService> => {
    if (loadedTokens) return Promise.resolve(loadedTokens);
    loading ??= (async () => {
      Object.assign(keys, await ensureAuthKeys(db, clock()));
      loadedTokens = await createTokenService({
        keys,
        issuer: `${env.PUBLIC_URL}/auth/v1`,
        expirySeconds: env.AUTH_JWT_EXPIRY_SECONDS,
        clock,
      });
      return loadedTokens;
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const tokens: TokenService = {
    expirySeconds: env.AUTH_JWT_EXPIRY_SECONDS,
    sign: async (input) => (await loadKeys()).sign(input),
    verify: async (token) => (await loadKeys()).verify(token),
    jwks: () => loadedTokens?.jwks() ?? { keys: [] },
  };
  // Auth emails go through the mail outbox; this process's sender runs where the delivery worker
  // does (main.ts starts it), and is woken by each email enqueued here.
  const transport = options.mailTransport ?? mailTransportFromEnv(env, db, options.log);
  const mailSender = createMailDispatcher({
    outbox: createMailOutbox({ db, clock }),
    transport,
    clock,
    settings: mailDispatcherSettings(env),
    log: options.log,
  });
  const mail = createMailService({ db, clock, onEnqueued: mailSender.wake });
  const mailer = createMailer({
    mail,
    transport: transport.kind,
    sender: mailSender,
    log: options.log,
  });
  const background = createBackground(options.log);
  const standing = createSessionStandingCache<SessionStanding>({ clock });
  const deps: AuthDeps = {
    db,
    env,
    clock,
    keys,
    tokens,
    mailer,
    background,
    limiter: createAuthRateLimits({ db, env, clock }),
    redirects: createRedirectPolicy({
      siteUrl: env.AUTH_SITE_URL,
      allowList: env.AUTH_REDIRECT_ALLOW_LIST,
    }),
    log: options.log,
    standing,
  };
  // The dummy hash for unknown-account sign-ins is made now, not on the first such sign-in, but
  // off the start-up path: verification awaits the same cached promise.
  void warmPasswordHashing().catch((error: unknown) => {
    options.log.error({ err: error }, 'could not prepare the dummy password hash');
  });

  const access = {
    /** Every /auth/v1 route but the open ones needs the publishable (or service-role) key. */
    assertApiKey(header: string | string[] | undefined): void {
      const value = Array.isArray(header) ? header[0] : header;
      if (!value) throw new AuthError(401, 'no_api_key', 'No API key found in request');
      if (!secretsEqual(value, keys.publishableKey) && !secretsEqual(value, keys.serviceRoleKey)) {
        throw new AuthError(401, 'invalid_api_key', 'Invalid API key');
      }
    },
    user: (authorization: string | string[] | undefined) =>
      authenticateAuthRequest(deps, authorization),
    /** Admin routes: the Bearer value must be the service-role key, and nothing else. */
    serviceRole(authorization: string | string[] | undefined): void {
      const token = bearerToken(authorization);
      if (!token) throw authErrors.noAuthorization();
      if (!secretsEqual(token, keys.serviceRoleKey)) throw authErrors.notAdmin();
    },
  };

  const module = {
    /** Loads (or, on a fresh instance, makes) the keys; the routes and the guard wait for it. */
    ready: async (): Promise<void> => {
      await loadKeys();
    },
    keys,
    tokens,
    deps,
    service: createAuthService(deps, { sms: options.sms ?? (() => null) }),
    mfa: createMfaService(deps),
    admin: createAdminService(deps),
    access,
    guard: createAuthGuard({ db, tokens, clock, standing }),
    /** The guard's memory of session standing; modules.ts keeps it in step with the database. */
    standing,
    jwks: () => tokens.jwks(),
    health: () => ({
      version: options.version ?? 'dev',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
    settings: () => ({
      external: {
        anonymous_users: env.AUTH_ANONYMOUS_SIGN_INS,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        fly: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack_oidc: false,
        workos: false,
        twitch: false,
        twitter: false,
        x: false,
        zoom: false,
        email: true,
        phone: env.AUTH_PHONE_SIGN_IN,
      },
      disable_signup: env.AUTH_DISABLE_SIGNUP,
      mailer_autoconfirm: env.AUTH_CONFIRM_EMAIL !== 'required',
      phone_autoconfirm: false,
      sms_provider: env.SMS_ACCOUNT_SID ? 'twilio' : '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    }),
    /** The outbox every non-daily email goes through: `mail.enqueue(message, tx?)`. */
    mail,
    /** This process's mail sender: main.ts starts it beside the delivery worker. */
    mailSender,
    /** Waits for queued background work, then sends every email due (tests). */
    async drain(): Promise<void> {
      await background.drain();
      await mailer.drain();
    },
    /** Shutdown: emails not sent yet stay queued in the outbox for the next start. */
    async close(): Promise<void> {
      await background.drain();
      await mailer.settle();
      await mailSender.stop();
      await transport.close?.();
    },
    routes: undefined as unknown as FastifyPluginAsyncZod,
  };
  module.routes = authRoutes(module);
  return module;
}

export type AuthModule = Awaited<ReturnType<typeof createAuthModule>>;
