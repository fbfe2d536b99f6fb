import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The state of a header's phone menu panel. The panel belongs to the page it was opened on, so
 * navigating closes it without an effect; Escape closes it too.
 */
export function useMenuPanel() {
  const panelId = useId();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return { panelId, open, toggle: () => setOpenOn(open ? null : pathname) };
}
