import { Fragment } from 'react';
import { Form, useSubmit } from 'react-router';
import type { AssortmentFilter, ProductSort } from '@bygg/contracts/products';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { formatCount } from '~/lib/format.ts';

/** What the filter and sort forms show: the catalogue listing's and the search tab's state. */
export type ProductFilterValues = {
  sort: ProductSort;
  brands: string[];
  priceMin: number | null;
  priceMax: number | null;
  inStock: boolean;
  assortment: AssortmentFilter;
};

/** A brand facet; count is left out (or null) where the API did not count. */
export type BrandChoice = { slug: string; name: string; count?: number | null };

export type Choice<V extends string = string> = { value: V; label: string };

/** Fields that travel with every form of a page, such as the search query ([name, value]). */
export type HiddenFields = readonly (readonly [string, string])[];

function Hidden({ fields }: { fields: HiddenFields }) {
  return fields.map(([name, value]) => (
    <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
  ));
}

const PRICE_BOUNDS = [
  { bound: 'min', label: 'Från' },
  { bound: 'max', label: 'Till' },
] as const;

type FiltersProps = {
  /** Prefix of the form's ids: the side panel and the ≤ 900 px drawer each hold one form. */
  idPrefix: string;
  /** The form's accessible name. */
  label: string;
  /** Where the form is sent; the current page when left out. */
  action?: string;
  hidden?: HiddenFields;
  state: ProductFilterValues;
  brands: readonly BrandChoice[];
  canFilterInStock: boolean;
  canFilterAssortment: boolean;
  assortmentOptions: readonly Choice[];
  /**
   * In the ≤ 900 px drawer (issue 22): padded at the sides, the whole brand list in the
   * drawer's one scroll, and `onSubmitted` closes the drawer.
   */
  inDrawer?: boolean;
  /** Runs once the filters are sent, e.g. to close the drawer they were chosen in. */
  onSubmitted?: () => void;
};

/** Values that say nothing: the whole assortment is what no assortment filter shows. */
const DEFAULT_VALUES: Readonly<Record<string, string>> = { assortment: 'all' };

/**
 * The form's fields without the empty ones and the defaults (issue 22: no
 * `price_min=&price_max=` in the URL when no price was given).
 */
export function filledFields(data: FormData): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, raw] of data) {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value !== '' && DEFAULT_VALUES[name] !== value) params.append(name, value);
  }
  return params;
}

/**
 * Filters (brand, price, in stock in my store, assortment) as a plain GET form: submitting
 * rewrites the query string (page back to 1), so the URL stays the single source of truth
 * and the form works without JavaScript. The catalogue listing and the search page's
 * products tab both use it.
 */
export function ProductFilterForm({
  idPrefix,
  label,
  action,
  hidden = [],
  state,
  brands,
  canFilterInStock,
  canFilterAssortment,
  assortmentOptions,
  inDrawer = false,
  onSubmitted,
}: FiltersProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const submit = useSubmit();
  return (
    <Form
      method="get"
      {...(action !== undefined ? { action } : {})}
      className={inDrawer ? 'listing-filters listing-filters--drawer' : 'listing-filters'}
      aria-label={label}
      // Without JavaScript the browser sends the form as it is; with it, the empty fields
      // are left out of the URL.
      onSubmit={(event) => {
        event.preventDefault();
        void submit(filledFields(new FormData(event.currentTarget)), {
          method: 'get',
          ...(action !== undefined ? { action } : {}),
        });
        onSubmitted?.();
      }}
    >
      <Hidden fields={hidden} />
      {state.sort !== 'popular' ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {brands.length > 0 ? (
        <fieldset className="listing-filters__group">
          <legend>Varumärke</legend>
          <ul className="listing-filters__brands">
            {brands.map((brand) => (
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
                  {brand.count == null ? null : (
                    <span className="listing-filters__count">
                      {' '}
                      <span aria-hidden="true">({formatCount(brand.count)})</span>
                      <span className="visually-hidden">
                        , {formatCount(brand.count)} {brand.count === 1 ? 'produkt' : 'produkter'}
                      </span>
                    </span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <fieldset className="listing-filters__group">
        <legend>Pris (kr)</legend>
        <div className="listing-filters__price">
          {PRICE_BOUNDS.map(({ bound, label }) => (
            <Fragment key={bound}>
              <label htmlFor={id(`price-${bound}`)}>{label}</label>
              <input
                id={id(`price-${bound}`)}
                name={`price_${bound}`}
                type="number"
                inputMode="numeric"
                min={0}
                defaultValue={(bound === 'min' ? state.priceMin : state.priceMax) ?? ''}
              />
            </Fragment>
          ))}
        </div>
      </fieldset>
      {canFilterInStock ? (
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
      {canFilterAssortment ? (
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

/** The filters a sort change keeps, as hidden fields (sort and page are not among them). */
export function keptFilterFields(state: ProductFilterValues): HiddenFields {
  return [
    ...state.brands.map((brand) => ['brand', brand] as const),
    ...(state.priceMin !== null ? [['price_min', String(state.priceMin)] as const] : []),
    ...(state.priceMax !== null ? [['price_max', String(state.priceMax)] as const] : []),
    ...(state.inStock ? [['in_stock', 'true'] as const] : []),
    ...(state.assortment !== 'all' ? [['assortment', state.assortment] as const] : []),
  ];
}

/** The sort select; changing it submits at once, the button serves visitors without JS. */
export function ProductSortForm({
  selectId,
  action,
  hidden = [],
  state,
  sortOptions,
}: {
  selectId: string;
  action?: string;
  hidden?: HiddenFields;
  state: ProductFilterValues;
  sortOptions: readonly Choice[];
}) {
  const hydrated = useHydrated();
  return (
    <Form method="get" {...(action !== undefined ? { action } : {})} className="sort-form">
      <Hidden fields={[...hidden, ...keptFilterFields(state)]} />
      <label htmlFor={selectId}>Sortera efter</label>
      <select
        id={selectId}
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
