import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PicklistIcon } from '~/components/ui/icons/picklist-icon.tsx';
import { SUM_UNDEFINED_EXPLANATION, sumDisplay } from './picklist-model.ts';
import type { Picklist } from '@bygg/contracts/picklist';

/** Spec §8: the text of a failed picklist load, shown in a banner. */
export const PICKLIST_LOAD_ERROR = 'Vi kunde tyvärr inte ladda in plocklistan. Försök igen senare.';

export function PicklistLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="picklist-banner picklist-banner--error" role="alert">
      <p>{PICKLIST_LOAD_ERROR}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Försök igen
      </button>
    </div>
  );
}

export function PicklistLoading() {
  return (
    <p className="picklist-status" role="status">
      <span className="spinner" aria-hidden="true" /> Hämtar plocklistan …
    </p>
  );
}

export function PicklistEmpty({ action }: { action: ReactNode }) {
  return (
    <div className="picklist-empty">
      <PicklistIcon size={40} />
      <p>Din plocklista är tom.</p>
      <p className="picklist-empty__hint">
        Lägg till produkter med knappen ”Till plocklistan” på produktsidan. Listan sparas i den här
        webbläsaren.
      </p>
      {action}
    </div>
  );
}

/** Every stored product is gone from the assortment (the API's 'No products found'). */
export function PicklistNoneFound({ onClear }: { onClear: () => void }) {
  return (
    <div className="picklist-banner picklist-banner--warning" role="status">
      <p>Produkterna i din plocklista finns inte längre i sortimentet.</p>
      <button type="button" className="button button--secondary" onClick={onClear}>
        Töm plocklistan
      </button>
    </div>
  );
}

/** Spec §8: missing products are skipped; the shopper is told and may drop them. */
export function PicklistMissing({ count, onRemove }: { count: number; onRemove: () => void }) {
  if (count === 0) return null;
  return (
    <div className="picklist-banner picklist-banner--warning" role="status">
      <p>
        {count === 1
          ? 'En produkt i din plocklista finns inte längre och visas inte.'
          : `${count} produkter i din plocklista finns inte längre och visas inte.`}
      </p>
      <button type="button" className="button button--secondary" onClick={onRemove}>
        Ta bort {count === 1 ? 'den' : 'dem'} från listan
      </button>
    </div>
  );
}

/** The total, or '–' with the reason when a line has no price (spec §3). */
export function PicklistSum({
  picklist,
}: {
  picklist: Pick<Picklist, 'sum' | 'vat' | 'quantity'>;
}) {
  const sum = sumDisplay(picklist);
  const whyId = useId();
  return (
    <div className="picklist-sum">
      <p className="picklist-sum__row">
        <span>
          Totalt <span className="picklist-sum__count">({picklist.quantity} st)</span>
        </span>
        {sum.defined ? (
          <span className="picklist-sum__amount">{sum.text}</span>
        ) : (
          <span className="picklist-sum__amount">
            <span aria-hidden="true">{sum.text}</span>
            <span className="visually-hidden">Totalsumma saknas.</span>
          </span>
        )}
      </p>
      {sum.defined ? (
        <p className="picklist-sum__vat">{sum.vatNote}</p>
      ) : (
        <p className="picklist-sum__why" id={whyId}>
          {SUM_UNDEFINED_EXPLANATION}
        </p>
      )}
    </div>
  );
}

export function ContinueShopping({ to, onClick }: { to: string; onClick?: () => void }) {
  return (
    <Link className="button button--secondary" to={to} onClick={onClick}>
      Fortsätt handla
    </Link>
  );
}
