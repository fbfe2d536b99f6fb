import { useEffect, useState } from 'react';

/** A countdown in whole seconds: `restart(seconds)` starts it again; it ticks each second. */
export function useCountdown() {
  const [clock, setClock] = useState<{ deadline: number; now: number } | null>(null);
  const deadline = clock?.deadline ?? null;
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setClock({ deadline, now });
      if (now >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  const left = clock ? Math.max(0, Math.ceil((clock.deadline - clock.now) / 1000)) : 0;
  const restart = (seconds: number) => {
    const now = Date.now();
    setClock({ deadline: now + seconds * 1000, now });
  };
  return [left, restart] as const;
}
