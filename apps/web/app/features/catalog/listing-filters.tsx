import {
  ProductFilterForm,
  ProductSortForm,
} from '~/components/product-filters/product-filters.tsx';
import type { BrandRef } from './listing-model.ts';
import type { ListingState } from './listing-query.ts';
import { ASSORTMENT_OPTIONS, SORT_OPTIONS } from './listing-query.ts';

type FiltersProps = {
  /** Prefix of the form's ids: the side panel and the mobile drawer each hold one form. */
  idPrefix: string;
  state: ListingState;
  brands: readonly BrandRef[];
  canFilterInStock: boolean;
  canFilterAssortment: boolean;
  /** In the phone drawer: padded, and it closes once the filters are sent. */
  inDrawer?: boolean;
  onSubmitted?: () => void;
};

/** The listing's filters: sent to the listing's own URL. */
export function ListingFilters(props: FiltersProps) {
  return (
    <ProductFilterForm
      {...props}
      label="Filtrera produkter"
      assortmentOptions={ASSORTMENT_OPTIONS}
    />
  );
}

export function SortForm({ state }: { state: ListingState }) {
  return <ProductSortForm selectId="listing-sort" state={state} sortOptions={SORT_OPTIONS} />;
}
