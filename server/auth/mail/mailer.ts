import type { MailMessage, MailService, MailTransport } from '#server/modules/mail/mail.service.ts';

// The message and transport types belong to the mail module (server/modules/mail); auth's files
// keep importing them from here.
export type { MailMessage, MailTransport };

export interface MailLog {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/**
 * Queues in the background: the HTTP answer never waits for (or reveals through its timing)
 * whether an email went out, nor even for its row. The mail outbox sends it, with retries.
 * `drain()` waits for the rows and then for the sender to send everything due (tests).
 */
export interface Mailer {
  readonly transport: MailTransport['kind'];
  send(message: MailMessage): void;
  drain(): Promise<void>;
  /** Waits for the rows still being written (shutdown: the sender sends them later). */
  settle(): Promise<void>;
}

/** The driver's error code (e.g. 42P01), looked for on the error and on what it wraps. */
function errorCode(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; depth < 3; depth += 1) {
    if (typeof current !== 'object' || current === null) return null;
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : null;
  }
  return null;
}

export function createMailer(options: {
  mail: Pick<MailService, 'enqueue'>;
  transport: MailTransport['kind'];
  sender: { drain(): Promise<void> };
  log: MailLog;
}): Mailer {
  const { mail, log } = options;
  const pending = new Set<Promise<void>>();
  const settle = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  return {
    transport: options.transport,
    send(message) {
      const job: Promise<void> = mail
        .enqueue(message)
        .then(() => undefined)
        .catch((error: unknown) => {
          // Not the error itself: a failed query's message carries its parameters (the body).
          log.error(
            { code: errorCode(error), template: message.template, transport: options.transport },
            'could not queue an email',
          );
        })
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      await settle();
      await options.sender.drain();
    },
    settle,
  };
}
