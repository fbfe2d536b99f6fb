import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { pushEndpointGuard, type PostResult } from '#server/http/outbound.ts';
import { fakeDns } from '#server/test/fake-dns.ts';
import { createWebPushSender, PUSH_SUBSCRIPTION_EXPIRED, pushTopic } from './push.ts';
import { pushMessage, pushSubscriber } from './test-support.ts';

const PUSH_SERVICE = 'https://fcm.googleapis.com/fcm/send';

/**
 * A push service (the outside world): the endpoint's last path segment says how it answers (its
 * HTTP status); what it received is kept.
 */
function pushServicePeer() {
  const received: Array<{
    url: string;
    headers: Record<string, string>;
    body: Buffer;
    timeoutMs: number;
  }> = [];
  const post = (
    url: string,
    init: { headers: Record<string, string>; body: Uint8Array | null; timeoutMs: number },
  ): Promise<PostResult> => {
    received.push({
      url,
      headers: init.headers,
      body: Buffer.from(init.body ?? new Uint8Array()),
      timeoutMs: init.timeoutMs,
    });
    const status = Number(url.split('/').at(-1));
    return Promise.resolve({
      status,
      headers: status === 201 ? { location: `${url}/m/1` } : {},
      body: status === 201 ? '' : 'push service says no',
    });
  };
  return { received, post };
}

describe('the web push sender', () => {
  const vapid = webpush.generateVAPIDKeys();
  const peer = pushServicePeer();
  const guard = pushEndpointGuard(
    { PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,*.notify.windows.com' },
    fakeDns(),
  );
  const sender = createWebPushSender({
    vapid,
    subject: 'mailto:daily@trellis.example',
    guard,
    post: peer.post,
  });

  it('posts the payload, encrypted for the subscription and signed with the VAPID key', async () => {
    const subscriber = pushSubscriber(`${PUSH_SERVICE}/abc/201`);
    const message = pushMessage(subscriber.target);
    const outcome = await sender.send(message);

    expect(outcome).toEqual({ ok: true, providerMessageId: `${PUSH_SERVICE}/abc/201/m/1` });
    const request = peer.received.at(-1);
    expect(request?.url).toBe(`${PUSH_SERVICE}/abc/201`);
    expect(request?.timeoutMs).toBe(10_000);
    expect(request?.headers.Authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );
    expect(request?.headers['Content-Encoding']).toBe('aes128gcm');
    expect(request?.headers.TTL).toBe('43200');
    expect(request?.headers.Urgency).toBe('normal');
    expect(request?.headers.Topic).toBe('top-three-2025-03-04-morning');
    expect(JSON.parse(subscriber.decrypt(request?.body ?? Buffer.alloc(0)))).toEqual(
      message.content,
    );
  });

  it('reports an expired subscription (410) as permanent', async () => {
    const outcome = await sender.send(pushMessage(pushSubscriber(`${PUSH_SERVICE}/410`).target));
    expect(outcome).toEqual({ ok: false, permanent: true, error: PUSH_SUBSCRIPTION_EXPIRED });
    expect(PUSH_SUBSCRIPTION_EXPIRED).toBe("The browser's push subscription has expired");
  });

  it('reports a too-large message (413) as permanent', async () => {
    const outcome = await sender.send(pushMessage(pushSubscriber(`${PUSH_SERVICE}/413`).target));
    expect(outcome).toEqual({
      ok: false,
      permanent: true,
      error: 'The push message is too large (413: push service says no)',
    });
  });

  it('reports a failing push service (500) as temporary', async () => {
    const outcome = await sender.send(pushMessage(pushSubscriber(`${PUSH_SERVICE}/500`).target));
    expect(outcome).toEqual({
      ok: false,
      permanent: false,
      error: 'The push service is unavailable (500), trying again later',
    });
  });

  it('reports a subscription with broken keys as permanent, without calling the service', async () => {
    const before = peer.received.length;
    const target = pushSubscriber(`${PUSH_SERVICE}/201`).target;
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

describe('the web push sender checks the endpoint again at every send', () => {
  const vapid = webpush.generateVAPIDKeys();

  it('an endpoint saved before the rule (http, a private host, off the list) is not sent to', async () => {
    const peer = pushServicePeer();
    const sender = createWebPushSender({
      vapid,
      subject: 'mailto:daily@trellis.example',
      guard: pushEndpointGuard({ PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com' }, fakeDns()),
      post: peer.post,
    });
    const outcomes = await Promise.all(
      [
        'http://127.0.0.1:8080/push/201',
        'https://10.0.0.1/push/201',
        'https://internal.example/push/201',
      ].map((endpoint) => sender.send(pushMessage(pushSubscriber(endpoint).target))),
    );
    expect(outcomes).toEqual([
      {
        ok: false,
        permanent: true,
        error: 'Not sent: The push service address must start with https://.',
      },
      {
        ok: false,
        permanent: true,
        error:
          'Not sent: The push service address 10.0.0.1 leads to a private or local network address: this server calls only public addresses.',
      },
      {
        ok: false,
        permanent: true,
        error: expect.stringMatching(
          /^Not sent: The push service internal\.example is not one this server calls\./,
        ) as string,
      },
    ]);
    expect(peer.received).toEqual([]);
  });

  it('a host that resolved publicly when saved and privately now is refused by the connection lookup', async () => {
    const dns = fakeDns();
    const guard = pushEndpointGuard({ PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com' }, dns);
    const endpoint = `${PUSH_SERVICE}/rebinding/201`;
    expect(await guard.problem(endpoint)).toBeNull();

    // DNS rebinding: the name now answers with the metadata service and a public address.
    dns.set('fcm.googleapis.com', ['142.250.74.42', '169.254.169.254']);
    dns.asked.length = 0;
    const sender = createWebPushSender({ vapid, subject: 'mailto:daily@trellis.example', guard });
    try {
      const outcome = await sender.send(pushMessage(pushSubscriber(endpoint).target));
      expect(outcome).toEqual({
        ok: false,
        permanent: true,
        error:
          'Not sent: fcm.googleapis.com resolves to 169.254.169.254, which is not a public address',
      });
      // The refusal came from the connection's own lookup: no other DNS answer was used.
      expect(dns.asked).toEqual(['fcm.googleapis.com']);
    } finally {
      await sender.close();
    }
  });
});

describe('push topics', () => {
  it('keep at most 32 URL-safe characters of the tag', () => {
    expect(pushTopic('top-three:2025-03-04:morning')).toBe('top-three-2025-03-04-morning');
    expect(pushTopic('a'.repeat(40))).toHaveLength(32);
    expect(pushTopic('::')).toBeNull();
  });
});
