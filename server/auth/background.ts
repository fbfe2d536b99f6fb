import type { MailLog } from './mail/mailer.ts';

/**
 * Work that must not hold up (or show in the timing of) an HTTP answer, such as issuing a
 * recovery link only when the address has an account. Failures are logged, never thrown.
 */
export interface Background {
  run(name: string, task: () => Promise<void>): void;
  /** Waits for everything started so far (tests, shutdown). */
  drain(): Promise<void>;
}

export function createBackground(log: MailLog): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      const job: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) =>
          log.error({ err: error, task: name }, 'background auth task failed'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
