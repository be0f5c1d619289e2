import { Form, Link } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { searchPageHref, type ProductResults, type SearchPageData } from './search-model.ts';

export type ChoiceOption = { value: string; label: string };

/** The query and tab travel with every form of the products tab (the URL is the state). */
function QueryFields({ data }: { data: SearchPageData }) {
  return (
    <>
      <input type="hidden" name="q" value={data.q} />
      {data.group !== 'products' ? (
        <input type="hidden" name="category" value={data.group} />
      ) : null}
    </>
  );
}

type FiltersProps = {
  /** The side panel and the ≤ 900 px drawer each hold one form. */
  idPrefix: string;
  data: SearchPageData;
  products: ProductResults;
  assortmentOptions: readonly ChoiceOption[];
};

/**
 * The catalogue's filters for the products tab (brand, price, in stock in my store,
 * assortment): a GET form that rewrites the query string and goes back to page 1.
 */
export function ProductFilters({ idPrefix, data, products, assortmentOptions }: FiltersProps) {
  const { state } = products;
  const id = (name: string) => `${idPrefix}-search-${name}`;
  return (
    <Form
      method="get"
      action={data.base}
      className="listing-filters"
      aria-label="Filtrera sökresultatet"
    >
      <QueryFields data={data} />
      {state.sort !== 'popular' ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {products.brands.length > 0 ? (
        <fieldset className="listing-filters__group">
          <legend>Varumärke</legend>
          <ul className="listing-filters__brands">
            {products.brands.map((brand) => (
              <li key={brand.slug}>
                <input
                  type="checkbox"
                  id={id(`brand-${brand.slug}`)}
                  name="brand"
                  value={brand.slug}
                  defaultChecked={state.brands.includes(brand.slug)}
                />
                <label htmlFor={id(`brand-${brand.slug}`)}>
                  {brand.name}
                  {brand.count !== null ? (
                    <span className="search-products__facet"> ({brand.count})</span>
                  ) : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <fieldset className="listing-filters__group">
        <legend>Pris (kr)</legend>
        <div className="listing-filters__price">
          <label htmlFor={id('price-min')}>Från</label>
          <input
            id={id('price-min')}
            name="price_min"
            type="number"
            inputMode="numeric"
            min={0}
            defaultValue={state.priceMin ?? ''}
          />
          <label htmlFor={id('price-max')}>Till</label>
          <input
            id={id('price-max')}
            name="price_max"
            type="number"
            inputMode="numeric"
            min={0}
            defaultValue={state.priceMax ?? ''}
          />
        </div>
      </fieldset>
      {products.canFilterInStock ? (
        <div className="listing-filters__group listing-filters__check">
          <input
            type="checkbox"
            id={id('in-stock')}
            name="in_stock"
            value="true"
            defaultChecked={state.inStock}
          />
          <label htmlFor={id('in-stock')}>I lager i min butik</label>
        </div>
      ) : null}
      {products.canFilterAssortment ? (
        <fieldset className="listing-filters__group">
          <legend>Sortiment</legend>
          {assortmentOptions.map((option) => (
            <div key={option.value} className="listing-filters__check">
              <input
                type="radio"
                id={id(`assortment-${option.value}`)}
                name="assortment"
                value={option.value}
                defaultChecked={state.assortment === option.value}
              />
              <label htmlFor={id(`assortment-${option.value}`)}>{option.label}</label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <button type="submit" className="button button--primary">
        Visa produkter
      </button>
    </Form>
  );
}

/** The sort select; it submits on change, and shows a button until the page is hydrated. */
export function SortSelect({
  data,
  products,
  sortOptions,
}: {
  data: SearchPageData;
  products: ProductResults;
  sortOptions: readonly ChoiceOption[];
}) {
  const hydrated = useHydrated();
  const { state } = products;
  const kept: Array<[string, string]> = [
    ...state.brands.map((brand): [string, string] => ['brand', brand]),
    ...(state.priceMin !== null ? [['price_min', String(state.priceMin)] as [string, string]] : []),
    ...(state.priceMax !== null ? [['price_max', String(state.priceMax)] as [string, string]] : []),
    ...(state.inStock ? [['in_stock', 'true'] as [string, string]] : []),
    ...(state.assortment !== 'all' ? [['assortment', state.assortment] as [string, string]] : []),
  ];
  return (
    <Form method="get" action={data.base} className="sort-form">
      <QueryFields data={data} />
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="search-sort">Sortera efter</label>
      <select
        id="search-sort"
        name="sort"
        defaultValue={state.sort}
        key={state.sort}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="button button--secondary">
          Sortera
        </button>
      )}
    </Form>
  );
}

/** Previous and next page as plain links, with where the visitor is ('Sida 2 av 14'). */
export function ProductPager({
  data,
  products,
}: {
  data: SearchPageData;
  products: ProductResults;
}) {
  const { totalPages } = products;
  if (totalPages <= 1) return null;
  const current = Math.min(products.state.page, totalPages);
  const href = (page: number) =>
    searchPageHref(data.base, data.q, data.group, { ...products.state, page });
  return (
    <nav className="search-pager" aria-label="Sidnavigering">
      {current > 1 ? (
        <Link to={href(current - 1)} rel="prev" className="button button--secondary">
          Föregående
        </Link>
      ) : (
        <span />
      )}
      <span className="search-pager__where" aria-current="page">
        Sida {current} av {totalPages}
      </span>
      {current < totalPages ? (
        <Link to={href(current + 1)} rel="next" className="button button--secondary">
          Nästa
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
