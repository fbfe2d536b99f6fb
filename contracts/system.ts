import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';

export const healthSchema = z.object({ status: z.literal('ok') });

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: z.boolean(), migrations: z.boolean() }),
});

/** Values the server injects into the page; nothing secret ever goes here. */
export const runtimeConfigSchema = z.object({
  /** Where supabase-js talks to; null means this server's own origin. */
  supabaseUrl: z.string().nullable(),
  publishableKey: z.string(),
  version: z.string(),
  /** AUTH_PASSWORD_MIN_LENGTH: the password forms' minimum (GoTrue's /settings has no such field). */
  passwordMinLength: z.number().int().min(6).max(72).default(8),
  /**
   * The sign-in options this server's own /auth/v1 offers (absent when supabaseUrl points
   * elsewhere): the sign-in pages show them in their first paint, without asking /settings.
   */
  signInOptions: z.object({ phone: z.boolean(), anonymous: z.boolean() }).optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Moves the product's clock (CLOCK_CONTROL, end-to-end tests only); null goes back to real time. */
export const setClockSchema = z.object({ at: z.iso.datetime({ offset: true }).nullable() });

export const clockSchema = z.object({
  now: z.iso.datetime(),
  /** How far the product's clock is from real time, in milliseconds. */
  offsetMs: z.number().int(),
});

export const systemPaths = {
  runtimeConfig: apiPath('/api/runtime-config'),
  clock: apiPath('/api/test/clock'),
} as const;
