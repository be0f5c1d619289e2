import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  keptFilterFields,
  ProductFilterForm,
  ProductSortForm,
  type ProductFilterValues,
} from './product-filters.tsx';

const STATE: ProductFilterValues = {
  sort: 'price',
  brands: ['setra'],
  priceMin: 100,
  priceMax: null,
  inStock: true,
  assortment: 'all',
};

function renderAt(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: '/sok', Component: () => element }]);
  render(<Stub initialEntries={['/sok?q=trall']} />);
}

describe('ProductFilterForm', () => {
  it('shows the state, names the brand counts for screen readers and keeps hidden fields', async () => {
    renderAt(
      <ProductFilterForm
        idPrefix="side-search"
        label="Filtrera sökresultatet"
        action="/sok"
        hidden={[['q', 'trall']]}
        state={STATE}
        brands={[
          { slug: 'setra', name: 'Setra', count: 1 },
          { slug: 'moelven', name: 'Moelven', count: null },
        ]}
        canFilterInStock
        canFilterAssortment={false}
        assortmentOptions={[]}
      />,
    );
    // Label queries rather than role queries: the same checks, far less work for jsdom.
    const form = (await screen.findByLabelText('Filtrera sökresultatet')) as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/sok');
    const setra = screen.getByLabelText(/Setra/) as HTMLInputElement;
    expect(setra.id).toBe('side-search-brand-setra');
    expect(setra.checked).toBe(true);
    expect(setra.labels?.[0]?.textContent).toBe('Setra (1), 1 produkt');
    expect((screen.getByLabelText('Moelven') as HTMLInputElement).type).toBe('checkbox');
    expect((screen.getByLabelText('Från') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('I lager i min butik') as HTMLInputElement).checked).toBe(true);
    expect(form.querySelector('input[type=radio]')).toBeNull();
    const hidden = [...form.querySelectorAll('input[type=hidden]')].map((input) => [
      input.getAttribute('name'),
      input.getAttribute('value'),
    ]);
    expect(hidden).toEqual([
      ['q', 'trall'],
      ['sort', 'price'],
    ]);
  });
});

describe('ProductSortForm', () => {
  it('keeps the filters and the hidden fields, and sorts by the select', async () => {
    renderAt(
      <ProductSortForm
        selectId="search-sort"
        hidden={[['q', 'trall']]}
        state={STATE}
        sortOptions={[
          { value: 'popular', label: 'Populärast' },
          { value: 'price', label: 'Lägst pris' },
        ]}
      />,
    );
    const select = (await screen.findByLabelText('Sortera efter')) as HTMLSelectElement;
    expect(select.value).toBe('price');
    const hidden = [...(select.form?.querySelectorAll('input[type=hidden]') ?? [])].map((i) =>
      i.getAttribute('name'),
    );
    expect(hidden).toEqual(['q', 'brand', 'price_min', 'in_stock']);
  });

  it('keeps no default filter values', () => {
    expect(
      keptFilterFields({ ...STATE, brands: [], priceMin: null, inStock: false, assortment: 'all' }),
    ).toEqual([]);
  });
});
