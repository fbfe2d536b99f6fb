import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig } from './runtime-config.ts';

/** The fixed localStorage key the session lives under (spec §9), whatever the server's host. */
export const AUTH_STORAGE_KEY = 'trellis-auth-token';

let client: Promise<SupabaseClient> | undefined;
let ready: SupabaseClient | undefined;

/**
 * The app's one supabase-js client, used for auth only. Created on first use so the landing page
 * never loads it; every later call gets the same instance (one session, one refresh timer).
 */
export function getAuthClient(): Promise<SupabaseClient> {
  client ??= loadRuntimeConfig().then((config) =>
    // An instance without a configured key still talks to its own /auth/v1, which does not need one.
    createClient(config.supabaseUrl ?? window.location.origin, config.publishableKey || 'unset', {
      auth: {
        autoRefreshToken: true,
        persistSession: true,
        storage: window.localStorage,
        storageKey: AUTH_STORAGE_KEY,
        flowType: 'pkce',
        detectSessionInUrl: false,
      },
    }),
  );
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
export function readyAuthClient(): SupabaseClient | undefined {
  return ready;
}
