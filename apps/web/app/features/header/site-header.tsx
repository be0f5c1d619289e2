import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { OrganisationId } from '@bygg/contracts/common';
import { homeDeliveryAdvertised } from '@bygg/domain/checkout';
import type { Mode } from '@bygg/domain/vat-display';
import { StoreIcon } from '~/components/ui/icons/store-icon.tsx';
import { TruckIcon } from '~/components/ui/icons/truck-icon.tsx';
// The editor overlay finds content-service labels by their uri (issue 6).
import { LABEL_NODES } from '~/lib/labels.ts';
import { Logo } from './logo.tsx';
import { ModeToggle } from './mode-toggle.tsx';
import { SearchForm } from './search-form.tsx';
import './header.css';

export type HeaderLabels = {
  searchPlaceholder: string;
  freeShipping: string;
  clickAndCollect: string;
};

type SiteHeaderProps = {
  /** `flags.search` false (spec §6 'search' flag): no search box. */
  organisation: { id: OrganisationId; name: string; flags?: { search?: boolean } };
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
  /** The logged-in user's name and logout button, or the login link (features/login). */
  account?: ReactNode;
  /** The retail-search tracker's website id (spec §4); null logs its commands. */
  retailSearchWebsiteId?: string | null;
  /** The mini cart's button (features/cart), in the header row and the slim bar. */
  cartButton?: ReactNode;
  /** The 'Plocklista' button and its drawer (features/picklist), before the cart button. */
  picklistButton?: ReactNode;
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
  account = null,
  retailSearchWebsiteId = null,
  cartButton: cartButtonSlot = null,
  picklistButton = null,
}: SiteHeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  const [pinned, setPinned] = useState(false);
  const { pathname } = useLocation();
  const showCart = !isCheckoutPath(pathname);
  const searchEnabled = organisation.flags?.search !== false;
  const delivery = homeDeliveryAdvertised(organisation.id);

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

  const cartButton = showCart ? cartButtonSlot : null;

  return (
    <>
      <header className="site-header" ref={headerRef}>
        <div className="top-bar">
          <div className="container top-bar__inner">
            <ul className="top-bar__usps">
              {/* Home delivery is advertised only where a visitor can have it (ADR 030). */}
              {delivery ? (
                <li>
                  <TruckIcon size={18} />
                  <span data-djedi-node={LABEL_NODES.freeShipping.uri}>{labels.freeShipping}</span>
                </li>
              ) : null}
              <li className={delivery ? 'top-bar__usp--wide' : undefined}>
                <StoreIcon size={18} />
                <span data-djedi-node={LABEL_NODES.clickAndCollect.uri}>
                  {labels.clickAndCollect}
                </span>
              </li>
            </ul>
            {mode ? <ModeToggle mode={mode} /> : null}
          </div>
        </div>
        <div className="container site-header__main">
          <div className="site-header__menu-button">{menuButton}</div>
          <Logo name={organisation.name} href={logoHref} />
          <div className="site-header__search">
            {searchEnabled ? (
              <SearchForm
                placeholder={labels.searchPlaceholder}
                label="Sök produkter"
                trackerWebsiteId={retailSearchWebsiteId}
              />
            ) : null}
          </div>
          <div className="site-header__actions">
            {account}
            {storeButton}
            {picklistButton}
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
              {searchEnabled ? (
                <SearchForm
                  placeholder={labels.searchPlaceholder}
                  label="Sök produkter i fast sidhuvud"
                  trackerWebsiteId={retailSearchWebsiteId}
                />
              ) : null}
            </div>
            <div className="site-header__actions">{cartButton}</div>
          </div>
        </div>
      ) : null}
    </>
  );
}
