import { useState } from 'react';
import { usePanel } from '~/components/layout/open-panel.tsx';
import { CloseIcon } from '~/components/ui/icons/close-icon.tsx';
import { useHydrated } from '~/lib/use-hydrated.ts';
import './cart.css';

/** Spec §8: the delivery-delay notice (about stock relocation) has a fixed text. */
export const DELIVERY_DELAY_TITLE = 'Längre leveranstider just nu';
export const DELIVERY_DELAY_TEXT =
  'Vi flyttar vårt lager till nya lokaler. Under flytten kan leveranser och beställningar ta några dagar längre än vanligt. Tack för ditt tålamod!';

/** sessionStorage key: closed once, hidden for the rest of the browser session (spec §2). */
export const DELIVERY_DELAY_CLOSED_KEY = 'bygg:delivery-delay-closed';

function closedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(DELIVERY_DELAY_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Spec §2, §4: a dismissible banner shown while the `deliveryDelayNotice` flag is on and the
 * mini cart is closed. Whether it was closed lives in sessionStorage, which only the browser
 * can read, so the banner appears after hydration rather than flashing for those who closed it.
 */
export function DeliveryDelayNotice({ enabled }: { enabled: boolean }) {
  const hydrated = useHydrated();
  const miniCart = usePanel('mini-cart');
  const [closed, setClosed] = useState(false);
  if (!enabled || !hydrated || closed || miniCart.isOpen || closedThisSession()) return null;

  const close = () => {
    try {
      window.sessionStorage.setItem(DELIVERY_DELAY_CLOSED_KEY, '1');
    } catch {
      // Without storage the banner stays closed on this page only.
    }
    setClosed(true);
  };

  return (
    <aside className="delivery-delay" aria-label="Leveransinformation">
      <div className="container delivery-delay__inner">
        <p className="delivery-delay__text">
          <strong>{DELIVERY_DELAY_TITLE}</strong>
          {DELIVERY_DELAY_TEXT}
        </p>
        <button
          type="button"
          className="icon-button"
          aria-label="Stäng leveransinformationen"
          onClick={close}
        >
          <CloseIcon />
        </button>
      </div>
    </aside>
  );
}
