// `npm run keys`: prints this instance's publishable key (for browsers and apps) and its
// service-role key (for trusted servers only), making them first if the instance is fresh.
import { ensureAuthKeys } from '#server/auth/keys.ts';
import { runCli, type CliContext } from './cli-support.ts';

export async function runKeys(ctx: CliContext): Promise<number> {
  const keys = await ensureAuthKeys(ctx.database.db, new Date());
  const base = `${ctx.env.PUBLIC_URL}/auth/v1`;
  ctx.out(`Auth URL:          ${base}`);
  ctx.out(`Publishable key:   ${keys.publishableKey}`);
  ctx.out('                   (public: the web app sends it as `apikey`)');
  ctx.out(`Service-role key:  ${keys.serviceRoleKey}`);
  ctx.out(
    '                   (secret: admin API only; never put it in a browser, an app or a repository)',
  );
  ctx.out(`Public keys:       ${base}/.well-known/jwks.json`);
  return 0;
}

await runCli(import.meta.url, runKeys);
