// The one script of the public pages (/, /features, /about, /pricing, /help and the not-found
// page). They arrive complete as prerendered HTML (scripts/build-client.mjs) and run no framework:
// this adds the phone menu's toggle, registers the service worker, and fetches the app's code ahead
// of the step to /login or /signup (on idle, or at once when a person points at those links).
// Vanilla TypeScript on purpose: see docs/decisions/019-public-pages-without-react.md.

/** The phone menu: the button flips `aria-expanded` (the icons follow it in CSS) and the panel. */
function enhanceMenus() {
  for (const toggle of document.querySelectorAll<HTMLButtonElement>(
    'button[aria-controls][aria-expanded]',
  )) {
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!panel) continue;
    const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
    const setOpen = (open: boolean) => {
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
      panel.hidden = !open;
    };
    toggle.addEventListener('click', () => setOpen(!isOpen()));
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && isOpen()) setOpen(false);
    });
    // A page restored from the back/forward cache opens as if just loaded: menu closed.
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) setOpen(false);
    });
  }
}

/** The app's files for the sign-in pages, listed by the build in a JSON block (never executed). */
function appFiles(): string[] {
  const block = document.getElementById('app-prefetch');
  if (!block?.textContent) return [];
  try {
    const files: unknown = JSON.parse(block.textContent);
    return Array.isArray(files) ? files.filter((file) => typeof file === 'string') : [];
  } catch {
    return [];
  }
}

let prefetched = false;

/** Puts the app's files in the HTTP cache, so /login and /signup start without waiting for them. */
function prefetchApp() {
  if (prefetched) return;
  prefetched = true;
  for (const href of appFiles()) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

function isSignInLink(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!link) return false;
  const path = new URL(link.href, window.location.href).pathname;
  return path === '/login' || path === '/signup';
}

function prefetchOnIntent() {
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(
      type,
      (event) => {
        if (isSignInLink(event.target)) prefetchApp();
      },
      { passive: true },
    );
  }
}

/** After the page has loaded and the browser is idle: nothing here competes with the first paint. */
function whenIdle(run: () => void) {
  const schedule = () => {
    // Safari has no requestIdleCallback: a second after load stands in for idle there.
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(run, { timeout: 4000 });
    else setTimeout(run, 1000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

enhanceMenus();
prefetchOnIntent();
whenIdle(prefetchApp);

// The service worker shows pushed notifications and makes the app installable; it caches nothing.
if ('serviceWorker' in navigator) {
  whenIdle(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  });
}
