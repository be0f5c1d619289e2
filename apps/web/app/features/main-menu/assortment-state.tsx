import { ASSORTMENT_ERROR } from './use-assortment.ts';
import type { Assortment } from './use-assortment.ts';

/**
 * What the mega menu and the drawer show in place of the category tree until it has loaded:
 * a polite 'Laddar kategorier…', or the error with 'Försök igen'.
 */
export function AssortmentState({ assortment }: { assortment: Assortment }) {
  if (assortment.status === 'error') {
    return (
      <div className="menu-status menu-status--error" role="alert">
        <p>{ASSORTMENT_ERROR}</p>
        <button type="button" className="menu-status__retry" onClick={assortment.load}>
          Försök igen
        </button>
      </div>
    );
  }
  return (
    <p className="menu-status" role="status">
      Laddar kategorier…
    </p>
  );
}
