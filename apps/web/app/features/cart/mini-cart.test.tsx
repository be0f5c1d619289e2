import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Cart } from '@bygg/contracts/cart';
import { AddToCart } from '~/components/add-to-cart/add-to-cart.tsx';
import { CartProvider } from '~/components/cart/cart-provider.tsx';
import { OpenPanelProvider } from '~/components/layout/open-panel.tsx';
import { CartRequestError } from '~/lib/cart/cart-client.ts';
import type { CartClient } from '~/lib/cart/cart-client.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '~/lib/cart/cart-messages.ts';
import { testCart, testLine, withTestVoucher } from '~/lib/cart/test-cart.ts';
import type { CartStore } from '~/lib/cart/cart-store.ts';
import { testCartClient as client, testCartStore } from '~/lib/cart/test-cart-client.ts';
import { FreeShippingNote, MiniCart, MiniCartButton } from './mini-cart.tsx';

function Shell({
  store,
  proffsUser,
  consentGiven = true,
}: {
  store: CartStore;
  proffsUser: boolean;
  consentGiven?: boolean;
}) {
  return (
    <OpenPanelProvider>
      <CartProvider
        organisation="store-chain"
        b2bPages
        proffsUser={proffsUser}
        consentGiven={consentGiven}
        store={store}
      >
        <MiniCartButton />
        <AddToCart articleId={1_000_001} title="Regel 45x95" variant="card" />
        <MiniCart />
      </CartProvider>
    </OpenPanelProvider>
  );
}

function renderAt(path: string, api: CartClient, proffsUser = false, consentGiven = true) {
  const store = testCartStore(api);
  const Stub = createRoutesStub([
    {
      path: '/produkter',
      Component: () => <Shell store={store} proffsUser={proffsUser} consentGiven={consentGiven} />,
    },
    { path: '/kassa', Component: () => <Shell store={store} proffsUser={proffsUser} /> },
  ]);
  render(<Stub initialEntries={[path]} />);
  return store;
}

const added: Cart = testCart([testLine({ quantity: 2 })], {
  messages: ['Antalet sänktes till 2 st.', 'Din tidigare varukorg har slagits ihop med den här.'],
});

describe('MiniCart', { timeout: 15_000 }, () => {
  it("opens 'Min varukorg' after an add, confirms it with focus, and joins the messages by line breaks", async () => {
    const user = userEvent.setup();
    renderAt('/produkter', client({ addItem: vi.fn(() => Promise.resolve(added)) }));
    await user.click(screen.getByRole('button', { name: 'Lägg i varukorgen: Regel 45x95' }));

    const drawer = await screen.findByRole('dialog', { name: 'Min varukorg' });
    const confirmation = within(drawer).getByText(/har lagts i varukorgen/);
    expect(confirmation.textContent).toBe('✓ Regel 45x95 gran 3,0 m har lagts i varukorgen.');
    expect(document.activeElement).toBe(confirmation);
    expect(
      within(drawer).getByText(/Antalet sänktes/, { normalizer: (text) => text }).textContent,
    ).toBe('Antalet sänktes till 2 st.\nDin tidigare varukorg har slagits ihop med den här.');
    expect(
      within(drawer).getByRole('textbox', { name: 'Antal, Regel 45x95 gran 3,0 m' }),
    ).toHaveProperty('value', '2');
    expect(within(drawer).getByRole('link', { name: 'Till kassan' }).getAttribute('href')).toBe(
      '/kassa',
    );
    // The badge counts units.
    expect(screen.getByRole('button', { name: 'Varukorg, 2 varor', hidden: true })).toBeTruthy();
  });

  it('does not open on the checkout page', async () => {
    const user = userEvent.setup();
    const store = renderAt('/kassa', client({ addItem: vi.fn(() => Promise.resolve(added)) }));
    await user.click(screen.getByRole('button', { name: 'Lägg i varukorgen: Regel 45x95' }));
    await vi.waitFor(() => expect(store.getSnapshot().cart).toBe(added));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the 428 message in the mini cart, which opens', async () => {
    const user = userEvent.setup();
    renderAt(
      '/produkter',
      client({ addItem: vi.fn(() => Promise.reject(new CartRequestError(428, null))) }),
    );
    await user.click(screen.getByRole('button', { name: 'Lägg i varukorgen: Regel 45x95' }));
    const drawer = await screen.findByRole('dialog', { name: 'Min varukorg' });
    expect(within(drawer).getByRole('alert').textContent).toBe(TOO_MANY_REQUESTS_MESSAGE);
  });

  it('reads the cart when opened and says when it is empty', async () => {
    const user = userEvent.setup();
    const api = client({});
    renderAt('/produkter', api);
    await user.click(screen.getByRole('button', { name: 'Varukorg' }));
    const drawer = screen.getByRole('dialog', { name: 'Min varukorg' });
    expect(await within(drawer).findByText('Din varukorg är tom.')).toBeTruthy();
    // No cart, so no home delivery known to be offered: no free-shipping promise (ADR 030).
    expect(within(drawer).queryByText('Fri frakt för order över 499:-*')).toBeNull();
    expect(api.current).toHaveBeenCalled();
  });

  it('shows the proffs total excl. VAT to a proffs user when the store has trade accounts', async () => {
    const user = userEvent.setup();
    const cart = testCart([testLine({ quantity: 2, price: 12_500 })]);
    renderAt('/produkter', client({ current: vi.fn(() => Promise.resolve(cart)) }), true);
    await user.click(screen.getByRole('button', { name: 'Varukorg' }));
    const drawer = screen.getByRole('dialog', { name: 'Min varukorg' });
    const total = await within(drawer).findByText('Proffspris totalt');
    expect(total.nextElementSibling?.textContent).toBe('200:-\u00a0exkl. moms');
  });

  it('shows no proffs total to other visitors', async () => {
    const user = userEvent.setup();
    const cart = testCart([testLine({ quantity: 2 })]);
    renderAt('/produkter', client({ current: vi.fn(() => Promise.resolve(cart)) }), false);
    await user.click(screen.getByRole('button', { name: 'Varukorg' }));
    const drawer = screen.getByRole('dialog', { name: 'Min varukorg' });
    expect(await within(drawer).findByText('Summa varor inkl. moms')).toBeTruthy();
    expect(within(drawer).queryByText('Proffspris totalt')).toBeNull();
  });

  it('shows the discount code as /kassa does: the items, the code and the goods after it', async () => {
    const user = userEvent.setup();
    // 4 × 129:- = 516:-, BYGG10 takes 51:60 off.
    const cart = withTestVoucher(testCart([testLine({ quantity: 4 })]), 5_160);
    renderAt('/produkter', client({ current: vi.fn(() => Promise.resolve(cart)) }));
    await user.click(screen.getByRole('button', { name: 'Varukorg' }));
    const drawer = screen.getByRole('dialog', { name: 'Min varukorg' });
    const code = await within(drawer).findByText('Rabattkod BYGG10');
    expect(code.nextElementSibling?.textContent).toBe('−51:60');
    expect(within(drawer).getByText('Varor (1 artikel)').nextElementSibling?.textContent).toBe(
      '516:-',
    );
    expect(within(drawer).getByText('Summa varor inkl. moms').nextElementSibling?.textContent).toBe(
      '464:40',
    );
  });

  it('takes the discount off the proffs total excl. VAT as well', async () => {
    const user = userEvent.setup();
    // 2 × 125:- = 250:- (200:- excl. VAT); 25:- off leaves 225:- incl., 180:- excl. VAT.
    const cart = withTestVoucher(testCart([testLine({ quantity: 2, price: 12_500 })]), 2_500);
    renderAt('/produkter', client({ current: vi.fn(() => Promise.resolve(cart)) }), true);
    await user.click(screen.getByRole('button', { name: 'Varukorg' }));
    const drawer = screen.getByRole('dialog', { name: 'Min varukorg' });
    const total = await within(drawer).findByText('Proffspris totalt');
    expect(total.nextElementSibling?.textContent).toBe('180:-\u00a0exkl. moms');
    expect(within(drawer).getByText('Inkl. moms').nextElementSibling?.textContent).toBe('225:-');
    expect(within(drawer).getByText('Rabattkod BYGG10').nextElementSibling?.textContent).toBe(
      '−25:-',
    );
  });

  it('says why an applied code gives nothing, and shows no discount row', async () => {
    const user = userEvent.setup();
    const below = 'Rabattkoden gäller vid köp över 500 kr.';
    const cart = withTestVoucher(testCart([testLine({ quantity: 1 })]), 0, below);
    renderAt('/produkter', client({ current: vi.fn(() => Promise.resolve(cart)) }));
    await user.click(screen.getByRole('button', { name: 'Varukorg' }));
    const drawer = screen.getByRole('dialog', { name: 'Min varukorg' });
    expect(await within(drawer).findByText(`Rabattkod BYGG10: ${below}`)).toBeTruthy();
    expect(within(drawer).queryByText('Rabattkod BYGG10')).toBeNull();
    expect(within(drawer).getByText('Summa varor inkl. moms').nextElementSibling?.textContent).toBe(
      '129:-',
    );
  });

  it('uses no cart before the cookie question is answered (spec §6), and says why', async () => {
    const user = userEvent.setup();
    const api = client({});
    renderAt('/produkter', api, false, false);
    await user.click(screen.getByRole('button', { name: 'Lägg i varukorgen: Regel 45x95' }));
    expect(api.addItem).not.toHaveBeenCalled();
    expect(
      screen
        .getAllByRole('alert')
        .some((alert) => /Svara på frågan om cookies/.test(alert.textContent ?? '')),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Varukorg' }));
    const drawer = screen.getByRole('dialog', { name: 'Min varukorg' });
    expect(within(drawer).getByRole('link', { name: 'Cookieinställningar' })).toBeTruthy();
    expect(api.current).not.toHaveBeenCalled();
  });
});

describe('FreeShippingNote', () => {
  it('reads free_shipping_remaining as öre: 40 211 öre left is 402:11, not 40 211 kr', () => {
    // A 96:90 cart: 499:01 is the first amount "över 499:-", so 402:11 is left.
    const { container } = render(<FreeShippingNote remaining={40_211} />);
    expect(container.textContent).toContain('Handla för 402:11 till för fri frakt.');
    expect(container.textContent).not.toContain('40\u00a0211');
  });

  it('says the order has free delivery once nothing is left', () => {
    const { container } = render(<FreeShippingNote remaining={0} />);
    expect(container.textContent).toContain('Din order har fri frakt vid hemleverans.');
  });
});

describe('AddToCart for an article that cannot be bought', () => {
  it('says why instead of offering the button, so nothing is added', () => {
    render(
      <AddToCart
        articleId={1_000_001}
        title="Regel 45x95"
        variant="card"
        blocked="Tillfälligt slut i din butik. Kan inte köpas just nu."
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(
      'Tillfälligt slut i din butik. Kan inte köpas just nu.',
    );
  });
});

describe('the free-shipping note', () => {
  it('is left out where the cart offers only store pickup (ADR 030)', async () => {
    const user = userEvent.setup();
    const base = testCart([testLine({ quantity: 1 })]);
    const pickupOnly = {
      ...base,
      shipping: {
        ...base.shipping,
        options: base.shipping.options.filter((option) => option.type === 1),
      },
    };
    renderAt('/produkter', client({ current: vi.fn(() => Promise.resolve(pickupOnly)) }));
    await user.click(screen.getByRole('button', { name: 'Varukorg' }));
    const drawer = screen.getByRole('dialog', { name: 'Min varukorg' });
    expect(await within(drawer).findByText('Summa varor inkl. moms')).toBeTruthy();
    expect(within(drawer).queryByText(/fri frakt/i)).toBeNull();
  });

  it('tells how much is left where the cart offers home delivery', async () => {
    const user = userEvent.setup();
    const cart = testCart([testLine({ quantity: 1 })]);
    renderAt('/produkter', client({ current: vi.fn(() => Promise.resolve(cart)) }));
    await user.click(screen.getByRole('button', { name: 'Varukorg' }));
    const drawer = screen.getByRole('dialog', { name: 'Min varukorg' });
    expect(await within(drawer).findByText(/Handla för .* till för fri frakt/)).toBeTruthy();
  });
});
