import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// The rule for every URL the server calls on a person's behalf (today: the push endpoint a
// browser gave). Only https on the standard port, only hosts the allow-list names, and only
// public addresses: checked when the URL is saved and again at each connection, after DNS, by the
// connection's own lookup, so a host that now resolves to a private address is caught and the
// address that was checked is the address connected to. ADR 017 has the reasons.

/** DNS as the server sees it: every address of a host name. Tests pass their own (the outside world). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

/** Error code of a connection refused because its host resolved to a non-public address. */
export const NOT_PUBLIC = 'ERR_OUTBOUND_NOT_PUBLIC';

/** The entries of a comma-separated allow-list, lower-cased. */
export function parseHostList(setting: string): string[] {
  return setting
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

function hostAllowed(patterns: readonly string[], hostname: string): boolean {
  return patterns.some((pattern) =>
    pattern === '*'
      ? true
      : pattern.startsWith('*.')
        ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1
        : hostname === pattern,
  );
}

/**
 * Why `address` is not a public unicast address (its range: loopback, private, linkLocal,
 * carrierGradeNat, multicast, uniqueLocal, reserved…), or null when it is public. IPv4-mapped IPv6
 * addresses are judged as the IPv4 address they carry; other IPv6 addresses must be global unicast
 * (2000::/3) outside every special range, which also leaves out the tunnels and translators that
 * embed an IPv4 address (6to4, Teredo, NAT64).
 */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !parsed.match(ipaddr.parseCIDR('2000::/3'))) return 'reserved';
  return null;
}

/** A host name as URL gives it, without the brackets of an IPv6 literal. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

class NotPublicError extends Error {
  readonly code = NOT_PUBLIC;
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
    this.name = 'NotPublicError';
  }
}

/** Every address of `hostname`, refused as a whole when any one of them is not public. */
async function publicAddresses(resolve: Resolve, hostname: string): Promise<LookupAddress[]> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0)
    throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
  const bad = addresses.find((entry) => nonPublicRange(entry.address) !== null);
  if (bad) throw new NotPublicError(hostname, bad.address);
  return addresses;
}

export interface OutboundGuard {
  /**
   * What is wrong with `url` before any DNS (scheme, port, credentials, a host off the allow-list,
   * an IP literal that is not public), or null. Cheap: run it before every call.
   */
  urlProblem(url: string): string | null;
  /** urlProblem, then DNS: null only when every address of the host is public. For saving a URL. */
  problem(url: string): Promise<string | null>;
  /**
   * The lookup for the connection itself: answers only when every address is public (an error
   * with code NOT_PUBLIC otherwise), so the address connected to is one that was checked.
   */
  lookup: LookupFunction;
}

/**
 * The rule for URLs the server calls for people. `allowHosts` is the allow-list setting
 * (PUSH_ENDPOINT_HOSTS): `*` allows any public host. `what` names the service in messages.
 */
export function createOutboundGuard(options: {
  allowHosts: string;
  /** What the URL is, in messages ("push service"). */
  what: string;
  /** The allow-list's setting, named in the message that refuses a host. */
  setting: string;
  /** A sentence (with its full stop and a space) that helps when a host is not on the list. */
  notAllowedHint?: string;
  resolve?: Resolve;
}): OutboundGuard {
  const patterns = parseHostList(options.allowHosts);
  const resolve = options.resolve ?? systemResolve;
  const { what } = options;
  const privateAddress = (host: string) =>
    `The ${what} address ${host} leads to a private or local network address: this server calls only public addresses.`;

  const urlProblem = (raw: string): string | null => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return `The ${what} address is not a URL.`;
    }
    if (url.protocol !== 'https:') return `The ${what} address must start with https://.`;
    if (url.username !== '' || url.password !== '')
      return `The ${what} address must not carry a user name or password.`;
    if (url.port !== '') return `The ${what} address must use the standard https port (443).`;
    const host = bareHost(url.hostname);
    const local =
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      (ipaddr.isValid(host) && nonPublicRange(host) !== null);
    if (local) return privateAddress(host);
    if (!hostAllowed(patterns, host))
      return `The ${what} ${host} is not one this server calls. ${options.notAllowedHint ?? ''}Ask the administrator to add it to ${options.setting} if it should be.`;
    return null;
  };

  return {
    urlProblem,
    async problem(raw) {
      const first = urlProblem(raw);
      if (first) return first;
      const host = bareHost(new URL(raw).hostname);
      if (ipaddr.isValid(host)) return null;
      try {
        await publicAddresses(resolve, host);
        return null;
      } catch (error: unknown) {
        if (error instanceof NotPublicError) return privateAddress(host);
        return `The ${what} address ${host} could not be found. Check the connection and try again.`;
      }
    },
    lookup: (hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback) => {
      publicAddresses(resolve, hostname).then(
        (addresses) => {
          if (lookupOptions.all) callback(null, addresses);
          else {
            const [first] = addresses as [LookupAddress];
            callback(null, first.address, first.family);
          }
        },
        (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
      );
    },
  };
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The rule for the push endpoints browsers give (PUSH_ENDPOINT_HOSTS). */
export function pushEndpointGuard(
  env: { PUSH_ENDPOINT_HOSTS: string },
  resolve?: Resolve,
): OutboundGuard {
  return createOutboundGuard({
    allowHosts: env.PUSH_ENDPOINT_HOSTS,
    what: 'push service',
    setting: 'PUSH_ENDPOINT_HOSTS',
    notAllowedHint: 'Chrome, Edge, Firefox and Safari use push services this server knows. ',
    ...(resolve ? { resolve } : {}),
  });
}

/** What a POST answered. */
export interface PostResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * POSTs `body` to `url` through `agent`, whose lookup decides where the connection goes (the
 * guard's, in production). Rejects with a TimeoutError after `timeoutMs`, and with the lookup's
 * error (code NOT_PUBLIC) when the host is not public. Reads at most 4 KB of the answer.
 */
export function postThrough(
  agent: http.Agent,
  url: string,
  init: { headers: Record<string, string>; body: Uint8Array | null; timeoutMs: number },
): Promise<PostResult> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      { method: 'POST', agent, headers: init.headers, timeout: init.timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 4096) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 4096),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => {
      const error = new Error(`no answer within ${init.timeoutMs} ms`);
      error.name = 'TimeoutError';
      outgoing.destroy(error);
    });
    outgoing.on('error', reject);
    outgoing.end(init.body ?? undefined);
  });
}

/** An https agent whose every connection goes through `guard.lookup`, keeping connections open. */
export function guardedAgent(guard: OutboundGuard): https.Agent {
  return new https.Agent({ keepAlive: true, maxSockets: 50, lookup: guard.lookup });
}
