import { useId, useState } from 'react';
import { CartIcon } from '~/components/ui/icons/cart-icon.tsx';
import { QuantityInput } from '~/components/cart/quantity-input.tsx';
import './add-to-cart.css';
import { useCart, useCartStore } from '~/lib/cart/use-cart.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';

type AddToCartProps = {
  /** The 7-digit article the button adds (a card adds the article its price belongs to). */
  articleId: number;
  /** The product's name, for the button's accessible name and the §8 error text. */
  title: string;
  /** 'card': a compact button in listings; 'page': a quantity picker and a large button. */
  variant: 'card' | 'page';
  /** Why the article cannot be bought here (issue 22): shown instead of the button. */
  blocked?: string | null;
};

/**
 * 'Lägg i varukorgen' (storefront spec §4): adds the article, shows a spinner while the
 * request runs, and on success the mini cart opens with a confirmation. A failure shows the
 * §8 text next to the button until it clears itself. The button waits for hydration: before
 * that a click would do nothing.
 */
export function AddToCart({ articleId, title, variant, blocked }: AddToCartProps) {
  if (blocked) {
    return (
      <p className={`add-to-cart__blocked add-to-cart__blocked--${variant}`} role="note">
        {blocked}
      </p>
    );
  }
  return <BuyButton articleId={articleId} title={title} variant={variant} />;
}

function BuyButton({ articleId, title, variant }: Omit<AddToCartProps, 'blocked'>) {
  const store = useCartStore();
  const { adding, errors } = useCart();
  const hydrated = useHydrated();
  const [quantity, setQuantity] = useState(1);
  const messageId = useId();
  const busy = adding.has(articleId);
  const error = errors[`article:${articleId}`] ?? '';

  const label = busy ? 'Lägger i varukorgen …' : 'Lägg i varukorgen';
  const add = () => void store.add({ id: articleId, title }, quantity);

  return (
    <div className={`add-to-cart add-to-cart--${variant}`}>
      <div className="add-to-cart__row">
        {variant === 'page' ? (
          <QuantityInput
            value={quantity}
            onChange={setQuantity}
            label={title}
            variant="picker"
            disabled={!hydrated}
          />
        ) : null}
        <button
          type="button"
          className={`button button--primary add-to-cart__button${busy ? ' is-busy' : ''}`}
          disabled={!hydrated || busy}
          aria-describedby={error ? messageId : undefined}
          // A card's button names its product; the visible text starts the name (WCAG 2.5.3).
          aria-label={variant === 'card' ? `${label}: ${title}` : undefined}
          onClick={add}
        >
          {busy ? (
            <span className="add-to-cart__spinner" aria-hidden="true" />
          ) : (
            <CartIcon size={18} />
          )}
          <span>{label}</span>
        </button>
      </div>
      {/* Always in the page, so the text is announced when it appears (spec §8 errors). */}
      <p className="add-to-cart__message" id={messageId} role="alert">
        {error}
      </p>
    </div>
  );
}
