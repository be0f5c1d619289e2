import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ITEM_ERROR_CLEAR_MS } from '@bygg/domain/limits';
import { requestMiniPicklistOpen } from '~/lib/picklist/open-signal.ts';
import {
  isPicklistPage,
  isPicklistShown,
  usePicklistAccess,
} from '~/lib/picklist/picklist-access.ts';
import {
  PicklistFullError,
  updatePicklist,
  usePicklistLines,
} from '~/lib/picklist/picklist-store.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';

export type AddToPicklistProps = {
  articleId: number;
  productSlug: string;
  /** The store whose page this is, if known; otherwise the visitor's chosen store. */
  storeId: number | null;
};

/**
 * 'Till plocklistan' (storefront spec §2, §4): adds one of the article to the picklist in local
 * storage and opens the mini picklist, unless on the picklist page. Shown only where the
 * picklist exists: not central, not for a proffs user, and with the picklist flag of the root
 * or store context on.
 */
export function AddToPicklist({ articleId, productSlug, storeId }: AddToPicklistProps) {
  const access = usePicklistAccess();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const lines = usePicklistLines();
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!isPicklistShown(access, pathname)) return null;
  const inList = lines?.find((line) => line.article_id === articleId)?.quantity ?? 0;

  const add = () => {
    clearTimeout(timer.current);
    try {
      updatePicklist({
        article_id: articleId,
        product_slug: productSlug,
        store_id: storeId ?? access.chosenStoreId,
        quantity: 1,
        mode: 'add',
      });
      setError(null);
      if (!isPicklistPage(pathname)) requestMiniPicklistOpen();
    } catch (cause) {
      console.error('Could not add to the picklist:', cause);
      setError(
        cause instanceof PicklistFullError
          ? 'Plocklistan är full. Ta bort något innan du lägger till fler produkter.'
          : 'Vi kunde tyvärr inte lägga produkten i plocklistan. Försök igen senare.',
      );
      // Spec §4, §9: an item error clears after 1.5 s (or on click).
      timer.current = setTimeout(() => setError(null), ITEM_ERROR_CLEAR_MS);
    }
  };

  return (
    <div className="add-to-picklist">
      <button
        type="button"
        className="button button--secondary add-to-picklist__button"
        onClick={add}
        disabled={!hydrated}
      >
        Till plocklistan
      </button>
      <p className="add-to-picklist__status" role="status">
        {inList > 0 ? `${inList} st i din plocklista` : ''}
      </p>
      <div role="alert">
        {error ? (
          <button type="button" className="add-to-picklist__error" onClick={() => setError(null)}>
            {error}
          </button>
        ) : null}
      </div>
    </div>
  );
}
