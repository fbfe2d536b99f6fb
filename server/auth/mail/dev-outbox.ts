import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { insertOutbox } from '#server/auth/dev-outbox.repo.ts';
import type { MailLog, MailTransport } from './mailer.ts';

/**
 * With no SMTP configured, emails are stored in dev_outbox and their link is logged, so a person
 * on a fresh machine can follow it. Logging the link is deliberate (and only happens here).
 */
export function createDevOutboxTransport(db: Db, log: MailLog): MailTransport {
  return {
    kind: 'dev-outbox',
    async deliver(message) {
      await insertOutbox(db, {
        id: randomUUID(),
        channel: 'email',
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        link: message.link,
        template: message.template,
      });
      log.info(
        { to: message.to, subject: message.subject, link: message.link },
        'dev outbox: email stored (set SMTP_URL to send real email)',
      );
    },
  };
}
