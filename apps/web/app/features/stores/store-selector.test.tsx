import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, redirect } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreSummary } from './store-model.ts';
import { StoreSelector } from './store-selector.tsx';

function summary(id: number, name: string, extra: Partial<StoreSummary> = {}): StoreSummary {
  return {
    id,
    slug: name.toLowerCase(),
    name,
    address: `Industrivägen ${id}`,
    zipCode: '41101',
    city: name,
    region: { id: 6, name: 'Västsverige' },
    location: { lat: 57.7, lon: 11.97 },
    isCentral: false,
    proffsEnabled: id % 2 === 0,
    distanceKm: id * 3.5,
    ...extra,
  };
}

/** The stores resource route, answering every search with `stores`. */
function stubStoreReplies(stores: StoreSummary[], nearestTo: string | null = null) {
  const fetchMock = vi.fn(async (_url: string) => Response.json({ stores, nearestTo }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSelector(onChoice?: (form: FormData) => void) {
  const Stub = createRoutesStub([
    {
      path: '/produkter',
      Component: () => <StoreSelector open onOpenChange={() => {}} />,
    },
    {
      path: '/resurser/butiksval',
      action: async ({ request }) => {
        onChoice?.(await request.formData());
        return redirect('/produkter');
      },
    },
  ]);
  return render(<Stub initialEntries={['/produkter?sida=2']} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StoreSelector', () => {
  it("is titled 'Välj butik' with the postcode search box focused", async () => {
    stubStoreReplies([]);
    renderSelector();
    const dialog = screen.getByRole('dialog', { name: 'Välj butik' });
    const box = within(dialog).getByRole('searchbox');
    expect(box.getAttribute('placeholder')).toBe('Sök efter postnummer');
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('asks for up to 9001 stores by postcode and shows the five nearest', async () => {
    const fetchMock = stubStoreReplies(
      [1, 2, 3, 4, 5, 6, 7].map((id) => summary(id, `Butik${id}`)),
    );
    const user = userEvent.setup();
    renderSelector();
    await user.type(screen.getByRole('searchbox'), '411 01');
    const list = await screen.findByRole('list', { name: 'Butiker' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(fetchMock).toHaveBeenCalledWith(
      '/resurser/butiker?q=411+01&count=9001',
      expect.anything(),
    );
    expect(within(list).getByText('3,5 km')).toBeTruthy();
  });

  it('lists the stores nearest a town that has none, and says so', async () => {
    // Not 'Göteborg': the browser's result cache outlives a test, and a later test types it.
    stubStoreReplies([summary(2, 'Vårgårda'), summary(4, 'Lerum')], 'Alingsås');
    const user = userEvent.setup();
    renderSelector();
    await user.type(screen.getByRole('searchbox'), 'alingsås');
    const list = await screen.findByRole('list', { name: 'Butiker' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe(
      'Ingen butik i Alingsås – närmaste butikerna',
    );
  });

  it("offers 'Logga in som proffs' only for stores with trade accounts", async () => {
    stubStoreReplies([summary(1, 'Borås'), summary(2, 'Mölndal')]);
    const user = userEvent.setup();
    renderSelector();
    await user.type(screen.getByRole('searchbox'), '50451');
    const list = await screen.findByRole('list', { name: 'Butiker' });
    const [boras, molndal] = within(list).getAllByRole('listitem');
    expect(within(boras!).queryByRole('link', { name: 'Logga in som proffs' })).toBeNull();
    const login = within(molndal!).getByRole('link', { name: 'Logga in som proffs' });
    expect(login.getAttribute('href')).toBe('/login');
  });

  it("says 'Inga butiker hittades.' when nothing matches", async () => {
    stubStoreReplies([]);
    const user = userEvent.setup();
    renderSelector();
    await user.type(screen.getByRole('searchbox'), 'Ingenstans');
    expect(await screen.findByText('Inga butiker hittades.')).toBeTruthy();
  });

  it('tells the visitor when the stores cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 502 })),
    );
    const user = userEvent.setup();
    renderSelector();
    await user.type(screen.getByRole('searchbox'), 'Trasigt');
    expect(
      await screen.findByText('Vi kunde inte hämta butikerna just nu. Försök igen senare.'),
    ).toBeTruthy();
  });

  it('finds the nearest store from the browser position with the spec’s options', async () => {
    const fetchMock = stubStoreReplies([summary(2, 'Göteborg', { distanceKm: 1.2 })]);
    const getCurrentPosition = vi.fn(
      (success: PositionCallback, _error?: PositionErrorCallback, _options?: PositionOptions) =>
        success({ coords: { latitude: 57.7, longitude: 11.97 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const user = userEvent.setup();
    renderSelector();
    await user.click(screen.getByRole('button', { name: 'Använd min position' }));
    expect(await screen.findByRole('button', { name: 'Välj Göteborg' })).toBeTruthy();
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      maximumAge: 5000,
      timeout: 10_000,
      enableHighAccuracy: true,
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/resurser/butiker?latitude=57.7&longitude=11.97',
      expect.anything(),
    );
  });

  it("posts intent 'choose-store' with the store's id and the page to return to", async () => {
    stubStoreReplies([summary(2, 'Göteborg')]);
    let posted: FormData | undefined;
    const user = userEvent.setup();
    renderSelector((form) => (posted = form));
    await user.type(screen.getByRole('searchbox'), 'Göteborg');
    await user.click(await screen.findByRole('button', { name: 'Välj Göteborg' }));
    await waitFor(() => expect(posted).toBeDefined());
    expect(posted?.get('intent')).toBe('choose-store');
    expect(posted?.get('storeId')).toBe('2');
    expect(posted?.get('redirectTo')).toBe('/produkter?sida=2');
  });
});
