import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '#server/env.ts';
import type { ChannelSender } from '#server/modules/channels/channel-sender.ts';
import { createHttpSmsSender, smsStatusCallbackUrl, verificationSmsText } from './sms.ts';
import { smsMessage } from './test-support.ts';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'secret-token-never-logged';

interface Seen {
  method: string | undefined;
  path: string | undefined;
  authorization: string | undefined;
  idempotency: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/**
 * A provider in Twilio's shape. How it answers depends on the number: +15005550001 is invalid
 * (21211), +15005550009 meets an outage (503), +15005550010 never gets an answer.
 */
function providerPeer(): Promise<{ server: Server; baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      seen.push({
        method: request.method,
        path: request.url,
        authorization: request.headers.authorization,
        idempotency: request.headers['i-twilio-idempotency-token'] as string | undefined,
        contentType: request.headers['content-type'],
        form,
      });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.headers.authorization !== `Basic ${btoa(`${SID}:${TOKEN}`)}`)
        return json(401, { code: 20003, message: 'Authenticate', status: 401 });
      if (form.To === '+15005550010') return; // never answers
      if (form.To === '+15005550009') return json(503, { message: 'Service unavailable' });
      if (form.To === '+15005550001')
        return json(400, {
          code: 21211,
          message: "The 'To' number +15005550001 is not a valid phone number.",
          status: 400,
        });
      json(201, { sid: `SM${seen.length.toString().padStart(32, '0')}`, status: 'queued' });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, baseUrl: `http://127.0.0.1:${port}`, seen });
    });
  });
}

describe('the HTTP SMS sender', () => {
  let peer: Awaited<ReturnType<typeof providerPeer>>;
  let sender: ChannelSender;

  beforeAll(async () => {
    peer = await providerPeer();
    sender = createHttpSmsSender({
      baseUrl: peer.baseUrl,
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
      timeoutMs: 200,
    });
  });

  afterAll(async () => {
    await sender.close();
    peer.server.closeAllConnections();
    await new Promise((resolve) => peer.server.close(resolve));
  });

  it('posts the form to Messages.json with basic auth and the idempotency token', async () => {
    const message = smsMessage();
    const outcome = await sender.send(message);

    expect(outcome).toEqual({
      ok: true,
      providerMessageId: expect.stringMatching(/^SM\d{32}$/) as string,
    });
    expect(peer.seen.at(-1)).toEqual({
      method: 'POST',
      path: `/2010-04-01/Accounts/${SID}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
      idempotency: message.idempotencyKey,
      contentType: 'application/x-www-form-urlencoded',
      form: { To: '+14155550123', From: '+15005550006', Body: message.text },
    });
  });

  it('asks the provider for delivery receipts at the status callback when given one', async () => {
    const withReceipts = createHttpSmsSender({
      baseUrl: peer.baseUrl,
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
      timeoutMs: 5000,
      statusCallbackUrl: 'https://trellis.example/api/webhooks/sms/status',
    });
    const message = smsMessage();
    expect((await withReceipts.send(message)).ok).toBe(true);
    expect(peer.seen.at(-1)?.form).toEqual({
      To: '+14155550123',
      From: '+15005550006',
      Body: message.text,
      StatusCallback: 'https://trellis.example/api/webhooks/sms/status',
    });
  });

  it('gives a receipts URL only for an https PUBLIC_URL, which the provider can reach', () => {
    expect(smsStatusCallbackUrl('https://trellis.example')).toBe(
      'https://trellis.example/api/webhooks/sms/status',
    );
    expect(smsStatusCallbackUrl('http://localhost:3000')).toBeNull();
  });

  it('counts an invalid number (21211) as permanent, saying so', async () => {
    const outcome = await sender.send(smsMessage({ to: '+15005550001' }));
    expect(outcome).toEqual({
      ok: false,
      permanent: true,
      error:
        "The phone number is not valid (400, code 21211: The 'To' number +15005550001 is not a valid phone number.)",
    });
  });

  it('counts an outage (503) as temporary', async () => {
    const outcome = await sender.send(smsMessage({ to: '+15005550009' }));
    expect(outcome).toEqual({
      ok: false,
      permanent: false,
      error: 'The SMS provider is unavailable (503), trying again later',
    });
  });

  it('counts a provider that never answers as temporary, after SMS_TIMEOUT_MS', async () => {
    const outcome = await sender.send(smsMessage({ to: '+15005550010' }));
    expect(outcome).toEqual({
      ok: false,
      permanent: false,
      error: 'The SMS provider did not answer within 200 ms',
    });
  });

  it('counts refused credentials as permanent without repeating the token', async () => {
    const wrong = createHttpSmsSender({
      baseUrl: peer.baseUrl,
      accountSid: SID,
      authToken: 'not-the-token',
      from: '+15005550006',
      timeoutMs: 5000,
    });
    const outcome = await wrong.send(smsMessage());
    expect(outcome).toEqual({
      ok: false,
      permanent: true,
      error:
        'The SMS provider refused our credentials (401): check SMS_ACCOUNT_SID and SMS_AUTH_TOKEN',
    });
    expect(JSON.stringify(outcome)).not.toContain('not-the-token');
  });

  it('counts an unreachable provider as temporary', async () => {
    const probe = createServer();
    const port = await new Promise<number>((resolve) => {
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        const free = typeof address === 'object' && address ? address.port : 0;
        probe.close(() => resolve(free));
      });
    });
    const unreachable = createHttpSmsSender({
      baseUrl: `http://127.0.0.1:${port}`,
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
      timeoutMs: 5000,
    });
    expect(await unreachable.send(smsMessage())).toEqual({
      ok: false,
      permanent: false,
      error: 'Could not reach the SMS provider (ECONNREFUSED)',
    });
  });
});

describe('SMS settings', () => {
  it('refuse a partial provider, listing what is missing', () => {
    let caught: unknown;
    try {
      loadEnv({ SMS_ACCOUNT_SID: SID });
    } catch (error: unknown) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^SMS_AUTH_TOKEN: must be set too: .*only SMS_ACCOUNT_SID is set/);
    expect(problems[1]).toMatch(/^SMS_FROM: must be set too: /);
  });

  it('default to Twilio, with neither part set meaning the dev outbox', () => {
    const env = loadEnv({});
    expect(env.SMS_BASE_URL).toBe('https://api.twilio.com');
    expect(env.SMS_TIMEOUT_MS).toBe(10_000);
    expect([env.SMS_ACCOUNT_SID, env.SMS_AUTH_TOKEN, env.SMS_FROM]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const full = loadEnv({
      SMS_ACCOUNT_SID: SID,
      SMS_AUTH_TOKEN: TOKEN,
      SMS_FROM: '+15005550006',
      SMS_BASE_URL: 'http://sms.local/',
    });
    expect(full.SMS_BASE_URL).toBe('http://sms.local');
  });
});

describe('the verification SMS', () => {
  it('gives the code and how long it lasts', () => {
    expect(verificationSmsText('123456')).toBe(
      'Your Trellis verification code is 123456. It expires in 10 minutes.',
    );
  });
});
