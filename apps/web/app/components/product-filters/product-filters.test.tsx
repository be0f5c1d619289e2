import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  filledFields,
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

describe('ProductFilterForm submit', () => {
  it('sends only the filled fields, so no empty price_min=&price_max= reach the URL, and reports it', async () => {
    const onSubmitted = vi.fn();
    function Listing() {
      const location = useLocation();
      return (
        <>
          <p>URL: {location.search}</p>
          <ProductFilterForm
            idPrefix="drawer"
            label="Filtrera produkter"
            state={{ ...STATE, sort: 'popular', brands: [], priceMin: null, inStock: false }}
            brands={[{ slug: 'setra', name: 'Setra' }]}
            canFilterInStock={false}
            canFilterAssortment={false}
            assortmentOptions={[]}
            inDrawer
            onSubmitted={onSubmitted}
          />
        </>
      );
    }
    const Stub = createRoutesStub([{ path: '/produkter/travaror', Component: Listing }]);
    render(<Stub initialEntries={['/produkter/travaror']} />);
    const user = userEvent.setup();
    const form = (await screen.findByLabelText('Filtrera produkter')) as HTMLFormElement;
    expect(form.className).toBe('listing-filters listing-filters--drawer');
    await user.click(screen.getByLabelText('Setra'));
    await user.click(screen.getByRole('button', { name: 'Visa produkter' }));
    await waitFor(() => expect(screen.getByText(/^URL:/).textContent).toBe('URL: ?brand=setra'));
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it('filledFields drops empty and blank values and defaults, and keeps repeated names', () => {
    const data = new FormData();
    data.append('assortment', 'all');
    data.append('brand', 'setra');
    data.append('brand', 'moelven');
    data.append('price_min', '');
    data.append('price_max', '  ');
    data.append('q', ' trall ');
    expect(filledFields(data).toString()).toBe('brand=setra&brand=moelven&q=trall');
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
