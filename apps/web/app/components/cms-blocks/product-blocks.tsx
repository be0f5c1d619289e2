import { useRef } from 'react';
import type { CmsBlockModel } from '@bygg/domain/cms-blocks';
import { formatPrice } from '@bygg/domain/money';
import { ArrowLeftIcon } from '~/components/ui/icons/arrow-left-icon.tsx';
import { ArrowRightIcon } from '~/components/ui/icons/arrow-right-icon.tsx';
import type { CmsBlockData, CmsProduct } from './block-data.ts';
import { SmartLink } from './text-blocks.tsx';

type Of<T extends CmsBlockModel['type']> = Extract<CmsBlockModel, { type: T }>;

/** Kronor (decimal, as the API serves them) to the spec's price text: '1 295:-', '19:90'. */
export function kronorText(kronor: number): string {
  return formatPrice(Math.round(kronor * 100));
}

function ProductTile({ product, label }: { product: CmsProduct; label?: string | null }) {
  return (
    <SmartLink className="cms-product" href={product.url}>
      <span className="cms-product__media">
        {product.image ? (
          <img
            src={product.image.src}
            srcSet={product.image.srcSet}
            sizes="(min-width: 901px) 240px, 45vw"
            alt={product.image.alt}
            loading="lazy"
            decoding="async"
          />
        ) : null}
      </span>
      {product.brand ? <span className="cms-product__brand">{product.brand}</span> : null}
      <span className="cms-product__title">{label ?? product.title}</span>
      {product.price !== null ? (
        <span className="cms-product__price">
          {product.reducedFrom !== null ? (
            <span className="cms-product__was">
              <span className="visually-hidden">Tidigare pris </span>
              <s>{kronorText(product.reducedFrom)}</s>
            </span>
          ) : null}
          <span
            className={
              product.reducedFrom !== null
                ? 'cms-product__now cms-product__now--reduced'
                : 'cms-product__now'
            }
          >
            {product.reducedFrom !== null ? <span className="visually-hidden">Nu </span> : null}
            {kronorText(product.price)}
          </span>
          <span className="cms-product__unit">/{product.unit}</span>
        </span>
      ) : null}
    </SmartLink>
  );
}

/** A link to a catalogue product, drawn from the product's current data. */
export function ProductLinkBlock({
  block,
  data,
}: {
  block: Of<'product-link'>;
  data: CmsBlockData;
}) {
  const product = data.products[block.slug];
  if (!product) return null;
  return <ProductTile product={product} label={block.label} />;
}

/** A product the editor describes by hand (a package deal, a service) rather than a catalogue item. */
export function CustomProductBlock({ block }: { block: Of<'custom-product'> }) {
  const body = (
    <>
      <span className="cms-product__media">
        {block.image ? <img src={block.image} alt="" loading="lazy" decoding="async" /> : null}
      </span>
      {block.brand ? <span className="cms-product__brand">{block.brand}</span> : null}
      <span className="cms-product__title">{block.name}</span>
      {block.price !== null ? (
        <span className="cms-product__price">
          <span className="cms-product__now">{kronorText(block.price)}</span>
        </span>
      ) : null}
    </>
  );
  return block.href ? (
    <SmartLink className="cms-product" href={block.href}>
      {body}
    </SmartLink>
  ) : (
    <div className="cms-product">{body}</div>
  );
}

/** Spec §9: four products visible by default; with that many or fewer, no arrows. */
export const VISIBLE_RECOMMENDATIONS = 4;

export function RecommendationsBlock({
  block,
  data,
}: {
  block: Of<'recommendations'>;
  data: CmsBlockData;
}) {
  const list = useRef<HTMLUListElement | null>(null);
  const products = data.recommendations[block.key] ?? [];
  if (products.length === 0) return null;
  const headingId = `${block.id}-rubrik`;
  const scroll = (direction: 1 | -1) => {
    const element = list.current;
    element?.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  return (
    <section className="cms-recommendations" aria-labelledby={headingId}>
      <div className="cms-recommendations__head">
        <h2 id={headingId} className="cms-block-heading">
          {block.title ?? 'Populära produkter'}
        </h2>
        {products.length > VISIBLE_RECOMMENDATIONS ? (
          <div className="cms-recommendations__arrows">
            <button
              type="button"
              className="icon-button"
              aria-label="Föregående produkter"
              onClick={() => scroll(-1)}
            >
              <ArrowLeftIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label="Nästa produkter"
              onClick={() => scroll(1)}
            >
              <ArrowRightIcon />
            </button>
          </div>
        ) : null}
      </div>
      <ul className="cms-recommendations__list" ref={list}>
        {products.map((product) => (
          <li key={product.url}>
            <ProductTile product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BrandBlock({ block }: { block: Of<'brand'> }) {
  return (
    <SmartLink
      className={`cms-brand cms-brand--${block.size}${block.contained ? ' cms-brand--contained' : ''}`}
      href={block.href}
    >
      {block.image ? (
        <img className="cms-brand__logo" src={block.image} alt={block.name} loading="lazy" />
      ) : (
        <span className="cms-brand__name">{block.name}</span>
      )}
    </SmartLink>
  );
}
