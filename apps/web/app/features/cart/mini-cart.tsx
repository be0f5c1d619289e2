import { useRef } from 'react';
import type { Cart } from '@bygg/contracts/cart';
import { Link, useLocation } from 'react-router';
import { FREE_SHIPPING_LABEL, SHIPPING_TYPES } from '@bygg/domain/shipping';
import { formatPrice, NBSP, VAT_LABEL } from '@bygg/domain/money';
import { priceVatLabel } from '@bygg/domain/vat-display';
import { usePanel } from '~/components/layout/open-panel.tsx';
import { CartLines } from '~/components/cart/cart-lines.tsx';
import { cartAmount, goodsLabel } from '~/components/cart/cart-amount.ts';
import { discountRow, goodsExclVat } from '~/components/cart/cart-discount.ts';
import { Drawer } from '~/components/ui/drawer.tsx';
import { CartIcon } from '~/components/ui/icons/cart-icon.tsx';
import {
  CART_LOAD_FAILED_MESSAGE,
  CONSENT_REQUIRED_MESSAGE,
  joinMessages,
} from '~/lib/cart/cart-messages.ts';
import { isCheckoutPath } from '~/lib/cart/cart-paths.ts';
import {
  useCart,
  useCartDisplay,
  useCartStore,
  type CartPriceDisplay,
} from '~/lib/cart/use-cart.ts';
import { usePaths } from '~/lib/paths.ts';
import { usePunchoutMode } from '~/lib/punchout-mode.ts';
import './cart.css';

export const MINI_CART_TITLE = 'Min varukorg';

// The button is a module of its own (issue 3): root.tsx loads this drawer as a lazy chunk.
export { MiniCartButton } from './mini-cart-button.tsx';

/**
 * 'Min varukorg' (storefront spec §2, §4): a drawer from the right with the lines, their
 * quantities, the totals (the proffs total excl. VAT where it applies) and the way to the
 * checkout. It opens after a successful add or update, and is not offered on the checkout page.
 */
export function MiniCart() {
  const { pathname } = useLocation();
  const panel = usePanel('mini-cart');
  const store = useCartStore();
  const display = useCartDisplay();
  const snapshot = useCart();
  const confirmation = useRef<HTMLParagraphElement>(null);
  const paths = usePaths();
  const punchout = usePunchoutMode();
  if (isCheckoutPath(pathname)) return null;

  const { cart, status, errors, lastAdded } = snapshot;
  const lines = cart?.items ?? [];
  const messages = cart ? joinMessages(cart.messages) : '';
  const close = () => panel.setOpen(false);
  const showProffsTotal = display.proffsUser && cart?.store.proffs_enabled === true;
  const problems = Object.fromEntries(lines.map((line) => [line.id, errors[`item:${line.id}`]]));

  return (
    <Drawer
      open={panel.isOpen}
      onOpenChange={(open) => {
        panel.setOpen(open);
        if (open) void store.load();
      }}
      side="right"
      title={MINI_CART_TITLE}
      initialFocus={lastAdded ? confirmation : undefined}
      footer={
        lines.length > 0 && cart ? (
          <div className="mini-cart__summary">
            <CartTotals cart={cart} display={display} proffsTotal={showProffsTotal} />
            {offersDelivery(cart) ? (
              <FreeShippingNote remaining={cart.summary.free_shipping_remaining} />
            ) : null}
            {/* Punch-out (issue 22): the cart goes back to the purchasing system, not to /kassa. */}
            <Link
              className="button button--primary button--block"
              to={punchout ? '/punchout' : paths.checkout()}
              onClick={close}
            >
              {punchout ? 'Överför till inköpssystem' : 'Till kassan'}
            </Link>
            <button
              type="button"
              className="button button--secondary button--block"
              onClick={close}
            >
              Fortsätt handla
            </button>
          </div>
        ) : cart && offersDelivery(cart) ? (
          <p className="mini-cart__note">{FREE_SHIPPING_LABEL}</p>
        ) : null
      }
    >
      <div className="mini-cart" aria-busy={status === 'loading'}>
        {lastAdded ? (
          <p className="mini-cart__added" ref={confirmation} tabIndex={-1}>
            <span aria-hidden="true">✓ </span>
            {lastAdded.title} har lagts i varukorgen.
          </p>
        ) : null}
        {errors.cart ? (
          <p className="cart-alert" role="alert">
            {errors.cart}
          </p>
        ) : null}
        {messages ? <p className="cart-messages">{messages}</p> : null}
        {snapshot.consentRequired ? (
          <div className="mini-cart__status">
            <p>{CONSENT_REQUIRED_MESSAGE}</p>
            {/* The consent dialog's reopen query (features/consent REOPEN_QUERY). */}
            <Link
              className="button button--secondary"
              to={{ pathname, search: '?cookie-installningar' }}
              onClick={close}
              preventScrollReset
              replace
            >
              Cookieinställningar
            </Link>
          </div>
        ) : status === 'failed' && !cart ? (
          <div className="mini-cart__status" role="alert">
            <p>{CART_LOAD_FAILED_MESSAGE}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void store.load()}
            >
              Försök igen
            </button>
          </div>
        ) : (status === 'loading' || status === 'idle') && !cart ? (
          <p className="mini-cart__status">Hämtar varukorgen …</p>
        ) : lines.length > 0 ? (
          <CartLines
            lines={lines}
            display={display}
            updating={snapshot.updating}
            problems={problems}
            onQuantityChange={(line, quantity) => void store.update(line, quantity)}
            onRemove={(line) => void store.remove(line)}
          />
        ) : (
          <div className="mini-cart__empty">
            <CartIcon size={40} />
            <p>Din varukorg är tom.</p>
            <button type="button" className="button button--secondary" onClick={close}>
              Fortsätt handla
            </button>
          </div>
        )}
      </div>
    </Drawer>
  );
}

/**
 * The goods' sums: with a discount code the items, the code's row worded as on /kassa, and
 * the goods after it (what free shipping is judged on); without one the items alone.
 */
function CartTotals({
  cart,
  display,
  proffsTotal,
}: {
  cart: Cart;
  display: CartPriceDisplay;
  proffsTotal: boolean;
}) {
  const { summary } = cart;
  const discount = discountRow(cart);
  const goods = {
    incl: summary.items_price - summary.discount,
    excl: goodsExclVat(summary, itemsExclVat(cart.items)),
  };
  const voucherNote =
    !discount && cart.voucher?.code && cart.voucher.message
      ? `Rabattkod ${cart.voucher.code}: ${cart.voucher.message}`
      : null;
  return (
    <>
      <dl className="cart-totals">
        {discount ? (
          <>
            <div className="cart-totals__row">
              <dt>{goodsLabel(cart.items)}</dt>
              <dd>{formatPrice(summary.items_price)}</dd>
            </div>
            <div className="cart-totals__row">
              <dt>{discount.label}</dt>
              <dd>{discount.amount}</dd>
            </div>
          </>
        ) : null}
        {proffsTotal ? (
          <>
            <div className="cart-totals__row cart-totals__row--total">
              <dt>Proffspris totalt</dt>
              <dd>{`${formatPrice(goods.excl)}${NBSP}${VAT_LABEL}`}</dd>
            </div>
            <div className="cart-totals__row cart-totals__row--muted">
              <dt>Inkl. moms</dt>
              <dd>{formatPrice(goods.incl)}</dd>
            </div>
          </>
        ) : (
          <div className="cart-totals__row cart-totals__row--total">
            <dt>Summa varor{priceVatLabel(display) ? '' : ' inkl. moms'}</dt>
            <dd>{cartAmount(goods, display)}</dd>
          </div>
        )}
      </dl>
      {voucherNote ? <p className="mini-cart__voucher-note">{voucherNote}</p> : null}
    </>
  );
}

/** Öre excl. VAT of the items (the summary's excl. figure also holds shipping). */
function itemsExclVat(lines: readonly { sum_excl_vat: number }[]): number {
  return lines.reduce((total, line) => total + line.sum_excl_vat, 0);
}

/** Free shipping is promised only where the cart offers home delivery (ADR 030). */
function offersDelivery(cart: Cart): boolean {
  return cart.shipping.options.some((option) => option.type === SHIPPING_TYPES.ADDRESS);
}

/** Spec §9: 'Fri frakt för order över 499:-*', with how much is left for it. */
export function FreeShippingNote({ remaining }: { remaining: number }) {
  return (
    <p className="mini-cart__note">
      {remaining > 0 ? (
        <>
          Handla för {formatPrice(remaining)} till för fri frakt.{' '}
          <span className="mini-cart__fine">{FREE_SHIPPING_LABEL}</span>
        </>
      ) : (
        <>Din order har fri frakt vid hemleverans.*</>
      )}
      <span className="mini-cart__fine"> *Gäller hemleverans av paket, ej skrymmande varor.</span>
    </p>
  );
}
