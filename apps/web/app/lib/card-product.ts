import type { PriceOffer } from '@bygg/contracts/prices';
import type { Product } from '@bygg/contracts/products';

/**
 * What a card's small price reads of an offer (components/price: no 30-day lowest price, no
 * unit price). The large price on the product page takes the whole PriceOffer.
 */
export type CardOffer = Pick<
  PriceOffer,
  | 'price'
  | 'price_excl_vat'
  | 'reduced_from'
  | 'vat_rate'
  | 'is_net_price'
  | 'is_limited_time'
  | 'end_date'
>;

/**
 * A product as a listing or search card shows it (ADR 052): picture, brand, title and link,
 * the small price, the stock badge and the article the buy button adds. A page's loader sends
 * these fields only: its data goes out twice, as HTML and as the hydration payload, and a
 * whole Product (URL, variant count, ERP numbers, the offer's 30-day and unit prices) is
 * about twice the size and decoding work for nothing the card draws.
 */
export type CardProduct = Pick<
  Product,
  'id' | 'title' | 'slug' | 'brand' | 'article_id' | 'cover_image' | 'unit' | 'stock'
> & { best_offer: CardOffer | null };

export function cardProduct(product: Product): CardProduct {
  const offer = product.best_offer;
  const card: CardProduct = {
    id: product.id,
    title: product.title,
    slug: product.slug,
    brand: product.brand,
    article_id: product.article_id,
    cover_image: product.cover_image,
    unit: product.unit,
    best_offer: offer
      ? {
          price: offer.price,
          price_excl_vat: offer.price_excl_vat,
          reduced_from: offer.reduced_from,
          vat_rate: offer.vat_rate,
          is_net_price: offer.is_net_price,
          is_limited_time: offer.is_limited_time,
          end_date: offer.end_date,
        }
      : null,
  };
  // Sent only with a store (contracts/products): absent stays absent.
  if (product.stock !== undefined) card.stock = product.stock;
  return card;
}
