import { useEffect, useRef } from 'react';

/**
 * "Open the mini picklist" (storefront spec §4: it opens after an update, unless on the
 * picklist page). The 'Till plocklistan' button and the mini picklist live in different
 * parts of the page that may not import each other, so they meet at this signal.
 */
const target = typeof EventTarget === 'undefined' ? null : new EventTarget();
const EVENT = 'open-mini-picklist';

export function requestMiniPicklistOpen(): void {
  target?.dispatchEvent(new Event(EVENT));
}

/** Calls `onOpen` whenever someone asks for the mini picklist. */
export function useMiniPicklistOpenRequests(onOpen: () => void): void {
  const latest = useRef(onOpen);
  useEffect(() => {
    latest.current = onOpen;
  });
  useEffect(() => {
    if (!target) return;
    const handler = () => latest.current();
    target.addEventListener(EVENT, handler);
    return () => target.removeEventListener(EVENT, handler);
  }, []);
}
