import { z } from 'zod';
import { coachEngines } from '#contracts/coach.ts';
import { aiSettingsProblems } from './ai/settings.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './db/pglite-settings.ts';

/**
 * Every setting Trellis reads. This is the only module that touches process.env;
 * README.md and .env.example list the same settings with the same defaults.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** "30/5m" → 30 requests per 300 s. */
const rateLimit = z
  .string()
  .regex(/^\d+\/\d+[smh]$/, 'must look like 30/5m (count/window, window in s, m or h)')
  .transform((value) => {
    const [count, window] = value.split('/') as [string, string];
    const unit = window.slice(-1);
    const amount = Number(window.slice(0, -1));
    const seconds = amount * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
    return { limit: Number(count), windowSeconds: seconds };
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ message: 'must be a port number from 0 to 65535' })
      .int()
      .min(0)
      .max(65535)
      .default(3000),
    PUBLIC_URL: z
      .url({ message: 'must be an absolute URL such as https://trellis.example.com' })
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** PostgreSQL's buffer cache on the embedded database (PGlite), in MB. */
    PGLITE_SHARED_BUFFERS_MB: z.coerce
      .number({ message: 'must be a number of megabytes from 8 to 4096' })
      .int('must be a whole number of megabytes')
      .min(8, 'must be at least 8 (MB)')
      .max(4096, 'must be at most 4096 (MB)')
      .default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: booleanish.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Bearer token for /metrics; unset: /metrics answers only requests from this machine. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** The API docs at /api/docs; unset: on unless NODE_ENV is production. */
    API_DOCS: booleanish.optional(),
    /** Live event streams (/api/events) one person may hold open at once, per process. */
    EVENTS_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),

    // Auth (/auth/v1). See server/auth/README.md.
    /** Where email links send people back to when no allowed redirect_to is given (default PUBLIC_URL). */
    AUTH_SITE_URL: z.url({ message: 'must be an absolute URL' }).optional(),
    /** Extra allowed redirect_to patterns, comma-separated globs (`*` stays within a host label or path segment, `**` does not). */
    AUTH_REDIRECT_ALLOW_LIST: z.string().default(''),
    AUTH_JWT_EXPIRY_SECONDS: z.coerce.number().int().min(30).max(86_400).default(3600),
    AUTH_REFRESH_REUSE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    /** Lifetime of email links and codes (confirmation, recovery, magic link, email change, reauthentication). */
    AUTH_EMAIL_LINK_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    /** Minimum gap between two emails of the same kind to one user. */
    AUTH_EMAIL_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /**
     * later: sign-up returns a session at once and mails a confirmation link (the product's flow);
     * required: sign-up returns the bare user and sign-in waits for the confirmation;
     * off: addresses are taken as confirmed and no confirmation is mailed.
     */
    AUTH_CONFIRM_EMAIL: z.enum(['later', 'required', 'off']).default('later'),
    AUTH_DISABLE_SIGNUP: booleanish.default(false),
    /** Shortest acceptable password; GoTrue's floor is 6, argon2's input cap here 72. */
    AUTH_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(72).default(8),
    AUTH_FIRST_USER_ADMIN: booleanish.default(true),
    /** Ask for the emailed reauthentication code before a password change on a session older than 24 h. */
    AUTH_SECURE_PASSWORD_CHANGE: booleanish.default(true),
    /** Confirm an email change on both the current and the new address. */
    AUTH_SECURE_EMAIL_CHANGE: booleanish.default(true),
    AUTH_MFA_ISSUER: z.string().min(1).max(100).optional(),
    /** Sign-in by a 6-digit code texted to a phone number (through the SMS provider, else the dev outbox). */
    AUTH_PHONE_SIGN_IN: booleanish.default(true),
    /** Lifetime of a texted sign-in code. */
    AUTH_SMS_OTP_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    /** Minimum gap between two sign-in codes texted to one number. */
    AUTH_SMS_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** Anonymous sign-ins: try the app without an account, keep the data when saving it (ADR 021). */
    AUTH_ANONYMOUS_SIGN_INS: booleanish.default(false),
    AUTH_RATE_LIMITS: booleanish.default(true),
    /** Each limit is "<count>/<window>", window in s, m or h (e.g. 30/5m). */
    AUTH_RATE_LIMIT_TOKEN_PER_IP: rateLimit.prefault('150/5m'),
    /** Password sign-ins per address from one IP: what a guesser meets first. */
    AUTH_RATE_LIMIT_SIGNIN_EMAIL_IP: rateLimit.prefault('10/5m'),
    /** Password sign-ins per address from anywhere: a ceiling far above the per-IP limit. */
    AUTH_RATE_LIMIT_SIGNIN_PER_EMAIL: rateLimit.prefault('100/5m'),
    AUTH_RATE_LIMIT_EMAIL_PER_IP: rateLimit.prefault('30/5m'),
    AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: rateLimit.prefault('10/1h'),
    AUTH_RATE_LIMIT_VERIFY_PER_IP: rateLimit.prefault('30/5m'),
    AUTH_RATE_LIMIT_VERIFY_PER_EMAIL: rateLimit.prefault('10/5m'),
    AUTH_RATE_LIMIT_MFA_PER_IP: rateLimit.prefault('15/1m'),
    AUTH_RATE_LIMIT_SMS_PER_IP: rateLimit.prefault('30/5m'),
    AUTH_RATE_LIMIT_SMS_PER_PHONE: rateLimit.prefault('10/1h'),
    AUTH_RATE_LIMIT_ANONYMOUS_PER_IP: rateLimit.prefault('30/1h'),

    /** smtp://user:pass@host:587 or smtps://…; unset means emails go to the dev outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Trellis <no-reply@localhost>'),

    // Daily delivery's channels. Each unconfigured provider writes to the dev outbox.
    /** Most SMTP connections the daily emails keep open at once. */
    DELIVERY_SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
    /** An SMS provider with Twilio's API shape; SMS needs the SID, the token and SMS_FROM together. */
    SMS_BASE_URL: z
      .url({
        protocol: /^https?$/,
        message: 'must be an http(s) URL such as https://api.twilio.com',
      })
      .default('https://api.twilio.com'),
    SMS_ACCOUNT_SID: z.string().min(1).max(200).optional(),
    SMS_AUTH_TOKEN: z.string().min(1).max(500).optional(),
    /** The sending number (E.164) or sender ID. */
    SMS_FROM: z.string().min(1).max(64).optional(),
    SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** web-push sends through the browsers' push services; dev-outbox keeps push messages here. */
    PUSH_TRANSPORT: z.enum(['web-push', 'dev-outbox']).default('web-push'),
    /**
     * The hosts browsers' push endpoints may be on, comma-separated: `host`, `*.domain` (its
     * subdomains) or `*` (any public host). Every endpoint must also be https on port 443 and
     * resolve only to public addresses (server/http/outbound.ts, ADR 017).
     */
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .default(
        'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com',
      )
      .refine(
        (value) => {
          const entries = value.split(',').map((entry) => entry.trim().toLowerCase());
          return entries.every((entry) =>
            /^(\*|(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*)$/.test(entry),
          );
        },
        { message: 'must be host names, *.domain or *, comma-separated' },
      ),
    /** Who push services may contact about this server: a mailto: address or an https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),

    /**
     * End-to-end tests only: the service-role key may move the product's clock
     * (PUT /api/test/clock). Sign-in and tokens keep real time. Never on a server people use.
     */
    CLOCK_CONTROL: booleanish.default(false),

    // Daily delivery's engine: the scheduler and the senders (docs/decisions/006-delivery-outbox.md).
    /** in-process: the web process runs the delivery worker; off: run `npm run worker` separately. */
    DELIVERY_WORKER: z.enum(['in-process', 'off']).default('in-process'),
    /** How often the worker looks for due users and due deliveries when it has nothing to do. */
    DELIVERY_TICK_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    /** Users per scheduler transaction and deliveries per dispatcher claim. */
    DELIVERY_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
    /** Messages one worker has in flight at once. */
    DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(10),
    /** Attempts of one delivery before it counts as failed (and falls back to another channel). */
    DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
    /** How long a worker holds a delivery it is sending; one that died is replaced after this. */
    DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),

    // The coach's engine. See server/ai/README.md.
    AI_ENGINE: z.enum(coachEngines).default('offline'),
    /** Model id; openai and anthropic have defaults, openai-compatible needs one (e.g. llama3.1). */
    AI_MODEL: z.string().min(1).max(200).optional(),
    /** Required for openai and anthropic; optional for openai-compatible servers. */
    AI_API_KEY: z.string().min(1).optional(),
    /** Required for openai-compatible (e.g. http://localhost:11434/v1 for Ollama). */
    AI_BASE_URL: z
      .url({
        protocol: /^https?$/,
        message: 'must be an http(s) URL such as http://localhost:11434/v1',
      })
      .optional(),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
    /** Coach requests (chat, reflection, team, goals and plans) one person may make a minute. */
    AI_REQUESTS_PER_MINUTE: z.coerce
      .number({ message: 'must be a whole number of requests from 1 to 10000' })
      .int('must be a whole number of requests')
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .default(20),
    /** Model tokens one person may use in 24 hours (the offline engine uses none). */
    AI_TOKENS_PER_DAY: z.coerce
      .number({ message: 'must be a whole number of tokens from 1000 to 1000000000' })
      .int('must be a whole number of tokens')
      .min(1000, 'must be at least 1000')
      .max(1_000_000_000, 'must be at most 1000000000')
      .default(200_000),
    /**
     * The crisis guard's sentence layer (ADR 032): catches distress in words the rules do not
     * know, for about 4 ms of CPU a message. Turn off only on hardware too slow for that.
     */
    AI_CRISIS_SENTENCE_LAYER: z.enum(['on', 'off']).default('on'),
  })
  .superRefine(
    (env, ctx) => {
      const names = { apiKey: 'AI_API_KEY', baseUrl: 'AI_BASE_URL', model: 'AI_MODEL' } as const;
      const settings = {
        engine: env.AI_ENGINE,
        model: env.AI_MODEL,
        apiKey: env.AI_API_KEY,
        baseUrl: env.AI_BASE_URL,
      };
      const alreadyBad = new Set(ctx.issues.map((issue) => issue.path?.[0]));
      for (const problem of aiSettingsProblems(settings)) {
        if (alreadyBad.has(names[problem.field])) continue;
        ctx.addIssue({ code: 'custom', path: [names[problem.field]], message: problem.message });
      }
    },
    // Checked even when other settings are bad, so the one message lists every problem.
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'AI_ENGINE') },
  )
  .superRefine(
    (env, ctx) => {
      const sms = {
        SMS_ACCOUNT_SID: env.SMS_ACCOUNT_SID,
        SMS_AUTH_TOKEN: env.SMS_AUTH_TOKEN,
        SMS_FROM: env.SMS_FROM,
      };
      const set = Object.keys(sms).filter((name) => sms[name as keyof typeof sms] !== undefined);
      if (set.length === 0 || set.length === 3) return;
      for (const name of Object.keys(sms).filter((name) => !set.includes(name))) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `must be set too: SMS needs SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM together (only ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set); unset all three to keep SMS in the dev outbox`,
        });
      }
    },
    // Checked even when other settings are bad, so the one message lists every problem.
    {
      when: (payload) =>
        !payload.issues.some((issue) =>
          ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'].includes(String(issue.path?.[0])),
        ),
    },
  )
  .transform((env) => ({
    ...env,
    SMS_BASE_URL: env.SMS_BASE_URL.replace(/\/+$/, ''),
    VAPID_SUBJECT: env.VAPID_SUBJECT ?? defaultVapidSubject(env.MAIL_FROM, env.PUBLIC_URL),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    AUTH_SITE_URL: (env.AUTH_SITE_URL ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(
      /\/+$/,
      '',
    ),
  }));

/**
 * mailto: with MAIL_FROM's address; when that address is still at localhost and PUBLIC_URL is an
 * https site, the site instead (push services refuse localhost contacts).
 */
function defaultVapidSubject(mailFrom: string, publicUrl: string | undefined): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const atLocalhost = /@localhost$/i.test(address);
  if (atLocalhost && publicUrl?.startsWith('https://')) return publicUrl.replace(/\/+$/, '');
  return `mailto:${address}`;
}

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses settings, listing every bad one at once so an operator fixes them in one pass. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty value means "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`),
    );
  }
  return result.data;
}
