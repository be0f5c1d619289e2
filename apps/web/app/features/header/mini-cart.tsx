import { Link } from 'react-router';
import { formatPrice } from '@bygg/domain/money';
import { Drawer } from '~/components/ui/drawer.tsx';
import { CartIcon } from '~/components/ui/icons.tsx';
import type { CartState } from './use-current-cart.ts';

export const MINI_CART_TITLE = 'Min varukorg';

export function MiniCartButton({
  quantity,
  open,
  onOpen,
}: {
  quantity: number;
  open: boolean;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className="cart-button"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onOpen}
    >
      <span className="cart-button__icon">
        <CartIcon />
        {quantity > 0 ? (
          <span className="cart-button__count" aria-hidden="true">
            {quantity}
          </span>
        ) : null}
      </span>
      <span className="cart-button__label">Varukorg</span>
      {quantity > 0 ? <span className="visually-hidden">, {quantity} varor</span> : null}
    </button>
  );
}

export function MiniCartDrawer({
  open,
  onOpenChange,
  state,
  onRetry,
  freeShippingLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: CartState;
  onRetry: () => void;
  freeShippingLabel: string;
}) {
  const cart = state.status === 'loaded' ? state.cart : null;
  const hasItems = cart !== null && cart.items.length > 0;
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title={MINI_CART_TITLE}
      footer={
        hasItems ? (
          <div className="mini-cart__summary">
            <p className="mini-cart__total">
              <span>Totalt</span>
              <span>{formatPrice(cart.summary.price)}</span>
            </p>
            <Link
              className="button button--primary button--block"
              to="/kassa"
              onClick={() => onOpenChange(false)}
            >
              Till kassan
            </Link>
          </div>
        ) : (
          <p className="mini-cart__note">{freeShippingLabel}</p>
        )
      }
    >
      <div className="mini-cart" aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' || state.status === 'idle' ? (
          <p className="mini-cart__status">Hämtar varukorgen …</p>
        ) : state.status === 'error' ? (
          <div className="mini-cart__status">
            <p>Vi kunde tyvärr inte hämta varukorgen. Försök igen senare.</p>
            <button type="button" className="button button--secondary" onClick={onRetry}>
              Försök igen
            </button>
          </div>
        ) : hasItems ? (
          <ul className="mini-cart__lines">
            {cart.items.map((line) => (
              <li key={line.id} className="mini-cart__line">
                <span className="mini-cart__line-title">
                  {line.brand ? <span className="mini-cart__brand">{line.brand}</span> : null}
                  {line.title}
                </span>
                <span className="mini-cart__line-qty">{line.quantity} st</span>
                <span className="mini-cart__line-price">
                  {line.price === null ? '–' : formatPrice(line.price)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mini-cart__empty">
            <CartIcon size={40} />
            <p>Din varukorg är tom.</p>
            <Link className="button button--secondary" to="/" onClick={() => onOpenChange(false)}>
              Fortsätt handla
            </Link>
          </div>
        )}
      </div>
    </Drawer>
  );
}
