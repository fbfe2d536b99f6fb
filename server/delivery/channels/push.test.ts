import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender } from '#server/modules/channels/channel-sender.ts';
import { createWebPushSender, PUSH_SUBSCRIPTION_EXPIRED, pushTopic } from './push.ts';
import { pushMessage, pushSubscriber } from './test-support.ts';

/** A push service: the endpoint's last path segment says how it answers (its HTTP status). */
function pushServicePeer(): Promise<{
  server: Server;
  baseUrl: string;
  received: Array<{ path: string | undefined; headers: IncomingHttpHeaders; body: Buffer }>;
}> {
  const received: Array<{ path: string | undefined; headers: IncomingHttpHeaders; body: Buffer }> =
    [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url, headers: request.headers, body: Buffer.concat(chunks) });
      const status = Number(request.url?.split('/').at(-1));
      response.writeHead(status, status === 201 ? { location: `${request.url}/m/1` } : {});
      response.end(status === 201 ? '' : 'push service says no');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, baseUrl: `http://127.0.0.1:${port}`, received });
    });
  });
}

describe('the web push sender', () => {
  const vapid = webpush.generateVAPIDKeys();
  let peer: Awaited<ReturnType<typeof pushServicePeer>>;
  let sender: ChannelSender;

  beforeAll(async () => {
    peer = await pushServicePeer();
    sender = createWebPushSender({ vapid, subject: 'mailto:daily@trellis.example' });
  });

  afterAll(async () => {
    await sender.close();
    await new Promise((resolve) => peer.server.close(resolve));
  });

  it('posts the payload, encrypted for the subscription and signed with the VAPID key', async () => {
    const subscriber = pushSubscriber(`${peer.baseUrl}/push/abc/201`);
    const message = pushMessage(subscriber.target);
    const outcome = await sender.send(message);

    expect(outcome).toEqual({ ok: true, providerMessageId: '/push/abc/201/m/1' });
    const request = peer.received.at(-1);
    expect(request?.path).toBe('/push/abc/201');
    expect(request?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(request?.headers.ttl).toBe('43200');
    expect(request?.headers.urgency).toBe('normal');
    expect(request?.headers.topic).toBe('top-three-2025-03-04-morning');
    expect(JSON.parse(subscriber.decrypt(request?.body ?? Buffer.alloc(0)))).toEqual(
      message.content,
    );
  });

  it('reports an expired subscription (410) as permanent', async () => {
    const outcome = await sender.send(
      pushMessage(pushSubscriber(`${peer.baseUrl}/push/410`).target),
    );
    expect(outcome).toEqual({ ok: false, permanent: true, error: PUSH_SUBSCRIPTION_EXPIRED });
    expect(PUSH_SUBSCRIPTION_EXPIRED).toBe("The browser's push subscription has expired");
  });

  it('reports a too-large message (413) as permanent', async () => {
    const outcome = await sender.send(
      pushMessage(pushSubscriber(`${peer.baseUrl}/push/413`).target),
    );
    expect(outcome).toEqual({
      ok: false,
      permanent: true,
      error: 'The push message is too large (413: push service says no)',
    });
  });

  it('reports a failing push service (500) as temporary', async () => {
    const outcome = await sender.send(
      pushMessage(pushSubscriber(`${peer.baseUrl}/push/500`).target),
    );
    expect(outcome).toEqual({
      ok: false,
      permanent: false,
      error: 'The push service is unavailable (500), trying again later',
    });
  });

  it('reports a subscription with broken keys as permanent, without calling the service', async () => {
    const before = peer.received.length;
    const target = pushSubscriber(`${peer.baseUrl}/push/201`).target;
    const outcome = await sender.send(
      pushMessage({ ...target, keys: { p256dh: 'AAAA', auth: target.keys.auth } }),
    );
    expect(outcome).toMatchObject({
      ok: false,
      permanent: true,
      error: expect.stringMatching(/^The browser's push subscription is not usable/) as string,
    });
    expect(peer.received).toHaveLength(before);
  });
});

describe('push topics', () => {
  it('keep at most 32 URL-safe characters of the tag', () => {
    expect(pushTopic('top-three:2025-03-04:morning')).toBe('top-three-2025-03-04-morning');
    expect(pushTopic('a'.repeat(40))).toHaveLength(32);
    expect(pushTopic('::')).toBeNull();
  });
});
