import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Whether the focus was lost: on the body, or on a control the new page no longer has. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Issue 22: after a page change in the browser (a link, a form that redirects, such as
 * placing an order and arriving at the receipt) the focus must not fall back to the top of
 * the document. When the control that had it is gone, the new page's main heading takes it,
 * so a keyboard or screen-reader user goes on where the page starts. A control that still
 * has the focus (a header link, the store button after a store was chosen) keeps it.
 */
export function FocusAfterNavigation({ mainId }: { mainId: string }) {
  const { key } = useLocation();
  const firstKey = useRef(key);
  useEffect(() => {
    // The first page: the browser has just loaded it and starts at the top, as it should.
    if (key === firstKey.current || !focusLost()) return;
    const main = document.getElementById(mainId);
    const heading = main?.querySelector<HTMLElement>('h1') ?? null;
    const target = heading ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [key, mainId]);
  return null;
}
