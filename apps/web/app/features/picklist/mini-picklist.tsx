import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useMiniPicklistOpenRequests } from '~/lib/picklist/open-signal.ts';
import {
  isPicklistPage,
  isPicklistShown,
  usePicklistAccess,
} from '~/lib/picklist/picklist-access.ts';
import { usePicklistLines } from '~/lib/picklist/picklist-store.ts';
import { PicklistIcon } from '~/components/ui/icons/picklist-icon.tsx';
import './picklist.css';

// Issue 3 (first-load JavaScript): the drawer starts closed and is a chunk of its own.
const MiniPicklistDrawer = lazy(() =>
  import('./mini-picklist-drawer.tsx').then((module) => ({ default: module.MiniPicklistDrawer })),
);

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
        <span className="badged-icon">
          <PicklistIcon />
          {count > 0 ? (
            <span className="badged-icon__count" aria-hidden="true">
              {count}
            </span>
          ) : null}
        </span>
        <span className="picklist-button__label">Plocklista</span>
      </button>
      {onPicklistPage ? null : (
        <Suspense fallback={null}>
          <MiniPicklistDrawer pathname={pathname} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
