import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { OrganisationId } from '@bygg/contracts/common';
import type { Mode } from '@bygg/domain/vat-display';
import { usePanel } from '~/components/layout/open-panel.tsx';
import { StoreIcon, TruckIcon } from '~/components/ui/icons.tsx';
import { notify } from '~/components/ui/toaster.tsx';
import { Logo } from './logo.tsx';
import { MiniCartButton, MiniCartDrawer } from './mini-cart.tsx';
import { ModeToggle } from './mode-toggle.tsx';
import { SearchForm } from './search-form.tsx';
import { useCurrentCart } from './use-current-cart.ts';
import './header.css';

export type HeaderLabels = {
  searchPlaceholder: string;
  freeShipping: string;
  clickAndCollect: string;
};

type SiteHeaderProps = {
  organisation: { id: OrganisationId; name: string };
  logoHref: string;
  labels: HeaderLabels;
  /** The current B2B/B2C mode, or null where the organisation has no business pages. */
  mode: Mode | null;
  /** The ≤ 900 px menu opener in the header row, and its copy for the slim bar. */
  menuButton: ReactNode;
  slimMenuButton: ReactNode;
  /** The main menu bar, inside the banner landmark below the header row. */
  navigation: ReactNode;
  /** The visitor's store (opens the store drawer), before the cart button. */
  storeButton?: ReactNode;
};

/** The mini cart is not offered on the checkout page (spec §2). */
function isCheckoutPath(pathname: string): boolean {
  return /(^|\/)kassa(\/|$)/.test(pathname);
}

export function SiteHeader({
  organisation,
  logoHref,
  labels,
  mode,
  menuButton,
  slimMenuButton,
  navigation,
  storeButton = null,
}: SiteHeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  const [pinned, setPinned] = useState(false);
  const { pathname } = useLocation();
  const miniCart = usePanel('mini-cart');
  const { state: cartState, load: loadCart } = useCurrentCart(organisation.id, () =>
    notify.error('Vi kunde tyvärr inte hämta varukorgen. Försök igen senare.'),
  );
  const showCart = !isCheckoutPath(pathname);
  const cartQuantity = cartState.status === 'loaded' ? (cartState.cart?.summary.quantity ?? 0) : 0;

  // Spec §2: the slim sticky navigation appears once the main header has scrolled out of view.
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPinned(!entry.isIntersecting);
    });
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  const openCart = () => {
    miniCart.setOpen(true);
    void loadCart();
  };
  const cartButton = showCart ? (
    <MiniCartButton quantity={cartQuantity} open={miniCart.isOpen} onOpen={openCart} />
  ) : null;

  return (
    <>
      <header className="site-header" ref={headerRef}>
        <div className="top-bar">
          <div className="container top-bar__inner">
            <ul className="top-bar__usps">
              <li>
                <TruckIcon size={18} />
                <span>{labels.freeShipping}</span>
              </li>
              <li className="top-bar__usp--wide">
                <StoreIcon size={18} />
                <span>{labels.clickAndCollect}</span>
              </li>
            </ul>
            {mode ? <ModeToggle mode={mode} /> : null}
          </div>
        </div>
        <div className="container site-header__main">
          <div className="site-header__menu-button">{menuButton}</div>
          <Logo name={organisation.name} href={logoHref} />
          <div className="site-header__search">
            <SearchForm placeholder={labels.searchPlaceholder} label="Sök produkter" />
          </div>
          <div className="site-header__actions">
            {storeButton}
            {cartButton}
          </div>
        </div>
        {navigation}
      </header>
      {pinned ? (
        <div className="slim-nav" role="region" aria-label="Fast sidhuvud">
          <div className="container slim-nav__inner">
            <div className="site-header__menu-button">{slimMenuButton}</div>
            <Logo name={organisation.name} href={logoHref} compact />
            <div className="slim-nav__search">
              <SearchForm
                placeholder={labels.searchPlaceholder}
                label="Sök produkter i fast sidhuvud"
              />
            </div>
            <div className="site-header__actions">{cartButton}</div>
          </div>
        </div>
      ) : null}
      {showCart ? (
        <MiniCartDrawer
          open={miniCart.isOpen}
          onOpenChange={miniCart.setOpen}
          state={cartState}
          onRetry={() => void loadCart()}
          freeShippingLabel={labels.freeShipping}
        />
      ) : null}
    </>
  );
}
