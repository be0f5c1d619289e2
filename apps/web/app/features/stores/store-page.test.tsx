import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatCoordinates, StorePage } from './store-page.tsx';
import type { StoreDetail } from './store-model.ts';
import { storeDetail } from './test-stores.ts';

function renderPage(store: StoreDetail, isChosen = false) {
  const Stub = createRoutesStub([
    {
      path: '/butiker/:slug',
      Component: () => (
        <StorePage
          store={store}
          today="2026-11-22"
          isChosen={isChosen}
          openNow="Öppet nu · stänger 20:00"
          tiles={null}
          url="https://example.se/butiker/goteborg"
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={['/butiker/goteborg']} />);
}

describe('StorePage', () => {
  it('shows the name without prefix, the address, hours and the contact links', () => {
    const { container } = renderPage(storeDetail());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Göteborg');
    expect(screen.getAllByText('417 52 Göteborg').length).toBeGreaterThan(0);
    expect(screen.getByText('Vardagar')).toBeTruthy();
    expect(screen.getByRole('link', { name: '031-42 22 14' }).getAttribute('href')).toBe(
      'tel:031422214',
    );
    expect(screen.getByRole('link', { name: '076-845 56 95' }).getAttribute('href')).toBe(
      'tel:0768455695',
    );
    expect(
      screen.getByRole('link', { name: 'goteborg@timmerkedjan.example' }).getAttribute('href'),
    ).toBe('mailto:goteborg@timmerkedjan.example');
    expect(container.querySelector('#hitta-hit')).not.toBeNull();
    expect(container.querySelector('#personal')).not.toBeNull();
  });

  it("says whether the store is open now and links 'Vägbeskrivning' to directions", () => {
    const store = storeDetail();
    renderPage(store);
    expect(
      screen.getByRole('link', { name: 'Öppet nu · stänger 20:00' }).getAttribute('href'),
    ).toBe('#hitta-hit');
    const directions = screen.getByRole('link', { name: /^Vägbeskrivning/ });
    expect(directions.getAttribute('href')).toBe(
      `https://www.openstreetmap.org/directions?to=${store.location.lat}%2C${store.location.lon}`,
    );
    expect(directions.textContent).toBe('Vägbeskrivning till Göteborg (öppnas i ny flik)');
  });

  it('without map tiles, says where the store is: address, county, coordinates and a street map link', () => {
    const store = storeDetail();
    renderPage(store);
    expect(
      screen.getByText('Butiken ligger på Timmervägen 15 i Göteborg, Västra Götalands län.'),
    ).toBeTruthy();
    expect(screen.getByText('57,70000° N, 11,97000° O')).toBeTruthy();
    const map = screen.getByRole('link', { name: /^Visa gatorna runt butiken på en karta/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=57.7&mlon=11.97#map=16/57.7/11.97',
    );
  });

  it('links the store-prefixed catalogue and offers to choose the store', () => {
    renderPage(storeDetail());
    expect(screen.getByRole('link', { name: 'Se butikens sortiment' }).getAttribute('href')).toBe(
      '/butiker/goteborg/produkter',
    );
    expect(screen.getByRole('button', { name: 'Välj som min butik' })).toBeTruthy();
  });

  it('says it is the chosen store instead of offering it again', () => {
    renderPage(storeDetail(), true);
    expect(screen.queryByRole('button', { name: 'Välj som min butik' })).toBeNull();
    expect(screen.getByText('Det här är din butik')).toBeTruthy();
  });

  it('shows the local-assortment notice when the store has one', () => {
    renderPage(storeDetail({ localAssortmentNotice: 'Trävaror beställs i förväg.' }));
    expect(
      screen.getByRole('complementary', { name: 'Om butikens sortiment' }).textContent,
    ).toContain('Trävaror beställs i förväg.');
  });

  it('embeds HardwareStore structured data', () => {
    const { container } = renderPage(storeDetail());
    const script = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>;
    expect(data['@type']).toBe('HardwareStore');
    expect(data.openingHoursSpecification).toBeInstanceOf(Array);
  });
});

describe('formatCoordinates', () => {
  it('writes WGS84 with a decimal comma and the Swedish compass letters', () => {
    expect(formatCoordinates({ lat: 59.33258, lon: 18.0649 })).toBe('59,33258° N, 18,06490° O');
    expect(formatCoordinates({ lat: -1.5, lon: -0.25 })).toBe('1,50000° S, 0,25000° V');
  });
});
