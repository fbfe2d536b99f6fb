import '@testing-library/jest-dom/vitest';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Runs before the cleanup above (after-each hooks run last-registered first). A dismissed Sonner
// toast leaves the page on a timer of its own; one still pending when a file's last test ends
// fires after jsdom is gone ("window is not defined"). So every toast leaves while the page is up.
afterEach(async () => {
  if (!document.querySelector('[data-sonner-toast]')) return;
  toast.dismiss();
  await waitFor(() => {
    if (document.querySelector('[data-sonner-toast]')) throw new Error('a toast is still leaving');
  });
});

// findBy* and waitFor give up after 1 s by default: on a busy 2-core machine a render can take
// longer. This is a budget, not a wait: they return as soon as the state is there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; components that follow the system theme (Sonner) ask for it.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// A Sonner toast renders first with data-mounted="false" (opacity 0) and turns itself visible in an
// effect, to animate its entry. A query can find it between the two, so a busy machine made
// `expect(await findByText(…)).toBeVisible()` fail by chance. Tests run with the entry animation
// off, as under reduced motion: an entering toast counts as shown; one hidden or removed does not.
const noToastEntry = document.createElement('style');
noToastEntry.textContent =
  '[data-sonner-toast][data-mounted=false]:not([data-visible=false]):not([data-removed=true]){opacity:1}';
document.head.append(noToastEntry);
