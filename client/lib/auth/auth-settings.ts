import { useEffect, useState } from 'react';
import { z } from 'zod';
import { loadedRuntimeConfig, loadRuntimeConfig } from '#client/lib/runtime-config.ts';

/** The sign-in options this server offers (GET /auth/v1/settings, GoTrue's shape). */
export interface AuthSettings {
  /** Sign-in by a texted code (AUTH_PHONE_SIGN_IN). */
  phone: boolean;
  /** Trying the app without an account (AUTH_ANONYMOUS_SIGN_INS). */
  anonymous: boolean;
}

const settingsSchema = z.looseObject({
  external: z.looseObject({
    phone: z.boolean().optional(),
    anonymous_users: z.boolean().optional(),
  }),
});

const NONE: AuthSettings = { phone: false, anonymous: false };

let cached: Promise<AuthSettings> | undefined;

let prerendering: AuthSettings | undefined;

/**
 * The options a build-time prerender shows (client/entry-server.tsx): the build writes each
 * sign-in page once per value of its option, and the server sends the one that matches it.
 */
export function setPrerenderedAuthSettings(settings: AuthSettings | undefined) {
  prerendering = settings;
}

/** What the page knows without asking: the prerender's options, or the server's runtime config. */
function knownAuthSettings(): AuthSettings | undefined {
  if (import.meta.env.SSR) return prerendering ?? NONE;
  return loadedRuntimeConfig()?.signInOptions;
}

/** Reads the server's sign-in options once per page load; a failure means "email only". */
export function loadAuthSettings(): Promise<AuthSettings> {
  cached ??= loadRuntimeConfig()
    .then(async (config) => {
      if (config.signInOptions) return config.signInOptions;
      const base = config.supabaseUrl ?? window.location.origin;
      const response = await fetch(`${base}/auth/v1/settings`, {
        headers: { apikey: config.publishableKey },
      });
      if (!response.ok) return NONE;
      const { external } = settingsSchema.parse(await response.json());
      return { phone: external.phone === true, anonymous: external.anonymous_users === true };
    })
    .catch(() => {
      cached = undefined;
      return NONE;
    });
  return cached;
}

/** The server's sign-in options; email only until they are known. */
export function useAuthSettings(): AuthSettings {
  const [settings, setSettings] = useState<AuthSettings>(() => knownAuthSettings() ?? NONE);
  useEffect(() => {
    if (knownAuthSettings()) return;
    let active = true;
    void loadAuthSettings().then((loaded) => {
      if (active) setSettings(loaded);
    });
    return () => {
      active = false;
    };
  }, []);
  return settings;
}
