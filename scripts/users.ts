// `npm run users -- <command>`: manage accounts from the command line, on the same database the
// server uses (DATA_DIR or DATABASE_URL, from the environment or .env).
//
//   npm run users -- create --email ada@example.com --password '…' --role coach
//   npm run users -- set-role --email ada@example.com --role admin
//   npm run users -- list
import { parseArgs } from 'node:util';
import { AccountError, createAccountsService } from '#server/auth/accounts.service.ts';
import { runCli, type CliContext } from './cli-support.ts';

const USAGE = `Usage:
  npm run users -- create --email <address> --password <password> [--role user|coach|admin]
  npm run users -- set-role --email <address> --role user|coach|admin
  npm run users -- list`;

/** Runs one users command; returns the process exit code (0 ok, 1 refused, 2 usage). */
export async function runUsers(argv: string[], ctx: CliContext): Promise<number> {
  const [command, ...rest] = argv;
  let values: { email?: string; password?: string; role?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error: unknown) {
    ctx.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const accounts = createAccountsService({ db: ctx.database.db, env: ctx.env });
  try {
    switch (command ?? '') {
      case 'create': {
        if (!values.email || !values.password) {
          ctx.err(`create needs --email and --password.\n${USAGE}`);
          return 2;
        }
        const account = await accounts.create({
          email: values.email,
          password: values.password,
          ...(values.role ? { role: values.role } : {}),
        });
        ctx.out(`Created ${account.role} account ${account.email} (${account.id}).`);
        return 0;
      }
      case 'set-role': {
        if (!values.email || !values.role) {
          ctx.err(`set-role needs --email and --role.\n${USAGE}`);
          return 2;
        }
        const { account, previous } = await accounts.setRole({
          email: values.email,
          role: values.role,
        });
        ctx.out(
          previous === account.role
            ? `${account.email} already has the role ${account.role}.`
            : `${account.email} is now ${account.role} (was ${previous}).`,
        );
        return 0;
      }
      case 'list': {
        const all = await accounts.list();
        if (all.length === 0) ctx.out('No accounts yet.');
        for (const account of all) {
          ctx.out(
            `${account.email}\t${account.role}\t${account.confirmed ? 'confirmed' : 'unconfirmed'}\t${account.createdAt.toISOString()}`,
          );
        }
        return 0;
      }
      default:
        ctx.err(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
        return 2;
    }
  } catch (error: unknown) {
    if (error instanceof AccountError) {
      ctx.err(error.message);
      return 1;
    }
    throw error;
  }
}

await runCli(import.meta.url, (ctx) => runUsers(process.argv.slice(2), ctx));
