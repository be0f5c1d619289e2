import { Link } from 'react-router';
import type { Article, Product, ProductDetail } from '@bygg/contracts/products';
import { AVAILABILITY, hasFlag } from '@bygg/domain/availability';
import { AddToCart } from '~/components/add-to-cart/add-to-cart.tsx';
import { AddToPicklist } from '~/components/add-to-picklist/add-to-picklist.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import type { ChoiceSelection } from './choice-tree.ts';
import { Configurator } from './configurator.tsx';
import { Gallery } from './gallery.tsx';
import type { Crumb } from './listing-model.ts';
import { Price } from '~/components/price/price.tsx';
import { usePaths } from '~/lib/paths.ts';
import type { CardContext } from './product-card.tsx';
import { ProductCarousel } from './product-carousel.tsx';
import { Specifications } from './specifications.tsx';
import { purchaseBlocked, StockBadge } from './stock-badge.tsx';
import { StoresWithStock, type StoreWithStock } from './stores-with-stock.tsx';
import { jsonForScript } from './structured-data.ts';

export type ProductPageData = {
  product: ProductDetail;
  crumbs: Crumb[];
  /** The article the chosen combination (or the best offer) resolves to; null: none does. */
  article: Article | null;
  selection: ChoiceSelection;
  /** 'Butiker med lagersaldo', as the loader made it (storesWithStockRows). */
  storesWithStock: StoreWithStock[];
  related: Product[];
  card: CardContext;
  jsonLd: Record<string, unknown>;
};

const SUSTAINABILITY_TONE = { Rekommenderas: 'green', Accepteras: 'yellow', Undviks: 'red' };

export function ProductPage({ data }: { data: ProductPageData }) {
  const { product, article, card } = data;
  const paths = usePaths();
  return (
    <div className="container product-page">
      <script
        type="application/ld+json"
        // JSON-LD must be raw JSON text; jsonForScript escapes '<'.
        dangerouslySetInnerHTML={{ __html: jsonForScript(data.jsonLd) }}
      />
      <Breadcrumbs crumbs={data.crumbs} />
      <div className="product-page__top">
        <Gallery images={product.images} title={product.title} />
        <div className="product-page__summary">
          {product.brand ? <p className="product-page__brand">{product.brand.name}</p> : null}
          <h1 className="product-page__title">{product.title}</h1>
          {article ? (
            <>
              {article.offer ? (
                <Price
                  offer={article.offer}
                  display={card.display}
                  size="large"
                  unit={product.unit}
                />
              ) : (
                <p className="product-page__no-price">Kontakta din butik för pris.</p>
              )}
              <StockBadge
                stock={article.stock}
                hasStore={card.hasStore}
                organisation={card.organisation}
              />
              {/* Cart (issue 5): a priced, sellable article can be added with a quantity. */}
              {article.offer && hasFlag(article.availability, AVAILABILITY.SELLABLE) ? (
                <AddToCart
                  articleId={article.id}
                  title={product.title}
                  variant="page"
                  blocked={purchaseBlocked({
                    stock: article.stock,
                    hasStore: card.hasStore,
                    organisation: card.organisation,
                  })}
                />
              ) : null}
              {/* Picklist (issue 5): any listed article, priced or not; hides where off. */}
              <AddToPicklist
                articleId={article.id}
                productSlug={product.slug}
                storeId={article.stock?.store?.id ?? null}
              />
            </>
          ) : (
            <p className="product-page__no-price" role="status">
              Välj ett utförande som finns för att se pris och lagersaldo.
            </p>
          )}
          {product.choices_tree ? (
            <Configurator tree={product.choices_tree} selection={data.selection} />
          ) : null}
          {article ? (
            <dl className="product-facts">
              {/* One article number, shown as on the picklist and the receipt (issue 22). */}
              <dt>Art.nr</dt>
              <dd>{article.id}</dd>
              <dt>Enhet</dt>
              <dd>{product.unit}</dd>
              {product.supplier ? (
                <>
                  <dt>Leverantör</dt>
                  <dd>
                    <Link to={paths.supplier(product.supplier.slug)}>{product.supplier.name}</Link>
                  </dd>
                </>
              ) : null}
              {article.gtin ? (
                <>
                  <dt>EAN</dt>
                  <dd>{article.gtin}</dd>
                </>
              ) : null}
              {article.options.map((option) => (
                <div key={option.name} className="product-facts__row">
                  <dt>{option.name}</dt>
                  <dd>
                    {option.value}
                    {option.unit ? ` ${option.unit}` : ''}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </div>
      {product.description ? (
        <section className="product-section" aria-labelledby="description-heading">
          <h2 id="description-heading">Produktbeskrivning</h2>
          <p>{product.description}</p>
        </section>
      ) : null}
      <Specifications product={product} />
      {product.sustainability ? (
        <section className="product-section" aria-labelledby="sustainability-heading">
          <h2 id="sustainability-heading">Hållbarhet</h2>
          <dl className="product-facts">
            <dt>Bedömning</dt>
            <dd>
              <span
                className={`stock-badge stock-badge--${SUSTAINABILITY_TONE[product.sustainability.rating]}`}
              >
                <span className="stock-badge__dot" aria-hidden="true" />
                {product.sustainability.rating}
              </span>
            </dd>
            <dt>Betyg</dt>
            <dd>{product.sustainability.grade}</dd>
            {product.sustainability.labels.length > 0 ? (
              <>
                <dt>Miljömärkning</dt>
                <dd>{product.sustainability.labels.join(', ')}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      <StoresWithStock stores={data.storesWithStock} />
      <ProductCarousel heading="Relaterade produkter" products={data.related} context={card} />
    </div>
  );
}
