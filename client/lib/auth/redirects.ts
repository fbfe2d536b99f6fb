/** The query parameter that carries the page a visitor asked for through /login. */
export const NEXT_PARAM = 'next';

/**
 * The requested page if it is a path on this site, else null. Anything absolute, protocol-relative
 * or backslashed is refused, so the parameter cannot send someone to another origin.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  return value;
}

/** `/login?next=…` for a page that needs a signed-in user. */
export function loginPathFor(requested: string): string {
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: requested }).toString()}`;
}

/** `step=code` on /login: show the authenticator-code step for the session this tab holds. */
export const STEP_PARAM = 'step';
export const CODE_STEP = 'code';

/** `/login?next=…&step=code`: the product API asked this session for its second factor. */
export function stepUpPathFor(requested: string): string {
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: requested, [STEP_PARAM]: CODE_STEP }).toString()}`;
}
