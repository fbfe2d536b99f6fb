import type { Db } from '#server/db/client.ts';
import { createDevOutboxService } from '#server/modules/dev-outbox/dev-outbox.service.ts';
import type { MailTransport } from '#server/modules/mail/mail.service.ts';
import type { MailLog } from './mailer.ts';

/**
 * With no SMTP configured, emails are stored in dev_outbox and their link is logged, so a person
 * on a fresh machine can follow it. Logging the link is deliberate (and only happens here).
 */
export function createDevOutboxTransport(db: Db, log: MailLog): MailTransport {
  const outbox = createDevOutboxService({ db });
  return {
    kind: 'dev-outbox',
    async deliver(message) {
      await outbox.record({
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
