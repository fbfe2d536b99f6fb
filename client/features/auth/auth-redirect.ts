/** What an email link put in the URL when it sent the browser back to the app. */
export interface AuthRedirect {
  /** PKCE authorisation code: the server verified the link and hands over a code to exchange. */
  code: string | null;
  /** A link verified by the page itself (`/auth/confirm?token_hash=…&type=…`). */
  tokenHash: string | null;
  type: string | null;
  /** A failed link: the server's description of what went wrong. */
  error: string | null;
  /** An informational note, e.g. the first half of a two-address email change. */
  message: string | null;
  /** Tokens of an implicit-flow redirect (never used by this client, but never left in the URL). */
  hasTokens: boolean;
}

/** Reads the query string and the fragment, where the auth server may put either. */
export function readAuthRedirect(search: string, hash: string): AuthRedirect {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const get = (name: string) => query.get(name) ?? fragment.get(name);
  return {
    code: query.get('code'),
    tokenHash: get('token_hash'),
    type: get('type'),
    error: get('error_description') ?? get('error'),
    message: get('message'),
    hasTokens: fragment.has('access_token') || fragment.has('refresh_token'),
  };
}
