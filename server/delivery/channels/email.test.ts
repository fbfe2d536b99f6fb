import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender } from '#server/modules/channels/channel-sender.ts';
import { classifySmtpError, createSmtpSender } from './email.ts';
import { emailMessage } from './test-support.ts';

/** How the peer answers RCPT TO for an address: accepted, or an SMTP error code. */
const rcptAnswers: Record<string, { code: number; text: string }> = {
  'gone@example.com': { code: 550, text: '5.1.1 Mailbox unavailable' },
  'busy@example.com': { code: 451, text: '4.7.1 Greylisted, try again later' },
};

function smtpPeer(): Promise<{ server: SMTPServer; port: number; received: string[] }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const answer = rcptAnswers[address.address];
      if (!answer) return callback();
      const error = Object.assign(new Error(answer.text), { responseCode: answer.code });
      callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Unfolded, so a long header reads on one line.
        received.push(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/\r\n(?=[ \t])/g, ''),
        );
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        received,
      });
    });
  });
}

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe('the SMTP sender', () => {
  let peer: Awaited<ReturnType<typeof smtpPeer>>;
  let sender: ChannelSender;

  beforeAll(async () => {
    peer = await smtpPeer();
    sender = createSmtpSender({
      url: `smtp://127.0.0.1:${peer.port}`,
      from: 'Trellis <daily@trellis.example>',
      publicUrl: 'https://trellis.example.com',
      maxConnections: 2,
    });
  });

  afterAll(async () => {
    await sender.close();
    await new Promise<void>((resolve) => peer.server.close(() => resolve()));
  });

  it('delivers both parts with the delivery’s Message-ID and the unsubscribe headers', async () => {
    const message = emailMessage();
    const before = peer.received.length;
    const outcome = await sender.send(message);

    const messageId = `<${message.idempotencyKey}@trellis.example.com>`;
    expect(outcome).toEqual({ ok: true, providerMessageId: messageId });
    expect(peer.received.slice(before)).toHaveLength(1);
    const raw = peer.received[before] ?? '';
    expect(raw).toContain(`Message-ID: ${messageId}`);
    expect(raw).toContain('From: Trellis <daily@trellis.example>');
    expect(raw).toContain('To: ada@example.com');
    expect(raw).toContain('Subject: Your top three for Tuesday');
    expect(raw).toContain('List-Unsubscribe: <http://localhost:3000/l/unsubscribe?t=xyz>');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain('Content-Type: multipart/alternative');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('Finish the outline');
  });

  it('gives a resend of the same delivery the same Message-ID', async () => {
    const message = emailMessage();
    const before = peer.received.length;
    const first = await sender.send(message);
    const again = await sender.send(message);
    expect(first).toEqual(again);
    const header = `Message-ID: <${message.idempotencyKey}@trellis.example.com>`;
    expect(peer.received.slice(before).map((raw) => raw.includes(header))).toEqual([true, true]);
  });

  it('counts a refused address (550) as permanent, in words a person can act on', async () => {
    const before = peer.received.length;
    const outcome = await sender.send(emailMessage({ to: 'gone@example.com' }));
    expect(outcome).toEqual({
      ok: false,
      permanent: true,
      error: 'The mail server refused the address (550 5.1.1 Mailbox unavailable)',
    });
    expect(peer.received).toHaveLength(before);
  });

  it('counts a deferral (451) as temporary', async () => {
    const outcome = await sender.send(emailMessage({ to: 'busy@example.com' }));
    expect(outcome).toEqual({
      ok: false,
      permanent: false,
      error: 'The mail server asked us to try again later (451 4.7.1 Greylisted, try again later)',
    });
  });

  it('counts a refused connection as temporary', async () => {
    const port = await closedPort();
    const unreachable = createSmtpSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Trellis <daily@trellis.example>',
      publicUrl: 'https://trellis.example.com',
      maxConnections: 1,
    });
    try {
      const outcome = await unreachable.send(emailMessage());
      expect(outcome).toEqual({
        ok: false,
        permanent: false,
        error: 'Could not reach the mail server (ECONNREFUSED)',
      });
    } finally {
      await unreachable.close();
    }
  });
});

describe('SMTP failures', () => {
  it('are permanent for 5xx answers and temporary for 4xx, timeouts and lost connections', () => {
    expect(
      classifySmtpError({ code: 'EMESSAGE', responseCode: 554, response: '554 5.7.1 Spam' }),
    ).toEqual({
      ok: false,
      permanent: true,
      error: 'The mail server refused the message (554 5.7.1 Spam)',
    });
    expect(
      classifySmtpError({
        code: 'EAUTH',
        responseCode: 535,
        response: '535 5.7.8 Bad credentials',
      }),
    ).toMatchObject({
      permanent: true,
      error: expect.stringContaining('check SMTP_URL') as string,
    });
    expect(classifySmtpError({ code: 'ETIMEDOUT' })).toEqual({
      ok: false,
      permanent: false,
      error: 'The mail server did not answer in time',
    });
    expect(classifySmtpError({ code: 'ECONNECTION' })).toMatchObject({ permanent: false });
    expect(classifySmtpError(new Error('anything else'))).toMatchObject({ permanent: false });
  });
});
