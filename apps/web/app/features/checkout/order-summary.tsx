import type { Cart } from '@bygg/contracts/cart';
import { exclVat, formatPrice, VAT_LABEL } from '@bygg/domain/money';
import { goodsLabel } from '~/components/cart/cart-amount.ts';
import { discountRow, goodsExclVat } from '~/components/cart/cart-discount.ts';
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
 * VAT. On b2b paths and for proffs users every row is excl. VAT and the total excl. VAT leads
 * (spec §6); a proffs user in a store with trade accounts sees it as the proffs total.
 */
export function OrderSummary({ cart, display }: { cart: Cart; display: CartPriceDisplay }) {
  const { summary } = cart;
  const proffsTotal = display.proffsUser && cart.store.proffs_enabled;
  const discount = discountRow(cart);
  const shipping =
    summary.shipping_price === 0 ? 'Kostnadsfri' : formatPrice(summary.shipping_price);
  if (display.exclVat) return <ExclVatSummary cart={cart} proffsTotal={proffsTotal} />;
  return (
    <dl className="cart-totals">
      <Row label={goodsLabel(cart.items)} amount={formatPrice(summary.items_price)} />
      {discount ? <Row label={discount.label} amount={discount.amount} /> : null}
      <Row label="Frakt" amount={shipping} />
      <Row label="Totalt" amount={formatPrice(summary.price)} variant="total" />
      <Row label="varav moms" amount={formatPrice(summary.vat)} variant="muted" />
      {proffsTotal ? (
        <Row
          label="Proffspris totalt"
          amount={`${formatPrice(summary.price_excl_vat)} ${VAT_LABEL}`}
          variant="proffs"
        />
      ) : null}
      {summary.giftcard_amount > 0 ? (
        <>
          <Row label="Presentkort" amount={`−${formatPrice(summary.giftcard_amount)}`} />
          <Row label="Att betala" amount={formatPrice(summary.to_pay)} variant="total" />
        </>
      ) : null}
    </dl>
  );
}

/** Shipping is sold at the standard rate (domain/checkout SHIPPING_VAT_RATE_BP). */
const SHIPPING_VAT_RATE = 0.25;

/**
 * Excl. VAT throughout (b2b paths, trade users; issue 17: not mixed with incl. VAT): the
 * goods, the discount and the shipping excl. VAT add up to the total excl. VAT, then the
 * VAT and the total incl. VAT, as the invoice will have them.
 */
function ExclVatSummary({ cart, proffsTotal }: { cart: Cart; proffsTotal: boolean }) {
  const { summary } = cart;
  const itemsExcl = cart.items.reduce((sum, line) => sum + line.sum_excl_vat, 0);
  const discountExcl = itemsExcl - goodsExclVat(summary, itemsExcl);
  const shippingExcl = exclVat(summary.shipping_price, SHIPPING_VAT_RATE);
  const excl = (ore: number) => `${formatPrice(ore)} ${VAT_LABEL}`;
  return (
    <dl className="cart-totals">
      <Row label={goodsLabel(cart.items)} amount={excl(itemsExcl)} />
      {summary.discount > 0 ? (
        <Row
          label={`Rabattkod ${cart.voucher?.code ?? ''}`.trim()}
          amount={`−${excl(discountExcl)}`}
        />
      ) : null}
      <Row
        label="Frakt"
        amount={summary.shipping_price === 0 ? 'Kostnadsfri' : excl(shippingExcl)}
      />
      <Row
        label={proffsTotal ? 'Proffspris totalt' : 'Totalt'}
        amount={excl(summary.price_excl_vat)}
        variant="total"
      />
      <Row label="Moms" amount={formatPrice(summary.vat)} variant="muted" />
      <Row label="Totalt inkl. moms" amount={formatPrice(summary.price)} />
      {summary.giftcard_amount > 0 ? (
        <>
          <Row label="Presentkort" amount={`−${formatPrice(summary.giftcard_amount)}`} />
          <Row label="Att betala" amount={formatPrice(summary.to_pay)} variant="total" />
        </>
      ) : null}
    </dl>
  );
}
