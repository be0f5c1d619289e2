import { Link } from 'react-router';
import {
  ProductFilterForm,
  ProductSortForm,
  type Choice,
  type HiddenFields,
} from '~/components/product-filters/product-filters.tsx';
import { searchPageHref, type ProductResults, type SearchPageData } from './search-model.ts';

export type ChoiceOption = Choice;

/** The query and tab travel with every form of the products tab (the URL is the state). */
function queryFields(data: SearchPageData): HiddenFields {
  return [['q', data.q], ...(data.group !== 'products' ? [['category', data.group] as const] : [])];
}

type FiltersProps = {
  /** The side panel and the ≤ 900 px drawer each hold one form. */
  idPrefix: string;
  data: SearchPageData;
  products: ProductResults;
  assortmentOptions: readonly ChoiceOption[];
  /** In the phone drawer: padded, and it closes once the filters are sent. */
  inDrawer?: boolean;
  onSubmitted?: () => void;
};

/** The catalogue's filters for the products tab, sent to the search page with the query. */
export function ProductFilters({
  idPrefix,
  data,
  products,
  assortmentOptions,
  inDrawer = false,
  onSubmitted,
}: FiltersProps) {
  return (
    <ProductFilterForm
      idPrefix={`${idPrefix}-search`}
      label="Filtrera sökresultatet"
      action={data.base}
      hidden={queryFields(data)}
      state={products.state}
      brands={products.brands}
      canFilterInStock={products.canFilterInStock}
      canFilterAssortment={products.canFilterAssortment}
      assortmentOptions={assortmentOptions}
      inDrawer={inDrawer}
      {...(onSubmitted ? { onSubmitted } : {})}
    />
  );
}

export function SortSelect({
  data,
  products,
  sortOptions,
}: {
  data: SearchPageData;
  products: ProductResults;
  sortOptions: readonly ChoiceOption[];
}) {
  return (
    <ProductSortForm
      selectId="search-sort"
      action={data.base}
      hidden={queryFields(data)}
      state={products.state}
      sortOptions={sortOptions}
    />
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
