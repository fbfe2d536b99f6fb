// The server Playwright drives: `npm start` on a data directory of its own, emptied first, so
// every run begins like a fresh install (the first sign-up becomes the admin).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });

// The service-role key, for journeys that need accounts of a given role (e2e/auth.e2e.ts creates
// them through the admin API). `npm run keys` makes the keys of the fresh instance before it starts.
const keysFile = join(root, '.tmp/e2e-keys.json');
rmSync(keysFile, { force: true });
if (existsSync(join(root, 'scripts/keys.ts'))) {
  const keys = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/keys.ts')],
    { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  const serviceRoleKey = /Service-role key:\s+(\S+)/.exec(keys.stdout ?? '')?.[1];
  if (serviceRoleKey) writeFileSync(keysFile, JSON.stringify({ serviceRoleKey }));
  else process.stderr.write(`e2e-server: no service-role key (${keys.stderr ?? ''})\n`);
}

const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every journey comes from 127.0.0.1, so the per-IP limits are raised here; the per-address
    // limits stay as shipped, and server/auth/auth.security.test.ts proves the limits themselves.
    AUTH_RATE_LIMIT_TOKEN_PER_IP: '2000/5m',
    AUTH_RATE_LIMIT_EMAIL_PER_IP: '2000/5m',
    AUTH_RATE_LIMIT_VERIFY_PER_IP: '2000/5m',
    AUTH_RATE_LIMIT_MFA_PER_IP: '2000/5m',
    // "Try it without an account" on /signup (off by default, ADR 021): it only adds that entry,
    // and e2e/phone-and-anonymous.e2e.ts follows someone from it to a saved account.
    AUTH_ANONYMOUS_SIGN_INS: 'true',
    // The first-week journey moves the product's clock day by day (service-role key only).
    CLOCK_CONTROL: 'true',
    // A second coach engine for the admins' AI panel (e2e/admin-operations.e2e.ts), with no service
    // behind it: an OpenAI-compatible server at a port nothing listens on. AI_ENGINE stays offline,
    // so every other journey's coach is the offline one; chosen at run time, its calls fail at once
    // and the offline coach answers instead (a fallback, recorded under openai-compatible).
    AI_BASE_URL: 'http://127.0.0.1:9/v1',
    AI_MODEL: 'e2e-unreachable-model',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => process.exit(code ?? 0));
