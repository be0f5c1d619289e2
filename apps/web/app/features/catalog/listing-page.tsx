import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PRODUCT_PAGE_SIZE, TOO_MANY_PRODUCTS_MESSAGE } from '@bygg/contracts/constants';
import { PRODUCT_COUNT_CAP } from '@bygg/domain/limits';
import { marketingGranted, pushToDataLayer } from '~/lib/analytics/consent-mode.ts';
import { viewItemList } from '~/lib/analytics/ecommerce-events.ts';
import { LazyDrawer, preloadDrawer } from '~/components/ui/lazy-drawer.tsx';
import { ActiveFilterChips } from './active-filters.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { CategoryTree } from './category-tree.tsx';
import { ListingFilters, SortForm } from './listing-filters.tsx';
import { lastListablePage, pageHref } from './listing-query.ts';
import type { ListingData } from './listing-model.ts';
import { Pagination } from './pagination.tsx';
import { PRIORITY_CARDS, ProductCard } from './product-card.tsx';
import { formatCount } from '~/lib/format.ts';

export function productCountText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'produkt' : 'produkter'}`;
}

/**
 * A category (or campaign, supplier …) listing: tree, filters, sort, cards and pager.
 * `intro` sits under the heading (a campaign's dates, a supplier's contact details …).
 */
export function ListingPage({ data, intro }: { data: ListingData; intro?: ReactNode }) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { listName, products } = data;
  // Spec §7: the list the visitor sees, with its list name, once consent allows analytics.
  useEffect(() => {
    if (!listName || products.length === 0 || !marketingGranted()) return;
    pushToDataLayer(
      viewItemList(
        listName,
        products.map((product) => ({
          id: String(product.article_id),
          name: product.title,
          // best_offer.price is kronor incl. VAT; the event builders take öre.
          priceOre: Math.round((product.best_offer?.price ?? 0) * 100),
          brand: product.brand?.name ?? null,
        })),
      ),
    );
  }, [listName, products]);
  const filterProps = {
    state: data.state,
    brands: data.brands,
    canFilterInStock: data.canFilterInStock,
    canFilterAssortment: data.canFilterAssortment,
  };
  return (
    <div className="container listing">
      <Breadcrumbs crumbs={data.crumbs} />
      <div className="listing__layout">
        <aside className="listing__side">
          {data.categories.length > 0 ? (
            <CategoryTree
              categories={data.categories}
              trail={data.trail}
              base={data.categoryBase}
              showCounts={data.categoryCounts ?? true}
            />
          ) : null}
          <div className="listing__side-filters">
            <h2 className="listing__side-heading">Filtrera</h2>
            <ListingFilters idPrefix="side" {...filterProps} />
          </div>
        </aside>
        <div className="listing__main">
          <h1 className="listing__heading">{data.heading}</h1>
          {intro}
          <div className="listing__toolbar">
            <p className="listing__count" role="status" aria-live="polite">
              {productCountText(data.count)}
            </p>
            <button
              type="button"
              className="button button--secondary listing__filter-button"
              onClick={() => setFiltersOpen(true)}
              onPointerEnter={() => void preloadDrawer()}
              onFocus={() => void preloadDrawer()}
            >
              Filtrera
            </button>
            <SortForm state={data.state} />
          </div>
          <ActiveFilterChips pathname={data.pathname} state={data.state} brands={data.brands} />
          {data.pastCap || data.count >= PRODUCT_COUNT_CAP ? <CountCapNote data={data} /> : null}
          {data.pastCap ? null : data.products.length === 0 ? (
            <p className="listing__empty">Inga produkter matchar dina val.</p>
          ) : (
            <ul className="listing__grid">
              {data.products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    context={data.card}
                    priority={index < PRIORITY_CARDS}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination pathname={data.pathname} state={data.state} totalPages={data.totalPages} />
        </div>
      </div>
      <LazyDrawer open={filtersOpen} onOpenChange={setFiltersOpen} title="Filtrera" side="left">
        <ListingFilters
          idPrefix="drawer"
          {...filterProps}
          inDrawer
          onSubmitted={() => setFiltersOpen(false)}
        />
      </LazyDrawer>
    </div>
  );
}

/**
 * Spec §8, §9: a listing shows at most 10,000 products. Past them the page says so with the
 * spec's text and leads back to the last page (issue 22: it answered 503); on the pages before,
 * a line says the list is cut.
 */
function CountCapNote({ data }: { data: ListingData }) {
  const last = Math.max(1, Math.min(lastListablePage(DEFAULT_PRODUCT_PAGE_SIZE), data.totalPages));
  if (!data.pastCap) {
    return (
      <p className="listing__cap-note">
        Visar de första {formatCount(PRODUCT_COUNT_CAP)} produkterna. Använd filtren för att hitta
        rätt.
      </p>
    );
  }
  return (
    <div className="listing__cap" role="alert">
      <p className="listing__cap-title">{TOO_MANY_PRODUCTS_MESSAGE}</p>
      <p>
        Vi visar högst {formatCount(PRODUCT_COUNT_CAP)} produkter i en lista. Använd filtren eller
        sorteringen, eller{' '}
        <Link to={pageHref(data.pathname, data.state, last)}>gå till sida {last}</Link>.
      </p>
    </div>
  );
}
