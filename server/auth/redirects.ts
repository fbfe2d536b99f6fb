/**
 * Where an email link may send someone (contract §6.8): the site's own origin, any port on a
 * loopback host, or a pattern from AUTH_REDIRECT_ALLOW_LIST. Anything else falls back to the
 * site URL silently (an open redirect would let a phishing page collect tokens).
 */
export function createRedirectPolicy(options: { siteUrl: string; allowList: string }) {
  const site = new URL(options.siteUrl);
  const patterns = options.allowList
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map(globToRegExp);

  function allowed(candidate: string): boolean {
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      // Custom schemes (mobile apps) only through the allow-list.
      return patterns.some((re) => re.test(withoutFragment(candidate)));
    }
    if (url.username || url.password) return false;
    if (url.protocol === site.protocol && url.host === site.host) return true;
    if (isLoopback(url.hostname)) return true;
    return patterns.some((re) => re.test(withoutFragment(candidate)));
  }

  return {
    /** The redirect to use: the candidate when allowed, else the site URL. */
    resolve(candidate: string | null | undefined): string {
      return candidate && allowed(candidate) ? candidate : options.siteUrl;
    },
  };
}

export type RedirectPolicy = ReturnType<typeof createRedirectPolicy>;

function withoutFragment(value: string): string {
  const hash = value.indexOf('#');
  return hash === -1 ? value : value.slice(0, hash);
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** `*` matches within one host label or path segment (no `.` or `/`), `**` matches anything. */
function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        source += '.*';
        i++;
      } else {
        source += '[^./]*';
      }
    } else {
      source += c.replace(/[\\^$.|?+()[\]{}]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}
