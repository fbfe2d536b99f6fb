import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createMailDispatcher, mailDispatcherSettings } from '#server/delivery/mail-dispatcher.ts';
import { loadEnv } from '#server/env.ts';
import { createMailOutbox, createMailService } from '#server/modules/mail/mail.service.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { createMailer, type MailLog, type MailTransport } from './mailer.ts';
import { createSmtpTransport } from './smtp.ts';
import { renderAuthEmail } from './templates.ts';

/** A tiny SMTP peer that accepts every message and keeps its DATA. */
function fakeSmtpServer(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    let pending = '';
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      let index: number;
      while ((index = pending.indexOf('\r\n')) !== -1) {
        const line = pending.slice(0, index);
        pending = pending.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else {
            data += `${line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO')
          socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        messages,
      });
    });
  });
}

describe('auth emails', () => {
  it('render accessible HTML and a plain-text twin with the link and the code', () => {
    const mail = renderAuthEmail({
      kind: 'recovery',
      to: 'ada@example.com',
      link: 'http://localhost:3000/auth/v1/verify?token=abc&type=recovery&redirect_to=x',
      code: '123456',
      ttlMinutes: 15,
      siteName: 'Trellis',
    });
    expect(mail.subject).toBe('Reset your Trellis password');
    expect(mail.template).toBe('auth.recovery');
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(mail.html).toContain(`<title>${mail.subject}</title>`);
    expect(mail.html).toContain('<h1');
    // The link has real text, and its address is escaped in the markup.
    expect(mail.html).toContain('>Choose a new password</a>');
    expect(mail.html).toContain('verify?token=abc&amp;type=recovery');
    expect(mail.html).toContain('aria-label="Code: 1 2 3 4 5 6"');
    expect(mail.text).toContain(
      'Choose a new password: http://localhost:3000/auth/v1/verify?token=abc&type=recovery',
    );
    expect(mail.text).toContain('Or enter this code: 123456');
    expect(mail.text).toContain('15 minutes');
  });

  it('escape what a user controls (an address in an email-change notice)', () => {
    const mail = renderAuthEmail({
      kind: 'email_change_current',
      to: 'ada@example.com',
      newEmail: '"><script>alert(1)</script>@example.com',
      link: 'http://localhost:3000/x',
      code: '000111',
      ttlMinutes: 15,
      siteName: 'Trellis',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('give a reauthentication code without any link', () => {
    const mail = renderAuthEmail({
      kind: 'reauthentication',
      to: 'ada@example.com',
      link: null,
      code: '654321',
      ttlMinutes: 15,
      siteName: 'Trellis',
    });
    expect(mail.link).toBeNull();
    expect(mail.html).not.toContain('<a ');
    expect(mail.text).toContain('Your code: 654321');
  });
});

describe('SMTP transport', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtpServer>>;
  let database: Database;
  beforeAll(async () => {
    smtp = await fakeSmtpServer();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await new Promise((resolve) => smtp.server.close(resolve));
    await database.close();
  });

  /** A mailer over the mail outbox, as auth.module.ts builds it. */
  function outboxMailer(transport: MailTransport, log: MailLog) {
    const clock = () => new Date();
    const sender = createMailDispatcher({
      outbox: createMailOutbox({ db: database.db, clock }),
      transport,
      clock,
      settings: { ...mailDispatcherSettings(loadEnv({ NODE_ENV: 'test' })), maxAttempts: 1 },
      log,
    });
    const mail = createMailService({ db: database.db, clock });
    return createMailer({ mail, transport: transport.kind, sender, log });
  }

  it('delivers both parts to the SMTP server in SMTP_URL, from MAIL_FROM', async () => {
    const transport = createSmtpTransport({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Trellis <auth@trellis.test>',
    });
    const errors: unknown[] = [];
    const mailer = outboxMailer(transport, {
      info: () => undefined,
      error: (o) => errors.push(o),
    });
    mailer.send(
      renderAuthEmail({
        kind: 'confirmation',
        to: 'ada@example.com',
        link: 'http://localhost:3000/auth/v1/verify?token=t&type=signup',
        code: '246810',
        ttlMinutes: 15,
        siteName: 'Trellis',
      }),
    );
    await mailer.drain();
    await transport.close?.();
    expect(errors).toEqual([]);
    expect(smtp.messages).toHaveLength(1);
    const raw = smtp.messages[0]!;
    expect(raw).toMatch(/^From: Trellis <auth@trellis\.test>$/m);
    expect(raw).toMatch(/^To: ada@example\.com$/m);
    expect(raw).toMatch(/^Subject: Confirm your email for Trellis$/m);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('246810');
  });

  it('logs a failed delivery instead of throwing into the request that queued it', async () => {
    const transport = createSmtpTransport({ url: 'smtp://127.0.0.1:1', from: 'a@b.test' });
    const errors: Record<string, unknown>[] = [];
    const mailer = outboxMailer(transport, {
      info: () => undefined,
      error: (o) => errors.push(o),
    });
    mailer.send(
      renderAuthEmail({
        kind: 'magiclink',
        to: 'x@example.com',
        link: 'http://l',
        code: '1',
        ttlMinutes: 1,
        siteName: 'T',
      }),
    );
    await mailer.drain();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ template: 'auth.magiclink', transport: 'smtp' });
    // What is logged says why, never the body (the link and the code are live).
    expect(JSON.stringify(errors)).not.toContain('http://l');
  });
});

describe('dev outbox transport', () => {
  it('stores the email with its channel and logs its link (and nothing else secret)', async () => {
    const { createDevOutboxTransport } = await import('./dev-outbox.ts');
    const { findOutboxMessage, listOutbox } =
      await import('#server/modules/dev-outbox/dev-outbox.repo.ts');
    const database = await createTestDatabase();
    try {
      const logged: Record<string, unknown>[] = [];
      const transport = createDevOutboxTransport(database.db, {
        info: (object) => logged.push(object),
        error: () => undefined,
      });
      const mail = renderAuthEmail({
        kind: 'magiclink',
        to: 'ada@example.com',
        link: 'http://localhost:3000/auth/v1/verify?token=abc&type=magiclink',
        code: '112233',
        ttlMinutes: 15,
        siteName: 'Trellis',
      });
      await transport.deliver(mail);
      const [listed] = await listOutbox(database.db, { to: 'ada@example.com', limit: 5 });
      const stored = listed ? await findOutboxMessage(database.db, listed.id) : null;
      expect(stored).toMatchObject({
        channel: 'email',
        to: 'ada@example.com',
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        link: mail.link,
        template: 'auth.magiclink',
      });
      expect(logged).toEqual([{ to: 'ada@example.com', subject: mail.subject, link: mail.link }]);
      expect(JSON.stringify(logged)).not.toContain('112233');
    } finally {
      await database.close();
    }
  });
});
