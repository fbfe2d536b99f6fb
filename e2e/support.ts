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

/** A stored SMART goal as the API takes it ("Run a 10K", health), due `daysAhead` days from now. */
export function sampleGoal(daysAhead: number) {
  const deadline = new Date(Date.now() + daysAhead * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    goal: {
      title: 'Run a 10K',
      domain: 'health',
      specific: 'Run 10 km without stopping.',
      metric: { name: 'distance', target: 10, unit: 'km' },
      deadline,
      why: 'More energy for the people I love.',
      firstStep: 'Run 2 km on Monday.',
      weeklyHours: 3,
    },
  };
}
