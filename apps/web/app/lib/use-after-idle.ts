import { useEffect, useState } from 'react';

/** How long a busy page may hold back what waits for idle time (ms). */
export const IDLE_TIMEOUT_MS = 1500;

/**
 * False on the server, during hydration and until the browser first has idle time after this
 * component mounted (requestIdleCallback, at most IDLE_TIMEOUT_MS later; a timer where the
 * browser has no idle callback), true from then on. For work that must happen on every page
 * but not inside hydration's tasks: opening the cookie dialog (ADR 052).
 */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const { requestIdleCallback: request, cancelIdleCallback: cancel } = window;
    if (typeof request === 'function' && typeof cancel === 'function') {
      const handle = request(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => cancel(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 1);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}
