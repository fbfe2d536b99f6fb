import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';

// The only code that touches mail_outbox. Every function takes `db`, which may be a transaction:
// an email enqueued inside the caller's transaction exists exactly when what it announces does.

/** Workers in other processes wake on this channel (NOTIFY is sent when the insert commits). */
export const MAIL_WAKE_CHANNEL = 'trellis_mail';

const iso = (date: Date) => date.toISOString();

export interface NewMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  link: string | null;
  template: string;
}

/** Queues one email, due now, and wakes the senders listening in other processes. */
export async function insertMail(db: Db, mail: NewMail, now: Date): Promise<void> {
  await queryRows(
    db,
    sql`with queued as (
          insert into ${mailOutbox} (id, "to", subject, html, text, link, template, status, attempts,
            next_attempt_at, created_at, updated_at)
          values (${mail.id}::uuid, ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${mail.link},
            ${mail.template}, 'queued', 0, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz,
            ${iso(now)}::timestamptz)
          returning id
        )
        select pg_notify(${MAIL_WAKE_CHANNEL}, '') from queued`,
  );
}

/** A claimed email: the row is `sending` under this claim's lease and attempt number. */
export interface ClaimedMail {
  id: string;
  attempt: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  link: string | null;
  template: string;
}

interface ClaimedRow {
  id: string;
  attempts: number;
  to: string;
  subject: string;
  html: string | null;
  text: string | null;
  link: string | null;
  template: string;
}

/**
 * Claims up to `limit` due emails in one committed statement: queued ones whose time has come and
 * `sending` ones whose lease ran out (their worker died). Each becomes `sending` with attempts + 1
 * and next_attempt_at = lease_until, so the due index finds it again exactly when the lease ends.
 */
export async function claimDueMail(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedMail[]> {
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`with due as (
          select id from mail_outbox
          where status in ('queued', 'sending') and next_attempt_at <= ${iso(now)}::timestamptz
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        update mail_outbox m
        set status = 'sending', attempts = m.attempts + 1, lease_until = ${iso(leaseUntil)}::timestamptz,
          next_attempt_at = ${iso(leaseUntil)}::timestamptz, updated_at = ${iso(now)}::timestamptz
        from due where m.id = due.id
        returning m.id, m.attempts, m."to", m.subject, m.html, m.text, m.link, m.template`,
  );
  return rows.map((r) => ({
    id: r.id,
    attempt: r.attempts,
    to: r.to,
    subject: r.subject,
    html: r.html ?? '',
    text: r.text ?? '',
    link: r.link,
    template: r.template,
  }));
}

/** The claim still holds the row: a worker that outlived its lease must not overwrite the next. */
const heldBy = (claim: { id: string; attempt: number }) =>
  and(
    eq(mailOutbox.id, claim.id),
    eq(mailOutbox.attempts, claim.attempt),
    eq(mailOutbox.status, 'sending'),
  );

/** Writes an outcome only while `claim` still holds the row (a late worker's outcome is dropped). */
async function finishClaim(
  db: Db,
  claim: { id: string; attempt: number },
  outcome: Partial<typeof mailOutbox.$inferInsert>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ leaseUntil: null, ...outcome, updatedAt: now })
    .where(heldBy(claim))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

// A finished row keeps no body: its links carry tokens, and nothing reads them once it is sent.
const WITHOUT_BODY = { html: null, text: null, link: null, nextAttemptAt: null } as const;

/** Sent: the body goes, the row stays as the record. */
export function markMailSent(
  db: Db,
  claim: { id: string; attempt: number },
  now: Date,
): Promise<boolean> {
  return finishClaim(
    db,
    claim,
    { status: 'sent', sentAt: now, lastError: null, ...WITHOUT_BODY },
    now,
  );
}

/** A temporary failure: queued again for `nextAttemptAt`. */
export function scheduleMailRetry(
  db: Db,
  claim: { id: string; attempt: number },
  error: string,
  nextAttemptAt: Date,
  now: Date,
): Promise<boolean> {
  return finishClaim(db, claim, { status: 'queued', nextAttemptAt, lastError: error }, now);
}

/** Given up: kept (without its body) so an operator can see what did not go out and why. */
export function markMailFailed(
  db: Db,
  claim: { id: string; attempt: number },
  error: string,
  now: Date,
): Promise<boolean> {
  return finishClaim(db, claim, { status: 'failed', lastError: error, ...WITHOUT_BODY }, now);
}

/** Gives claims back untried (a worker stopping): queued, due now, the attempt not counted. */
export async function releaseMailClaims(
  db: Db,
  claims: readonly { id: string; attempt: number }[],
  now: Date,
): Promise<void> {
  for (const claim of claims) {
    await db
      .update(mailOutbox)
      .set({
        status: 'queued',
        attempts: claim.attempt - 1,
        nextAttemptAt: now,
        leaseUntil: null,
        updatedAt: now,
      })
      .where(heldBy(claim));
  }
}

export type MailRow = typeof mailOutbox.$inferSelect;

/** One email by id (tests and operators' tools). */
export async function findMail(db: Db, id: string): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
