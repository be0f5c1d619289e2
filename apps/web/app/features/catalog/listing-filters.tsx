import { Form } from 'react-router';
import type { BrandRef } from './listing-model.ts';
import type { ListingState } from './listing-query.ts';
import { ASSORTMENT_OPTIONS, SORT_OPTIONS } from './listing-query.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';

type FiltersProps = {
  /** Prefix of the form's ids: the side panel and the mobile drawer each hold one form. */
  idPrefix: string;
  state: ListingState;
  brands: readonly BrandRef[];
  canFilterInStock: boolean;
  canFilterAssortment: boolean;
};

/**
 * Filters as a plain GET form: submitting rewrites the query string (page back to 1), so the
 * URL stays the single source of truth and the form works without JavaScript.
 */
export function ListingFilters({
  idPrefix,
  state,
  brands,
  canFilterInStock,
  canFilterAssortment,
}: FiltersProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Form method="get" className="listing-filters" aria-label="Filtrera produkter">
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
                  {brand.count === undefined ? null : (
                    <span className="listing-filters__count">
                      {' '}
                      <span aria-hidden="true">({brand.count})</span>
                      <span className="visually-hidden">
                        , {brand.count} {brand.count === 1 ? 'produkt' : 'produkter'}
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
          {ASSORTMENT_OPTIONS.map((option) => (
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

/** The sort select; changing it submits at once, the button serves visitors without JS. */
export function SortForm({ state }: { state: ListingState }) {
  const hydrated = useHydrated();
  return (
    <Form method="get" className="sort-form">
      {state.brands.map((brand) => (
        <input key={brand} type="hidden" name="brand" value={brand} />
      ))}
      {state.priceMin !== null ? (
        <input type="hidden" name="price_min" value={state.priceMin} />
      ) : null}
      {state.priceMax !== null ? (
        <input type="hidden" name="price_max" value={state.priceMax} />
      ) : null}
      {state.inStock ? <input type="hidden" name="in_stock" value="true" /> : null}
      {state.assortment !== 'all' ? (
        <input type="hidden" name="assortment" value={state.assortment} />
      ) : null}
      <label htmlFor="listing-sort">Sortera efter</label>
      <select
        id="listing-sort"
        name="sort"
        defaultValue={state.sort}
        key={state.sort}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {SORT_OPTIONS.map((option) => (
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
