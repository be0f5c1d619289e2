import { Link } from 'react-router';
import type { OrganisationId } from '@bygg/contracts/common';
import { AddToCart } from '~/components/add-to-cart/add-to-cart.tsx';
import { Price } from '~/components/price/price.tsx';
import type { PriceDisplay } from '~/components/price/price.tsx';
import type { CardProduct } from '~/lib/card-product.ts';
import { pathsFor } from '~/lib/paths.ts';
import type { Variant } from '~/lib/paths.ts';
import { ProductImage } from './product-image.tsx';
import { purchaseBlocked, StockBadge } from './stock-badge.tsx';

export type CardContext = {
  display: PriceDisplay;
  hasStore: boolean;
  organisation: OrganisationId;
  /** Where product links go: the page's catalogue variant (plain, mode, store or central). */
  variant: Variant;
};

/**
 * A card's picture width in the listing grid (catalog.css): two columns below 900 px, three
 * beside the 260 px filter column up to 1199 px, four from 1200 px in at most 1450 px.
 */
export const CARD_IMAGE_SIZES = '(max-width: 899px) 50vw, (max-width: 1199px) 25vw, 300px';

/** How many of a listing's first cards load at once with high priority (the first row). */
export const PRIORITY_CARDS = 2;

/**
 * A product in a listing or carousel: picture, brand, title, price, stock badge. `priority`
 * marks a card of the first row, whose picture is the page's LCP element (ADR 044).
 */
export function ProductCard({
  product,
  context,
  priority = false,
}: {
  product: CardProduct;
  context: CardContext;
  priority?: boolean;
}) {
  return (
    <article className="product-card">
      <ProductImage
        image={product.cover_image}
        sizes={CARD_IMAGE_SIZES}
        className="product-card__image"
        decorative
        priority={priority}
      />
      <div className="product-card__body">
        {product.brand ? <p className="product-card__brand">{product.brand.name}</p> : null}
        <h3 className="product-card__title">
          <Link to={pathsFor(context.variant).product(product.slug)} className="product-card__link">
            {product.title}
          </Link>
        </h3>
        <Price
          offer={product.best_offer}
          display={context.display}
          size="small"
          unit={product.unit}
        />
        <StockBadge
          stock={product.stock}
          hasStore={context.hasStore}
          organisation={context.organisation}
        />
        {/* Cart (issue 5): adds the article the shown price belongs to; no price, no button. */}
        {product.best_offer ? (
          <AddToCart
            articleId={product.article_id}
            title={product.title}
            variant="card"
            blocked={purchaseBlocked({
              stock: product.stock,
              hasStore: context.hasStore,
              organisation: context.organisation,
            })}
          />
        ) : null}
      </div>
    </article>
  );
}
