import type { LookupAddress } from 'node:dns';
import type { Resolve } from '#server/http/outbound.ts';

/** The public address every name has unless a test says otherwise. */
export const PUBLIC_ADDRESS = '93.184.215.14';

/**
 * DNS as the outside world answers it in tests: every name resolves to a public address unless
 * `answer` gives it others (a private address, several, none). `set` changes an answer later (a
 * host rebinding to a private address between saving and sending).
 */
export function fakeDns(answers: Record<string, readonly string[]> = {}): Resolve & {
  set(hostname: string, addresses: readonly string[]): void;
  asked: string[];
} {
  const table = new Map(Object.entries(answers));
  const asked: string[] = [];
  const resolve = (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = table.get(hostname) ?? [PUBLIC_ADDRESS];
    if (addresses.length === 0) {
      return Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      );
    }
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return Object.assign(resolve, {
    set(hostname: string, addresses: readonly string[]) {
      table.set(hostname, addresses);
    },
    asked,
  });
}
