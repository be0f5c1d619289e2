import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { OrganisationId } from '@bygg/contracts/common';
import { CartProvider } from '~/components/cart/cart-provider.tsx';
import { OpenPanelProvider } from '~/components/layout/open-panel.tsx';
import type { CartClient } from '~/lib/cart/cart-client.ts';
import { testCartClient, testCartStore } from '~/lib/cart/test-cart-client.ts';
import { testCart, testLine } from '~/lib/cart/test-cart.ts';
import { MiniCartButton } from './mini-cart.tsx';

/** The shared test client, reading the cart with `current`. */
const client = (current: CartClient['current']) => testCartClient({ current: vi.fn(current) });

/** A page (re)loaded from scratch: a new store, as after a browser reload. */
function reload(organisation: OrganisationId, api: CartClient, consentGiven = true) {
  const store = testCartStore(api);
  const Stub = createRoutesStub([
    {
      path: '/produkter',
      Component: () => (
        <OpenPanelProvider>
          <CartProvider
            organisation={organisation}
            b2bPages={organisation === 'store-chain'}
            proffsUser={false}
            consentGiven={consentGiven}
            store={store}
          >
            <MiniCartButton />
          </CartProvider>
        </OpenPanelProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={['/produkter']} />);
}

describe('CartProvider: the header count after a reload', () => {
  // The bug: on the store chain the cart was read only when the mini cart opened, so after a
  // reload the badge stayed empty although the cookie's cart had items.
  for (const organisation of ['store-chain', 'building-supply'] as const) {
    it(`shows the cart's count without opening the mini cart (${organisation})`, async () => {
      const api = client(() =>
        Promise.resolve(
          testCart([testLine({ id: 1, quantity: 2 }), testLine({ id: 2, quantity: 1 })]),
        ),
      );
      reload(organisation, api);
      expect(await screen.findByRole('button', { name: 'Varukorg, 3 varor' })).toBeTruthy();
      expect(api.current).toHaveBeenCalledTimes(1);
    });
  }

  it('shows no count when there is no cart (404), and asks nothing before consent', async () => {
    const none = client(() => Promise.resolve(null));
    reload('store-chain', none);
    await vi.waitFor(() => expect(none.current).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Varukorg' })).toBeTruthy();

    document.body.innerHTML = '';
    const noConsent = client(() => Promise.resolve(testCart()));
    reload('store-chain', noConsent, false);
    expect(screen.getByRole('button', { name: 'Varukorg' })).toBeTruthy();
    expect(noConsent.current).not.toHaveBeenCalled();
  });
});
