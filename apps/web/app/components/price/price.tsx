import type { PriceOffer } from '@bygg/contracts/prices';
import { priceVatLabel } from '@bygg/domain/vat-display';
import type { CardOffer } from '~/lib/card-product.ts';
import { formatDate, formatKronor } from '~/lib/format.ts';

export type PriceDisplay = {
  /** Show the excl.-VAT amounts (b2b paths and proffs users, spec §6). */
  exclVat: boolean;
  /** Label the price 'exkl.'/'inkl. moms' (building-supply or proffs users, spec §6). */
  vatLabel: boolean;
};

type PriceProps = {
  display: PriceDisplay;
  unit?: string;
} & (
  | /** large: the product page, with the lowest 30-day price and the unit price. */
    { size: 'large'; offer: PriceOffer | null }
    /** small: cards, which get only the fields they show (lib/card-product.ts). */
  | { size: 'small'; offer: CardOffer | null }
);

/**
 * The one price component: every variant (plain, campaign, limited time, net price, excl.
 * VAT) on cards and on the product page. A hidden price has no offer and shows nothing.
 */
export function Price(props: PriceProps) {
  const { offer, display, size, unit } = props;
  if (!offer) return null;
  const full = props.size === 'large' ? props.offer : null;
  const amount = display.exclVat ? offer.price_excl_vat : offer.price;
  // reduced_from is incl. VAT; the excl.-VAT ordinary price follows from the article's rate.
  const reducedFrom =
    offer.reduced_from === null
      ? null
      : display.exclVat
        ? Math.round((offer.reduced_from / (1 + offer.vat_rate)) * 100) / 100
        : offer.reduced_from;
  const lowest30 = !full
    ? null
    : display.exclVat
      ? full.lowest_price_excl_vat_last_30_days
      : full.lowest_price_last_30_days;
  const isCampaign = reducedFrom !== null && reducedFrom > amount;
  const label = priceVatLabel(display);
  const vatSuffix = label ? ` ${label}` : '';
  const unitPrice = full && (display.exclVat ? full.unit_price_excl_vat : full.unit_price);
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
      {isCampaign && lowest30 !== null ? (
        <p className="price__lowest">Lägsta pris 30 dagar: {formatKronor(lowest30)}</p>
      ) : null}
      {offer.is_limited_time && offer.end_date ? (
        <p className="price__until">Gäller t.o.m. {formatDate(offer.end_date)}</p>
      ) : null}
      {full && unitPrice !== null && full.unit_label !== unit ? (
        <p className="price__per-unit">
          {formatKronor(unitPrice)}/{full.unit_label}
          {vatSuffix}
        </p>
      ) : null}
    </div>
  );
}
