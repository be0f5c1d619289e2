import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StoreDirectory } from './store-directory.tsx';
import type { StoreSummary } from './store-model.ts';
import { NO_STORES_FOUND } from './store-search.ts';
import type { StoreSearchMode } from './store-search.ts';

function store(id: number, name: string, regionId: number, extra: Partial<StoreSummary> = {}) {
  return {
    id,
    slug: name.toLowerCase(),
    name,
    address: `Industrivägen ${id}`,
    zipCode: '11250',
    city: name,
    region: { id: regionId, name: '' },
    location: { lat: 59 + id / 10, lon: 15 + id / 10 },
    isCentral: false,
    proffsEnabled: false,
    distanceKm: null,
    ...extra,
  } satisfies StoreSummary;
}

const STORES = [
  store(1, 'Stockholm', 4),
  store(2, 'Nacka', 4),
  store(3, 'Luleå', 1),
  store(4, 'Rikslager', 5, { isCentral: true }),
];

function renderDirectory(props: {
  query?: string;
  mode?: StoreSearchMode;
  stores: StoreSummary[] | null;
  nearestTo?: string;
}) {
  const Stub = createRoutesStub([
    {
      path: '/butiker',
      Component: () => (
        <StoreDirectory
          query={props.query ?? ''}
          mode={props.mode ?? 'all'}
          stores={props.stores}
          nearestTo={props.nearestTo ?? null}
          chosenId={2}
          tiles={null}
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={['/butiker']} />);
}

describe('StoreDirectory', () => {
  it('searches with a GET form to /butiker, so it works without JavaScript', () => {
    renderDirectory({ stores: STORES });
    const form = screen.getByRole('search');
    expect(form.getAttribute('action')).toBe('/butiker');
    expect(form.getAttribute('method')).toBe('get');
    const box = within(form).getByRole('searchbox', { name: 'Hitta butik' });
    expect(box.getAttribute('name')).toBe('q');
    expect(box.getAttribute('placeholder')).toBe('Sök på butik, ort, adress eller postnummer');
  });

  it('groups local stores by region with counts and shows the central store apart', () => {
    renderDirectory({ stores: STORES });
    const summaries = screen.getAllByText(/Norrland|Stockholm$/, { selector: 'summary span' });
    expect(summaries.map((s) => s.closest('summary')?.textContent)).toEqual([
      'Norra Norrland1 butik',
      'Stockholm2 butiker',
    ]);
    const central = screen.getByRole('region', { name: 'Rikslager' });
    expect(
      within(central)
        .getByRole('link', { name: /Rikslager/ })
        .getAttribute('href'),
    ).toBe('/butiker/rikslager');
    expect(screen.getByText('Din butik')).toBeTruthy();
  });

  it('lists a postcode search nearest first with distances and no central store', () => {
    renderDirectory({
      query: '11250',
      mode: 'postcode',
      stores: [
        store(1, 'Stockholm', 4, { distanceKm: 1.9 }),
        store(2, 'Nacka', 4, { distanceKm: 4.4 }),
      ],
    });
    expect(screen.getByRole('heading', { name: 'Närmaste butikerna till 112 50' })).toBeTruthy();
    const list = screen.getByRole('list', { name: '' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'StockholmIndustrivägen 1, Stockholm1,9 km',
      'NackaIndustrivägen 2, Nacka4,4 kmDin butik',
    ]);
  });

  it('lists the stores nearest a town that has none, nearest first, without the central store', () => {
    renderDirectory({
      query: 'göteborg',
      mode: 'text',
      nearestTo: 'Göteborg',
      stores: [
        store(1, 'Mölndal', 6, { distanceKm: 8.1 }),
        store(2, 'Kungälv', 6, { distanceKm: 17 }),
      ],
    });
    expect(
      screen.getByRole('heading', { name: 'Ingen butik i Göteborg – närmaste butikerna' }),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: '' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'MölndalIndustrivägen 1, Mölndal8,1 km',
      'KungälvIndustrivägen 2, Kungälv17 kmDin butik',
    ]);
    expect(screen.queryByText(NO_STORES_FOUND)).toBeNull();
  });

  it('says so when the stores cannot be fetched', () => {
    renderDirectory({ stores: null });
    expect(screen.getByRole('alert').textContent).toBe(
      'Vi kunde inte hämta butikerna just nu. Försök igen senare.',
    );
  });
});
