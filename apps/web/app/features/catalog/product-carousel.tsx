import { useState } from 'react';
import type { Product } from '@bygg/contracts/products';
import { CAROUSEL_VISIBLE_PRODUCTS } from '@bygg/domain/limits';
import { ArrowLeftIcon } from '~/components/ui/icons/arrow-left-icon.tsx';
import { ArrowRightIcon } from '~/components/ui/icons/arrow-right-icon.tsx';
import type { CardContext } from './product-card.tsx';
import { ProductCard } from './product-card.tsx';

type CarouselProps = { heading: string; products: readonly Product[]; context: CardContext };

/** Four cards at a time; the arrow buttons appear only when there are more than four. */
export function ProductCarousel({ heading, products, context }: CarouselProps) {
  const [start, setStart] = useState(0);
  if (products.length === 0) return null;
  const hasMore = products.length > CAROUSEL_VISIBLE_PRODUCTS;
  const last = Math.max(0, products.length - CAROUSEL_VISIBLE_PRODUCTS);
  const headingId = `carousel-${heading.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="carousel" aria-labelledby={headingId}>
      <div className="carousel__header">
        <h2 id={headingId}>{heading}</h2>
        {hasMore ? (
          <div className="carousel__arrows">
            <button
              type="button"
              className="carousel__arrow"
              aria-label="Föregående produkter"
              disabled={start === 0}
              onClick={() => setStart((value) => Math.max(0, value - 1))}
            >
              <ArrowLeftIcon />
            </button>
            <button
              type="button"
              className="carousel__arrow"
              aria-label="Nästa produkter"
              disabled={start >= last}
              onClick={() => setStart((value) => Math.min(last, value + 1))}
            >
              <ArrowRightIcon />
            </button>
          </div>
        ) : null}
      </div>
      <ul className="carousel__track">
        {products.slice(start, start + CAROUSEL_VISIBLE_PRODUCTS).map((product) => (
          <li key={product.id}>
            <ProductCard product={product} context={context} />
          </li>
        ))}
      </ul>
    </section>
  );
}
