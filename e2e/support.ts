import { existsSync, readFileSync } from 'node:fs';

/** The password every journey's accounts use. */
export const PASSWORD = 'correct horse battery staple';

/**
 * The service-role key of the instance under test: from E2E_SERVICE_ROLE_KEY, or the
 * .tmp/e2e-keys.json that scripts/e2e-server.mjs writes for the instance it starts. Journeys that
 * need the admin API skip without it.
 */
export function serviceRoleKey(): string | null {
  if (process.env.E2E_SERVICE_ROLE_KEY) return process.env.E2E_SERVICE_ROLE_KEY;
  const file = new URL('../.tmp/e2e-keys.json', import.meta.url);
  if (!existsSync(file)) return null;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return typeof parsed === 'object' &&
    parsed !== null &&
    'serviceRoleKey' in parsed &&
    typeof parsed.serviceRoleKey === 'string'
    ? parsed.serviceRoleKey
    : null;
}

/** An address no other journey (or earlier run on the same data) has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
