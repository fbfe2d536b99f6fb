/** An email ready to go: both an accessible HTML body and a plain-text one. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The link the person is meant to follow, if the email has one. */
  link: string | null;
  /** Which template produced it, e.g. auth.confirmation. */
  template: string;
}

/** Something that delivers one email (SMTP, or the dev outbox). */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-outbox';
  deliver(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

export interface MailLog {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/**
 * Sends in the background: the HTTP answer never waits for (or reveals through its timing)
 * whether an email went out. `drain()` waits for everything queued, for tests and shutdown.
 */
export interface Mailer {
  readonly transport: MailTransport['kind'];
  send(message: MailMessage): void;
  drain(): Promise<void>;
}

export function createMailer(transport: MailTransport, log: MailLog): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    transport: transport.kind,
    send(message) {
      const job = transport
        .deliver(message)
        .catch((error: unknown) => {
          log.error(
            { err: error, template: message.template, transport: transport.kind },
            'could not send an email',
          );
        })
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
