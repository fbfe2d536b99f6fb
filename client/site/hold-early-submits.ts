// The first script of /login and /signup: their form is in the HTML and can be filled and sent
// before the app has loaded. It loads the app once the first frame is out (the page lists the app's
// files in #app-load; scripts/build-client.mjs), so the app's files never delay the first paint. A submit made then is held here, not sent
// (the form has no server handler), and sent again through the app once the app has taken the form
// over (client/lib/prerendered-form.ts dispatches FORM_READY on it). If this script never runs, a
// submit posts to the page and the server sends the person back to the form.
// The event and flag names are repeated in client/lib/prerendered-form.ts; keep them in step.

declare global {
  interface Window {
    /** Set by the app once a prerendered form is its own: from then on nothing is held. */
    trellisFormsTakenOver?: boolean;
  }
}

const FORM_READY = 'trellis:form-ready';

let held: HTMLFormElement | null = null;

// Says, outside the app's markup, that submits are being held (the e2e journeys wait for it).
if (!window.trellisFormsTakenOver) document.documentElement.dataset.holdsSubmits = '';

document.addEventListener(
  'submit',
  (event) => {
    if (window.trellisFormsTakenOver || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held = event.target;
  },
  true,
);

document.addEventListener(
  FORM_READY,
  (event) => {
    delete document.documentElement.dataset.holdsSubmits;
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

// After the first frame; a page opened in the background (no frames) loads it a moment later anyway.
requestAnimationFrame(() => setTimeout(loadApp, 0));
setTimeout(loadApp, 250);

export {};
