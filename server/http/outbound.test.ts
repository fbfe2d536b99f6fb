import { createServer, Agent, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDns } from '#server/test/fake-dns.ts';
import {
  createOutboundGuard,
  NOT_PUBLIC,
  nonPublicRange,
  postThrough,
  pushEndpointGuard,
} from './outbound.ts';

describe('public addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.251', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['2002:a00:1::', '6to4'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2001:0:a00:1::', 'teredo'],
    ['::7f00:1', 'reserved'],
    ['not an address', 'invalid'],
  ])('%s is not public (%s)', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each(['8.8.8.8', '142.250.74.42', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(nonPublicRange(address)).toBeNull();
    },
  );
});

describe('the outbound guard', () => {
  const dns = fakeDns({
    'fcm.googleapis.com': ['142.250.74.42', '2a00:1450:4001::5f'],
    'wns2-lan.notify.windows.com': ['192.168.1.20'],
  });
  const guard = pushEndpointGuard(
    {
      PUSH_ENDPOINT_HOSTS:
        'fcm.googleapis.com, updates.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com',
    },
    dns,
  );

  it('allows the listed hosts and the subdomains of a *. entry, nothing else', async () => {
    expect(await guard.problem('https://fcm.googleapis.com/fcm/send/a')).toBeNull();
    expect(await guard.problem('https://wns2-by3p.notify.windows.com/w/?token=a')).toBeNull();
    expect(await guard.problem('https://web.push.apple.com/a')).toBeNull();
    for (const host of ['notify.windows.com', 'evilnotify.windows.com', 'googleapis.com']) {
      expect(await guard.problem(`https://${host}/a`)).toMatch(/is not one this server calls/);
    }
  });

  it('refuses, before DNS, what no push service uses', () => {
    expect(guard.urlProblem('http://fcm.googleapis.com/a')).toBe(
      'The push service address must start with https://.',
    );
    expect(guard.urlProblem('https://fcm.googleapis.com:444/a')).toBe(
      'The push service address must use the standard https port (443).',
    );
    expect(guard.urlProblem('https://fcm.googleapis.com:443/a')).toBeNull();
    expect(guard.urlProblem('https://a:b@fcm.googleapis.com/a')).toBe(
      'The push service address must not carry a user name or password.',
    );
    expect(guard.urlProblem('https://app.localhost/a')).toMatch(/private or local network/);
    expect(guard.urlProblem('nonsense')).toBe('The push service address is not a URL.');
  });

  it('refuses a listed host whose DNS answer holds a private address', async () => {
    expect(await guard.problem('https://wns2-lan.notify.windows.com/w/?token=a')).toBe(
      'The push service address wns2-lan.notify.windows.com leads to a private or local network address: this server calls only public addresses.',
    );
  });

  it('with *, allows any public host and still refuses private ones', async () => {
    const open = createOutboundGuard({
      allowHosts: '*',
      what: 'push service',
      setting: 'PUSH_ENDPOINT_HOSTS',
      resolve: fakeDns({ 'push.internal.example': ['10.9.8.7'] }),
    });
    expect(await open.problem('https://push.self-hosted.example/a')).toBeNull();
    expect(await open.problem('https://8.8.8.8/a')).toBeNull();
    expect(await open.problem('https://push.internal.example/a')).toMatch(/private or local/);
    expect(await open.problem('https://[fd00::1]/a')).toMatch(/private or local/);
  });

  it('its lookup answers every address when all are public, and refuses when any is not', async () => {
    const lookup = (hostname: string, all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; answer: unknown }>((resolve) => {
        (
          guard.lookup as unknown as (
            host: string,
            options: { all: boolean },
            callback: (error: NodeJS.ErrnoException | null, answer: unknown) => void,
          ) => void
        )(hostname, { all }, (error, answer) => resolve({ error, answer }));
      });
    expect((await lookup('fcm.googleapis.com', true)).answer).toEqual([
      { address: '142.250.74.42', family: 4 },
      { address: '2a00:1450:4001::5f', family: 6 },
    ]);
    expect((await lookup('fcm.googleapis.com', false)).answer).toBe('142.250.74.42');
    const refused = await lookup('wns2-lan.notify.windows.com', true);
    expect(refused.error?.code).toBe(NOT_PUBLIC);
    expect(refused.error?.message).toBe(
      'wns2-lan.notify.windows.com resolves to 192.168.1.20, which is not a public address',
    );
  });
});

describe('posting through a guarded lookup', () => {
  let server: Server;
  let port = 0;
  const received: Array<{ url: string | undefined; body: string; host: string | undefined }> = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          url: request.url,
          body: Buffer.concat(chunks).toString('utf8'),
          host: request.headers.host,
        });
        response.writeHead(201, { location: '/m/1' });
        response.end('created');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** An agent whose lookup is `resolve` checked or not: where the connection goes is its answer. */
  const agentWith = (lookup: LookupFunction) => new Agent({ lookup });

  it('connects to the address the lookup answered, for a name no real DNS knows', async () => {
    const answer: LookupAddress[] = [{ address: '127.0.0.1', family: 4 }];
    const lookup = ((
      _host: string,
      options: { all?: boolean },
      callback: (error: null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      if (options.all) callback(null, answer);
      else callback(null, '127.0.0.1', 4);
    }) as unknown as LookupFunction;
    const agent = agentWith(lookup);
    const result = await postThrough(agent, `http://push-peer.invalid:${port}/send/1`, {
      headers: { 'content-type': 'text/plain' },
      body: new TextEncoder().encode('hello'),
      timeoutMs: 10_000,
    });
    agent.destroy();
    expect(result).toMatchObject({ status: 201, body: 'created' });
    expect(result.headers.location).toBe('/m/1');
    expect(received.at(-1)).toEqual({
      url: '/send/1',
      body: 'hello',
      host: `push-peer.invalid:${port}`,
    });
  });

  it('never connects when the guard refuses the DNS answer', async () => {
    const before = received.length;
    const guard = createOutboundGuard({
      allowHosts: '*',
      what: 'push service',
      setting: 'PUSH_ENDPOINT_HOSTS',
      resolve: fakeDns({ 'push-peer.invalid': ['127.0.0.1'] }),
    });
    const agent = agentWith(guard.lookup);
    const failure = await postThrough(agent, `http://push-peer.invalid:${port}/send/2`, {
      headers: {},
      body: null,
      timeoutMs: 10_000,
    }).catch((error: unknown) => error as NodeJS.ErrnoException);
    agent.destroy();
    expect(failure).toMatchObject({ code: NOT_PUBLIC });
    expect(received).toHaveLength(before);
  });
});
