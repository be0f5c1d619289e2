import type { PriceOffer } from '@bygg/contracts/prices';
import { priceVatLabel } from '@bygg/domain/vat-display';
import { formatDate, formatKronor } from '~/lib/format.ts';

export type PriceDisplay = {
  /** Show the excl.-VAT amounts (b2b paths and proffs users, spec §6). */
  exclVat: boolean;
  /** Label the price 'exkl.'/'inkl. moms' (building-supply or proffs users, spec §6). */
  vatLabel: boolean;
};

type PriceProps = {
  offer: PriceOffer | null;
  display: PriceDisplay;
  /** large: the product page, with the lowest 30-day price and the unit price; small: cards. */
  size: 'small' | 'large';
  unit?: string;
};

/**
 * The one price component: every variant (plain, campaign, limited time, net price, excl.
 * VAT) on cards and on the product page. A hidden price has no offer and shows nothing.
 */
export function Price({ offer, display, size, unit }: PriceProps) {
  if (!offer) return null;
  const amount = display.exclVat ? offer.price_excl_vat : offer.price;
  // reduced_from is incl. VAT; the excl.-VAT ordinary price follows from the article's rate.
  const reducedFrom =
    offer.reduced_from === null
      ? null
      : display.exclVat
        ? Math.round((offer.reduced_from / (1 + offer.vat_rate)) * 100) / 100
        : offer.reduced_from;
  const lowest30 = display.exclVat
    ? offer.lowest_price_excl_vat_last_30_days
    : offer.lowest_price_last_30_days;
  const isCampaign = reducedFrom !== null && reducedFrom > amount;
  const label = priceVatLabel(display);
  const vatSuffix = label ? ` ${label}` : '';
  const unitPrice = display.exclVat ? offer.unit_price_excl_vat : offer.unit_price;
  const showUnitPrice = size === 'large' && offer.unit_label !== unit;
  return (
    <div className={`price price--${size}${isCampaign ? ' price--campaign' : ''}`}>
      {offer.is_net_price ? <span className="price__tag">Nettopris</span> : null}
      <p className="price__row">
        <span className="price__amount" data-testid="price-amount">
          {isCampaign ? <span className="visually-hidden">Kampanjpris </span> : null}
          {formatKronor(amount)}
        </span>
        {unit ? <span className="price__unit">/{unit}</span> : null}
        {vatSuffix ? <span className="price__vat">{vatSuffix}</span> : null}
      </p>
      {isCampaign && reducedFrom !== null ? (
        <p className="price__was">
          Ord. pris <s>{formatKronor(reducedFrom)}</s>
        </p>
      ) : null}
      {isCampaign && size === 'large' && lowest30 !== null ? (
        <p className="price__lowest">Lägsta pris 30 dagar: {formatKronor(lowest30)}</p>
      ) : null}
      {offer.is_limited_time && offer.end_date ? (
        <p className="price__until">Gäller t.o.m. {formatDate(offer.end_date)}</p>
      ) : null}
      {showUnitPrice ? (
        <p className="price__per-unit">
          {formatKronor(unitPrice)}/{offer.unit_label}
          {vatSuffix}
        </p>
      ) : null}
    </div>
  );
}
