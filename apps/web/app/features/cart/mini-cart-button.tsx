import { usePanel } from '~/components/layout/open-panel.tsx';
import { CartIcon } from '~/components/ui/icons/cart-icon.tsx';
import { useCart, useCartStore } from '~/lib/cart/use-cart.ts';
import './cart.css';

/** The header's 'Varukorg' button with the number of items; opening it reads the cart. */
export function MiniCartButton() {
  const panel = usePanel('mini-cart');
  const store = useCartStore();
  const { cart } = useCart();
  const quantity = cart?.summary.quantity ?? 0;
  return (
    <button
      type="button"
      className="cart-button"
      aria-haspopup="dialog"
      aria-expanded={panel.isOpen}
      // One name with the count ('Varukorg, 2 varor'); the badge itself is hidden from readers.
      aria-label={
        quantity > 0 ? `Varukorg, ${quantity} ${quantity === 1 ? 'vara' : 'varor'}` : undefined
      }
      onClick={() => {
        panel.setOpen(true);
        void store.load();
      }}
    >
      <span className="badged-icon">
        <CartIcon />
        {quantity > 0 ? (
          <span className="badged-icon__count badged-icon__count--accent" aria-hidden="true">
            {quantity}
          </span>
        ) : null}
      </span>
      <span className="cart-button__label">Varukorg</span>
    </button>
  );
}
