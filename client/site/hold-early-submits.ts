// The only script of /login and /signup: their form is in the HTML and can be filled and sent
// before the app has loaded. The app (its files are listed in #app-load by scripts/build-client.mjs)
// loads on the person's first touch, click, key or focus, while they type: a page nobody has used
// yet runs no framework at all. It loads at once for someone already signed in (the app sends them
// on) and for a page opened with parameters (a step-up, a return path).
// A submit made before then is held here, not sent (the form has no server handler), and sent again
// through the app once it has taken the form over (client/lib/prerendered-form.ts dispatches
// FORM_READY on it); a click on one of the page's buttons ("Use a phone number instead") is held
// and made again the same way. If this script never runs, a submit posts to the page and the
// server sends the person back to the form.
// The event and flag names are repeated in client/lib/prerendered-form.ts; keep them in step.

declare global {
  interface Window {
    /** Set by the app once a prerendered form is its own: from then on nothing is held. */
    trellisFormsTakenOver?: boolean;
  }
}

const FORM_READY = 'trellis:form-ready';

let held: HTMLFormElement | null = null;
let heldClick: HTMLButtonElement | null = null;

// Says, outside the app's markup, that submits are being held (the e2e journeys wait for it).
if (!window.trellisFormsTakenOver) document.documentElement.dataset.holdsSubmits = '';

document.addEventListener(
  'submit',
  (event) => {
    if (window.trellisFormsTakenOver || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held = event.target;
    loadApp();
  },
  true,
);

document.addEventListener(
  'click',
  (event) => {
    if (window.trellisFormsTakenOver || !(event.target instanceof Element)) return;
    const button = event.target.closest('button[type="button"]');
    if (!(button instanceof HTMLButtonElement)) return;
    event.preventDefault();
    event.stopPropagation();
    heldClick = button;
    loadApp();
  },
  true,
);

document.addEventListener(
  FORM_READY,
  (event) => {
    delete document.documentElement.dataset.holdsSubmits;
    // Hydration keeps the page's elements, so the held button is now the app's.
    const button = heldClick;
    heldClick = null;
    if (button?.isConnected) button.click();
    if (!held || event.target !== held) return;
    const form = held;
    held = null;
    form.requestSubmit();
  },
  true,
);

/** The app's entry and the files it imports, listed by the build. */
interface AppLoad {
  entry: string;
  preload: string[];
}

let loading = false;

function loadApp() {
  if (loading) return;
  loading = true;
  const list = document.getElementById('app-load')?.textContent;
  if (!list) return;
  const { entry, preload } = JSON.parse(list) as AppLoad;
  // Fetched in parallel rather than one import level at a time.
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(/* @vite-ignore */ entry).catch((error: unknown) => {
    console.error('The app could not be loaded', error);
  });
}

/** A stored session (client/lib/auth-client.ts's key): the app sends a signed-in person on. */
function signedIn(): boolean {
  try {
    return window.localStorage.getItem('trellis-auth-token') !== null;
  } catch {
    return false;
  }
}

if (
  signedIn() ||
  window.location.search !== '' ||
  document.activeElement instanceof HTMLInputElement
) {
  loadApp();
} else {
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin']) {
    document.addEventListener(type, loadApp, { capture: true, once: true, passive: true });
  }
}

export {};
