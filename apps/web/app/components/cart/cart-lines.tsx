import { Link } from 'react-router';
import type { CartLine } from '@bygg/contracts/cart';
import { formatPrice } from '@bygg/domain/money';
import type { CartPriceDisplay } from '~/lib/cart/use-cart.ts';
import { usePaths } from '~/lib/paths.ts';
import { cartAmount } from './cart-amount.ts';
import { QuantityInput } from './quantity-input.tsx';
import './cart.css';

type CartLinesProps = {
  lines: readonly CartLine[];
  display: CartPriceDisplay;
  /** Lines with a request in flight (their controls wait). */
  updating: ReadonlySet<number>;
  /** Self-clearing errors and stock failures, by cart line id. */
  problems?: Readonly<Record<number, string | undefined>>;
  onQuantityChange: (line: CartLine, quantity: number) => void;
  onRemove: (line: CartLine) => void;
};

/** The cart's lines with quantity, unit price, line sum and a remove button. */
export function CartLines({
  lines,
  display,
  updating,
  problems = {},
  onQuantityChange,
  onRemove,
}: CartLinesProps) {
  // Product links in the page's variant: /produkt, /foretag/produkt, /butiker/{slug}/produkt …
  const paths = usePaths();
  return (
    <ul className="line-items">
      {lines.map((line) => {
        const busy = updating.has(line.id);
        // A request's own error first, else what the API says stops the line (issue 22).
        const problem = problems[line.id] ?? line.problem?.message;
        const problemId = `cart-line-problem-${line.id}`;
        const unitPrice = cartAmount({ incl: line.price, excl: line.price_excl_vat }, display);
        return (
          <li key={line.id} className="line-item cart-line" aria-busy={busy || undefined}>
            {line.image_url ? (
              <img
                className="line-item__image"
                src={line.image_url}
                alt=""
                width="64"
                height="64"
              />
            ) : (
              <span className="line-item__image cart-line__image--none" aria-hidden="true" />
            )}
            <div className="line-item__info cart-line__info">
              {line.brand ? <p className="cart-line__brand">{line.brand}</p> : null}
              <p className="cart-line__title">
                <Link to={paths.product(line.product_slug)}>{line.title}</Link>
              </p>
              <p className="cart-line__unit-price">
                {unitPrice}/{line.unit}
                {line.reduced_from !== null &&
                line.reduced_from > line.price &&
                !display.exclVat ? (
                  <>
                    {' '}
                    <span className="cart-line__was">
                      Ord. pris <s>{formatPrice(line.reduced_from)}</s>
                    </span>
                  </>
                ) : null}
                {line.is_net_price ? <span className="cart-line__tag">Nettopris</span> : null}
              </p>
            </div>
            <div className="line-item__controls">
              <QuantityInput
                value={line.quantity}
                label={line.title}
                variant="line"
                busy={busy}
                onChange={(quantity) => onQuantityChange(line, quantity)}
              />
              <button
                type="button"
                className="cart-line__remove"
                disabled={busy}
                onClick={() => onRemove(line)}
              >
                Ta bort<span className="visually-hidden"> {line.title}</span>
              </button>
            </div>
            <p className="cart-line__sum">
              <span className="visually-hidden">Summa </span>
              {cartAmount({ incl: line.sum, excl: line.sum_excl_vat }, display)}
            </p>
            {busy ? <span className="cart-line__spinner" aria-hidden="true" /> : null}
            <p className="cart-line__problem" id={problemId} role="alert">
              {problem ?? ''}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
