import { render, screen, within } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardHome } from './dashboard-home.tsx';
import type { DashboardData } from './dashboard-model.ts';

function renderAt(path: string, data: DashboardData) {
  const Stub = createRoutesStub([
    {
      path: '/butiker/:storeSlug/dashboard',
      Component: () => <Outlet context={data} />,
      children: [{ index: true, Component: DashboardHome }],
    },
    {
      path: '/rikskund/dashboard',
      Component: () => <Outlet context={data} />,
      children: [{ index: true, Component: DashboardHome }],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

const erik: DashboardData = {
  user: { name: 'Erik Nordin', company: 'Nordins Snickeri AB' },
  store: { name: 'Göteborg', slug: 'goteborg', isCentral: false },
  otherStores: [],
  eid: '1001',
  access: { role: 'admin', rights: { projects: true, offers: true, orders: true, invoices: true } },
  customer: { name: 'Nordins Snickeri AB', logoUrl: null },
  unseenCount: 2,
};

describe('the dashboard start page', () => {
  it("shows the user, the company and the store, with links into the store's shop", async () => {
    renderAt('/butiker/goteborg/dashboard', erik);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeDefined();
    expect(screen.getByText('Erik Nordin')).toBeDefined();
    expect(screen.getAllByText(/Nordins Snickeri AB/)).toHaveLength(2);
    const company = screen.getByRole('region', { name: 'Företaget' });
    expect(
      within(company).getByRole('link', { name: 'Kontaktuppgifter' }).getAttribute('href'),
    ).toBe('/butiker/goteborg/dashboard/kontaktuppgifter');
    const store = screen.getByRole('region', { name: 'Din butik' });
    expect(within(store).getByText('Göteborg')).toBeDefined();
    const link = (name: string) => within(store).getByRole('link', { name }).getAttribute('href');
    expect(link('Handla i butikens sortiment')).toBe('/butiker/goteborg/produkter');
    expect(link('Sök bland produkterna')).toBe('/butiker/goteborg/sok');
    expect(link('Öppettider och kontakt')).toBe('/butiker/goteborg');
    expect(screen.queryByRole('navigation', { name: 'Byt butik' })).toBeNull();
    expect(screen.getByText('2 nya händelser.')).toBeDefined();
    const invoices = screen.getByRole('region', { name: 'Fakturor' });
    expect(within(invoices).getByRole('link', { name: 'Visa fakturor' }).getAttribute('href')).toBe(
      '/butiker/goteborg/dashboard/fakturor',
    );
  });

  it("offers the central assortment and the user's other stores' dashboards", async () => {
    renderAt('/rikskund/dashboard', {
      ...erik,
      user: { name: 'Anna Lindqvist', company: null },
      store: { name: 'Rikslager', slug: 'rikslager', isCentral: true },
      otherStores: [{ name: 'Stockholm', href: '/butiker/stockholm/dashboard' }],
      access: {
        role: 'user',
        rights: { projects: true, offers: true, orders: true, invoices: false },
      },
      unseenCount: 0,
    });
    expect(screen.queryByRole('region', { name: 'Fakturor' })).toBeNull();
    expect(screen.getByText('Inga nya händelser.')).toBeDefined();
    const store = await screen.findByRole('region', { name: 'Rikskund' });
    expect(
      within(store).getByRole('link', { name: 'Handla i rikssortimentet' }).getAttribute('href'),
    ).toBe('/rikskund/produkter');
    expect(within(store).queryByRole('link', { name: 'Öppettider och kontakt' })).toBeNull();
    const others = screen.getByRole('navigation', { name: 'Byt butik' });
    expect(within(others).getByRole('link', { name: 'Stockholm' }).getAttribute('href')).toBe(
      '/butiker/stockholm/dashboard',
    );
  });
});
