import type { Transporter } from 'nodemailer';
import type { MailTransport } from '#server/modules/mail/mail.service.ts';

/** Delivers through the SMTP server in SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS). */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  // nodemailer loads with the first email rather than at start-up.
  let transporter: Promise<Transporter> | null = null;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options.url),
    ));
  return {
    kind: 'smtp',
    async deliver(message) {
      await (
        await transport()
      ).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
    },
    async close() {
      (await transporter)?.close();
    },
  };
}
