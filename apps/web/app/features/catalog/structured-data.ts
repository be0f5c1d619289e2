import type { Article, ProductDetail } from '@bygg/contracts/products';

/** schema.org availability of the shown article in the chosen store (or online). */
function availabilityOf(article: Article | undefined): string {
  const status = article?.stock?.status;
  if (status === 'HIGH_IN_STOCK' || status === 'LOW_IN_STOCK') return 'https://schema.org/InStock';
  if (status === 'OUT_OF_STOCK') return 'https://schema.org/OutOfStock';
  // Without a store: sellable online (availability bit 1) counts as in stock.
  return article && (article.availability & 1) === 1
    ? 'https://schema.org/InStock'
    : 'https://schema.org/OutOfStock';
}

/** JSON-LD Product with its Offer (price incl. VAT in SEK) for search engines. */
export function productJsonLd(
  product: ProductDetail,
  article: Article | undefined,
  origin: string,
): Record<string, unknown> {
  const image = product.images
    .map((picture) => picture.sources.at(-1)?.src)
    .filter((src): src is string => Boolean(src))
    .map((src) => `${origin}${src}`);
  const offer = article?.offer ?? null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    sku: String(article?.id ?? product.article_id),
    ...(article?.gtin ? { gtin: article.gtin } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    image,
    url: `${origin}${product.url}`,
    ...(offer
      ? {
          offers: {
            '@type': 'Offer',
            price: offer.price.toFixed(2),
            priceCurrency: 'SEK',
            availability: availabilityOf(article),
            url: `${origin}${product.url}`,
            ...(offer.end_date ? { priceValidUntil: offer.end_date.slice(0, 10) } : {}),
          },
        }
      : {}),
  };
}

/** JSON for a <script> element: '<' escaped so text can never close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
