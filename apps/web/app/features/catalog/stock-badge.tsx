import type { OrganisationId } from '@bygg/contracts/common';
import type { StockEntry } from '@bygg/contracts/stock';
import { purchaseBlockedMessage, stockBadge } from '@bygg/domain/stock';

type StockBadgeProps = {
  /** The chosen store's stock entry; null when the store has no record of the article. */
  stock: StockEntry | null | undefined;
  hasStore: boolean;
  organisation: OrganisationId;
};

function badgeOf({ stock, hasStore, organisation }: StockBadgeProps) {
  return stockBadge({
    status: stock?.status ?? 'UNKNOWN',
    availability: stock?.availability ?? 0,
    stockType: stock?.stock_type ?? null,
    organisation,
    hasStore,
  });
}

/** Why the article cannot be bought in the chosen store (issue 22), or null when it can. */
export function purchaseBlocked(props: StockBadgeProps): string | null {
  return purchaseBlockedMessage(badgeOf(props));
}

/** The stock badge for the chosen store (spec §4), colour plus text. */
export function StockBadge(props: StockBadgeProps) {
  const badge = badgeOf(props);
  return (
    <p className={`stock-badge stock-badge--${badge.tone}`} data-testid="stock-badge">
      <span className="stock-badge__dot" aria-hidden="true" />
      {badge.label}
    </p>
  );
}
