import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import type { CardProduct } from '~/lib/card-product.ts';
import type { SearchGroup } from '@bygg/contracts/search';
import { LazyDrawer, preloadDrawer } from '~/components/ui/lazy-drawer.tsx';
import { trackSearchClick, trackSearchPageView } from '~/lib/analytics/retail-search.ts';
import { usePaths } from '~/lib/paths.ts';
import { MAX_SEARCH_QUERY_LENGTH, SEARCH_GROUP_NAMES } from '~/lib/search-groups.ts';
import { ProductFilters, ProductPager, SortSelect, type ChoiceOption } from './product-filters.tsx';
import { countLabel, searchPageHref, type SearchPageData } from './search-model.ts';
import './search.css';
import { TOO_MANY_PRODUCTS_MESSAGE } from '@bygg/contracts/constants';

/** The order of the landing page's tabs: products (the default) first, as in the preview. */
const TAB_ORDER: readonly SearchGroup[] = [
  'products',
  'bk04_categories',
  'brands',
  'stores',
  'cms_pages',
];

type SearchPageProps = {
  data: SearchPageData;
  /** The catalogue's product card, composed by the route; `index` is its place in the grid. */
  renderProduct: (product: CardProduct, index: number) => ReactNode;
  sortOptions: readonly ChoiceOption[];
  assortmentOptions: readonly ChoiceOption[];
};

/**
 * The search landing page (storefront spec §2 /sok?q=&category=): a tab per group with its
 * count, the products as a catalogue listing (filters, sort, pages) and the other groups as
 * lists of links. The URL holds all state, so every view can be linked and works without JS.
 */
export function SearchPage({
  data,
  renderProduct,
  sortOptions,
  assortmentOptions,
}: SearchPageProps) {
  const { q } = data;
  const total = TAB_ORDER.reduce((sum, group) => sum + data.counts[group], 0);
  // Spec §4: the tracker has no automatic page view; the landing page reports its own.
  useEffect(() => {
    if (q) trackSearchPageView(window.location.pathname + window.location.search, q);
  }, [q, data.group]);

  return (
    <div className="container search-page">
      <h1 className="search-page__heading">
        {q ? (
          <>
            Sökresultat för <q>{q}</q>
          </>
        ) : (
          'Sök'
        )}
      </h1>
      <Form
        method="get"
        action={data.base}
        role="search"
        aria-label="Sök igen"
        className="search-page__form"
      >
        <label htmlFor="search-page-q">
          Sök bland produkter, kategorier, varumärken, butiker och sidor
        </label>
        <div className="search-page__form-row">
          <input
            id="search-page-q"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            maxLength={MAX_SEARCH_QUERY_LENGTH}
            enterKeyHint="search"
            autoComplete="off"
          />
          <button type="submit" className="button button--primary">
            Sök
          </button>
        </div>
      </Form>
      {!q ? (
        <p className="search-page__empty">
          Skriv ett ord, ett artikelnummer eller en dimension, till exempel 45x95.
        </p>
      ) : total === 0 ? (
        <NoResults q={q} />
      ) : (
        <>
          <nav className="search-tabs" aria-label="Sökresultat per typ">
            <ul>
              {TAB_ORDER.map((group) => (
                <li key={group}>
                  <Link
                    to={searchPageHref(data.base, q, group)}
                    className="search-tabs__tab"
                    aria-current={group === data.group ? 'page' : undefined}
                    preventScrollReset
                  >
                    {SEARCH_GROUP_NAMES[group].heading}{' '}
                    <span className="search-tabs__count">({countLabel(data.counts[group])})</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {data.products ? (
            <ProductTab
              data={data}
              renderProduct={renderProduct}
              sortOptions={sortOptions}
              assortmentOptions={assortmentOptions}
            />
          ) : (
            <GroupTab data={data} />
          )}
        </>
      )}
    </div>
  );
}

function NoResults({ q }: { q: string }) {
  const paths = usePaths();
  return (
    <div className="search-page__empty" role="status">
      <p className="search-page__empty-title">Inga resultat för {q}</p>
      <ul>
        <li>
          Kontrollera stavningen, eller sök på ett kortare ord (till exempel ”skruv” i stället för
          ”träskruvar”).
        </li>
        <li>Sök på artikelnummer eller mått, till exempel 45x95.</li>
        <li>
          Hittar du inte det du söker? <Link to={paths.stores()}>Kontakta din butik</Link>.
        </li>
      </ul>
    </div>
  );
}

function ProductTab({ data, renderProduct, sortOptions, assortmentOptions }: SearchPageProps) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const products = data.products;
  if (!products) return null;
  const filterProps = { data, products, assortmentOptions };
  return (
    <div className="listing__layout search-products">
      <aside className="listing__side">
        <h2 className="listing__side-heading">Filtrera</h2>
        <ProductFilters idPrefix="side" {...filterProps} />
      </aside>
      <div className="listing__main">
        <div className="listing__toolbar">
          <p className="listing__count" role="status" aria-live="polite">
            {countLabel(products.count)} {products.count === 1 ? 'produkt' : 'produkter'}
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
          <SortSelect data={data} products={products} sortOptions={sortOptions} />
        </div>
        {products.results.length === 0 ? (
          <p className="search-page__empty">
            {products.pastCap
              ? `${TOO_MANY_PRODUCTS_MESSAGE}. Använd filtren för att hitta rätt.`
              : products.count === 0 && data.counts.products === 0
                ? `Inga produkter för ${data.q}. Träffarna finns under de andra flikarna.`
                : 'Inga produkter matchar dina val.'}
          </p>
        ) : (
          <ul className="listing__grid">
            {products.results.map((product, index) => (
              <li key={product.id}>{renderProduct(product, index)}</li>
            ))}
          </ul>
        )}
        <ProductPager data={data} products={products} />
      </div>
      <LazyDrawer open={filtersOpen} onOpenChange={setFiltersOpen} title="Filtrera" side="left">
        <ProductFilters
          idPrefix="drawer"
          {...filterProps}
          inDrawer
          onSubmitted={() => setFiltersOpen(false)}
        />
      </LazyDrawer>
    </div>
  );
}

function GroupTab({ data }: { data: SearchPageData }) {
  const count = data.counts[data.group];
  const name = SEARCH_GROUP_NAMES[data.group];
  if (count === 0) {
    return (
      <p className="search-page__empty">
        Inga {name.plural} för {data.q}.
      </p>
    );
  }
  return (
    <section className="search-group" aria-label={name.heading}>
      <ul className="search-group__list">
        {data.items.map((item) => (
          <li key={item.tracking_code}>
            <Link
              to={item.url}
              className="search-group__link"
              onClick={() => trackSearchClick(item.tracking_code, data.q)}
            >
              {item.text}
            </Link>
            {item.path && item.path !== item.url ? (
              <span className="search-group__path">{item.path}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {count > data.items.length ? (
        <p className="search-group__more">
          Visar de {data.items.length} första av {countLabel(count)} {name.plural}. Skriv fler ord
          för att hitta rätt.
        </p>
      ) : null}
    </section>
  );
}
