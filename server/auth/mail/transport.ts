import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { MailTransport } from '#server/modules/mail/mail.service.ts';
import { createDevOutboxTransport } from './dev-outbox.ts';
import type { MailLog } from './mailer.ts';
import { createSmtpTransport } from './smtp.ts';

/** SMTP when SMTP_URL is set, the dev outbox otherwise (the web process and `npm run worker`). */
export function mailTransportFromEnv(env: Env, db: Db, log: MailLog): MailTransport {
  return env.SMTP_URL
    ? createSmtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : createDevOutboxTransport(db, log);
}
