import { GoTrueClient } from '@supabase/auth-js';
import { loadRuntimeConfig } from './runtime-config.ts';

/** The fixed localStorage key the session lives under (spec §9), whatever the server's host. */
export const AUTH_STORAGE_KEY = 'trellis-auth-token';

/**
 * The app talks to the server's /auth/v1 only, so it holds supabase-js's auth client by itself
 * (@supabase/auth-js, the same code supabase-js wraps) rather than the whole supabase-js client with
 * its database, storage and realtime clients: about a third of a sign-in page's first load.
 * `auth` keeps supabase-js's shape for the call sites.
 */
export interface AppAuthClient {
  auth: GoTrueClient;
}

let client: Promise<AppAuthClient> | undefined;
let ready: AppAuthClient | undefined;

/**
 * The app's one supabase-js client, used for auth only. Created on first use so the landing page
 * never loads it; every later call gets the same instance (one session, one refresh timer).
 */
export function getAuthClient(): Promise<AppAuthClient> {
  client ??= loadRuntimeConfig().then((config) => {
    // An instance without a configured key still talks to its own /auth/v1, which does not need one.
    const key = config.publishableKey || 'unset';
    const base = config.supabaseUrl ?? window.location.origin;
    return {
      auth: new GoTrueClient({
        url: new URL('auth/v1', base.endsWith('/') ? base : `${base}/`).href,
        // The headers supabase-js sends with every auth call.
        headers: { Authorization: `Bearer ${key}`, apikey: key },
        autoRefreshToken: true,
        persistSession: true,
        storage: window.localStorage,
        storageKey: AUTH_STORAGE_KEY,
        flowType: 'pkce',
        detectSessionInUrl: false,
      }),
    };
  });
  // A failed start (say, the runtime config did not load) must not stick: the next call retries.
  client.then(
    (created) => {
      ready = created;
    },
    () => {
      client = undefined;
    },
  );
  return client;
}

/**
 * The client once getAuthClient has resolved, else undefined. main.tsx waits for it before
 * hydrating a prerendered sign-in page, so that render does not suspend and matches the HTML.
 */
export function readyAuthClient(): AppAuthClient | undefined {
  return ready;
}
