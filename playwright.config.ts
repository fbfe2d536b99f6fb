import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

/**
 * One server for the whole run: the app exactly as `npm start` serves it, on a fresh data
 * directory, driven by Debian's Chromium (Playwright's own browser download is not used).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: 2,
  // CI retries a journey once; `npm run test:stress` sets E2E_RETRIES=0 so a flaky one shows.
  retries: Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0)),
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Budgets, not waits: every step waits on state. Two workers, the server and two browsers share
  // two cores, where one page load can take seconds; a journey that does many gets its own budget.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    // As people who ask for less motion see it: toasts and panels appear without a transition, so
    // axe never reads a toast half-faded in (a contrast failure by chance on a loaded machine).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: ['**/first-week.e2e.ts', '**/admin-operations.e2e.ts'] },
    // Switches every coach's engine for a moment and broadcasts to every coach on the server, so it
    // runs alone, once the other journeys are done.
    {
      name: 'admin operations',
      testMatch: '**/admin-operations.e2e.ts',
      dependencies: ['journeys'],
    },
    // Moves the server's product clock (CLOCK_CONTROL), so it runs alone, last.
    { name: 'first week', testMatch: '**/first-week.e2e.ts', dependencies: ['admin operations'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/readyz`,
    reuseExistingServer: !process.env.CI,
    // Builds the client and server first on a fresh clone: minutes on a loaded 2-core machine.
    timeout: 480_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT) },
  },
});
