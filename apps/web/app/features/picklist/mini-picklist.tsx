import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Drawer } from '~/components/ui/drawer.tsx';
import { useMiniPicklistOpenRequests } from '~/lib/picklist/open-signal.ts';
import {
  isPicklistPage,
  isPicklistShown,
  picklistPath,
  picklistPlace,
  picklistVatMode,
  usePicklistAccess,
} from '~/lib/picklist/picklist-access.ts';
import { removeLines, usePicklistLines } from '~/lib/picklist/picklist-store.ts';
import type { PicklistStoreRef } from '~/lib/picklist/priced-picklist.ts';
import { PicklistIcon } from './picklist-icon.tsx';
import { PicklistLines } from './picklist-lines.tsx';
import {
  ContinueShopping,
  PicklistEmpty,
  PicklistLoadError,
  PicklistLoading,
  PicklistMissing,
  PicklistNoneFound,
  PicklistSum,
} from './picklist-states.tsx';
import { usePricedPicklist } from './use-priced-picklist.ts';
import './picklist.css';

export const MINI_PICKLIST_TITLE = 'Plocklista';

/**
 * The header's 'Plocklista' button and the mini picklist drawer (storefront spec §2, §4): the
 * stored lines priced for the store of the page (a store route's store, else the chosen one)
 * and the price mode of the path, with 'Till plocklistan' to the picklist page. Rendered only
 * where the picklist exists (flags, not central, not a proffs user).
 */
export function MiniPicklist() {
  const access = usePicklistAccess();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const lines = usePicklistLines();
  const shown = isPicklistShown(access, pathname);
  const onPicklistPage = isPicklistPage(pathname);
  useMiniPicklistOpenRequests(() => {
    if (shown && !isPicklistPage(window.location.pathname)) setOpen(true);
  });
  if (!shown) return null;
  const count = lines?.length ?? 0;
  return (
    <>
      <button
        type="button"
        className="picklist-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        // The count is a badge on screen; the name says it in words.
        aria-label={
          count > 0 ? `Plocklista, ${count} ${count === 1 ? 'produkt' : 'produkter'}` : 'Plocklista'
        }
        onClick={() => setOpen(true)}
      >
        <span className="picklist-button__icon">
          <PicklistIcon />
          {count > 0 ? (
            <span className="picklist-button__count" aria-hidden="true">
              {count}
            </span>
          ) : null}
        </span>
        <span className="picklist-button__label">Plocklista</span>
      </button>
      {onPicklistPage ? null : (
        <MiniPicklistDrawer pathname={pathname} open={open} onOpenChange={setOpen} />
      )}
    </>
  );
}

function MiniPicklistDrawer({
  pathname,
  open,
  onOpenChange,
}: {
  pathname: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const access = usePicklistAccess();
  const place = picklistPlace(pathname, access.b2bPages);
  const store: PicklistStoreRef =
    place.kind === 'store'
      ? { slug: place.storeSlug }
      : access.chosenStoreId === null
        ? null
        : { id: access.chosenStoreId };
  const vat = picklistVatMode(pathname, access.b2bPages);
  // Priced only while open: a closed drawer makes no call.
  const priced = usePricedPicklist({ store, vat, active: open });
  const { state } = priced;
  const productBase =
    place.kind === 'store'
      ? `/butiker/${place.storeSlug}/produkt`
      : place.kind === 'root' && place.b2b
        ? '/foretag/produkt'
        : '/produkt';
  const close = () => onOpenChange(false);
  const loaded = state.status === 'loaded' ? state : null;
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title={MINI_PICKLIST_TITLE}
      footer={
        loaded ? (
          <div className="mini-picklist__footer">
            <PicklistSum picklist={loaded.picklist} />
            <Link
              className="button button--primary button--block"
              to={picklistPath(pathname, access.b2bPages)}
              onClick={close}
            >
              Till plocklistan
            </Link>
          </div>
        ) : null
      }
    >
      <div className="mini-picklist" aria-busy={state.status === 'loading' || priced.refreshing}>
        {state.status === 'waiting' || state.status === 'loading' ? <PicklistLoading /> : null}
        {state.status === 'error' ? <PicklistLoadError onRetry={priced.retry} /> : null}
        {state.status === 'empty' ? (
          <PicklistEmpty
            action={
              <ContinueShopping to={productBase.replace(/produkt$/, 'produkter')} onClick={close} />
            }
          />
        ) : null}
        {state.status === 'none-found' ? <PicklistNoneFound onClear={() => removeLines()} /> : null}
        {loaded ? (
          <>
            <p className="mini-picklist__store">
              {loaded.store
                ? `Priser och lagersaldo för ${loaded.store.name}`
                : 'Ingen butik vald: priserna är webbpriser. Välj butik för butikens priser och lagersaldo.'}
            </p>
            <PicklistMissing
              count={loaded.picklist.missing.length}
              onRemove={() => removeLines(loaded.picklist.missing)}
            />
            <PicklistLines
              entries={loaded.picklist.articles}
              vat={loaded.picklist.vat}
              quantityOf={priced.quantityOf}
              locked={priced.locked}
              errors={priced.errors}
              onClearError={priced.clearError}
              onQuantity={priced.setQuantity}
              productHref={(slug) => `${productBase}/${slug}`}
              onNavigate={close}
              detailed={null}
            />
          </>
        ) : null}
      </div>
    </Drawer>
  );
}
