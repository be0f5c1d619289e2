import type { Cart } from '@bygg/contracts/cart';
import { formatPrice, VAT_LABEL } from '@bygg/domain/money';
import { goodsLabel } from '~/components/cart/cart-amount.ts';
import { discountRow } from '~/components/cart/cart-discount.ts';
import type { CartPriceDisplay } from '~/lib/cart/use-cart.ts';

function Row({
  label,
  amount,
  variant,
}: {
  label: string;
  amount: string;
  variant?: 'total' | 'muted' | 'proffs';
}) {
  return (
    <div className={`cart-totals__row${variant ? ` cart-totals__row--${variant}` : ''}`}>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </div>
  );
}

/**
 * The order's sums (all öre): items, shipping, gift cards and what is left to pay, with the
 * VAT. On b2b paths and for proffs users the total excl. VAT leads (spec §6); a proffs user
 * in a store with trade accounts sees it as the proffs total.
 */
export function OrderSummary({ cart, display }: { cart: Cart; display: CartPriceDisplay }) {
  const { summary } = cart;
  const proffsTotal = display.proffsUser && cart.store.proffs_enabled;
  const discount = discountRow(cart);
  const shipping =
    summary.shipping_price === 0 ? 'Kostnadsfri' : formatPrice(summary.shipping_price);
  return (
    <dl className="cart-totals">
      <Row label={goodsLabel(cart.items)} amount={formatPrice(summary.items_price)} />
      {discount ? <Row label={discount.label} amount={discount.amount} /> : null}
      <Row label="Frakt" amount={shipping} />
      {display.exclVat ? (
        <>
          <Row
            label={proffsTotal ? 'Proffspris totalt' : 'Totalt'}
            amount={`${formatPrice(summary.price_excl_vat)} ${VAT_LABEL}`}
            variant="total"
          />
          <Row label="Moms" amount={formatPrice(summary.vat)} variant="muted" />
          <Row label="Totalt inkl. moms" amount={formatPrice(summary.price)} />
        </>
      ) : (
        <>
          <Row label="Totalt" amount={formatPrice(summary.price)} variant="total" />
          <Row label="varav moms" amount={formatPrice(summary.vat)} variant="muted" />
          {proffsTotal ? (
            <Row
              label="Proffspris totalt"
              amount={`${formatPrice(summary.price_excl_vat)} ${VAT_LABEL}`}
              variant="proffs"
            />
          ) : null}
        </>
      )}
      {summary.giftcard_amount > 0 ? (
        <>
          <Row label="Presentkort" amount={`−${formatPrice(summary.giftcard_amount)}`} />
          <Row label="Att betala" amount={formatPrice(summary.to_pay)} variant="total" />
        </>
      ) : null}
    </dl>
  );
}
