import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELECTOR_SHOWN_KEY } from './auto-open.ts';
import { StoreButton } from './store-choice-button.tsx';
import { StoreChoiceProvider } from './store-choice.tsx';
import type { StoreChoice, StoreSummary } from './store-model.ts';
import { storeDetail } from './test-stores.ts';

function choice(overrides: Partial<StoreChoice> = {}): StoreChoice {
  return {
    chosen: null,
    today: '2026-11-22',
    selectorEnabled: true,
    consentGiven: false,
    signedIn: false,
    mapTiles: null,
    ...overrides,
  };
}

const STORES: StoreSummary[] = [
  { ...storeDetail(), distanceKm: null },
  {
    ...storeDetail({ id: 20, slug: 'lulea', name: 'Luleå', city: 'Luleå' }),
    region: { id: 1, name: 'Norra Norrland' },
  },
  {
    ...storeDetail({ id: 63, slug: 'rikslager', name: 'Rikslager', isCentral: true }),
    region: { id: 5, name: 'Östra Götaland' },
  },
];

function renderShell(storeChoice: StoreChoice, path = '/') {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <StoreChoiceProvider choice={storeChoice}>
          <header>
            <StoreButton />
          </header>
        </StoreChoiceProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

// The dialogs, the drawer and the selector are lazy chunks (issue 3): have them compiled
// before the tests.
beforeAll(async () => {
  await Promise.all([
    import('./store-choice-dialogs.tsx'),
    import('./store-drawer.tsx'),
    import('./store-selector.tsx'),
  ]);
});

beforeEach(() => {
  window.sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ stores: STORES })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('store button and drawer', () => {
  it("offers 'Välj butik' without a store and opens 'Välj din butik' with stores by region", async () => {
    const user = userEvent.setup();
    renderShell(choice());
    await user.click(screen.getByRole('button', { name: 'Välj butik' }));
    const drawer = await screen.findByRole('dialog', { name: 'Välj din butik' });
    const search = within(drawer).getByRole('searchbox', { name: 'Sök butik' });
    expect(search.getAttribute('placeholder')).toBe('Sök på butik, ort, adress eller postnummer');
    // Issue 22: the drawer opens at its search box, not at 'Stäng'.
    expect(document.activeElement).toBe(search);
    // Regions are expandable groups with their store count; the central store stands apart.
    const norr = await within(drawer).findByText('Norra Norrland');
    expect(norr.closest('summary')?.textContent).toBe('Norra Norrland1 butik');
    expect(within(drawer).getByRole('region', { name: 'Rikslager' })).toBeTruthy();
  });

  it("names the chosen store on the button and opens 'Min butik' on the store view", async () => {
    const user = userEvent.setup();
    renderShell(choice({ chosen: storeDetail() }));
    await user.click(screen.getByRole('button', { name: 'Min butik Göteborg' }));
    const drawer = await screen.findByRole('dialog', { name: 'Min butik' });
    expect(document.activeElement).toBe(within(drawer).getByRole('heading', { name: 'Göteborg' }));
    expect(within(drawer).getByText('Vardagar')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: '031-42 22 14' }).getAttribute('href')).toBe(
      'tel:031422214',
    );
    expect(
      within(drawer).getByRole('link', { name: 'Gå till butikens sida' }).getAttribute('href'),
    ).toBe('/butiker/goteborg');
    await user.click(within(drawer).getByRole('button', { name: 'Byt butik' }));
    // The list view, ready to search.
    const search = within(drawer).getByRole('searchbox', { name: 'Sök butik' });
    expect(document.activeElement).toBe(search);
  });

  it('closes with Escape and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    renderShell(choice());
    const button = screen.getByRole('button', { name: 'Välj butik' });
    await user.click(button);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});

describe('store selector auto-open', () => {
  it("opens 'Välj butik' by itself once per session when consent is given", async () => {
    const first = renderShell(choice({ consentGiven: true }));
    expect(
      await screen.findByRole('dialog', { name: 'Välj butik' }, { timeout: 2000 }),
    ).toBeTruthy();
    expect(window.sessionStorage.getItem(SELECTOR_SHOWN_KEY)).toBe('1');
    first.unmount();

    vi.useFakeTimers();
    renderShell(choice({ consentGiven: true }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('dialog', { name: 'Välj butik' })).toBeNull();
  });

  it('never opens by itself once a store is chosen, nor for a logged-in trade user', async () => {
    vi.useFakeTimers();
    const first = renderShell(choice({ consentGiven: true, chosen: storeDetail() }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    renderShell(choice({ consentGiven: true, signedIn: true }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.sessionStorage.getItem(SELECTOR_SHOWN_KEY)).toBeNull();
  });

  it('has its own proffs login link and, closed, leaves the focus on the store button', async () => {
    const user = userEvent.setup();
    renderShell(choice({ consentGiven: true }));
    const selector = await screen.findByRole('dialog', { name: 'Välj butik' }, { timeout: 2000 });
    expect(document.activeElement).toBe(
      within(selector).getByRole('searchbox', { name: 'Postnummer eller ort' }),
    );
    expect(
      within(selector).getByRole('link', { name: 'Logga in som proffs' }).getAttribute('href'),
    ).toBe('/login');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Välj butik' }));
  });

  it('stays closed without consent and on store pages', async () => {
    vi.useFakeTimers();
    const first = renderShell(choice({ consentGiven: false }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    renderShell(choice({ consentGiven: true }), '/butiker/goteborg');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.sessionStorage.getItem(SELECTOR_SHOWN_KEY)).toBeNull();
  });
});
