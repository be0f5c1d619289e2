import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CartProvider } from '~/components/cart/cart-provider.tsx';
import { OpenPanelProvider } from '~/components/layout/open-panel.tsx';
import { CartRequestError } from '~/lib/cart/cart-client.ts';
import type { CartClient } from '~/lib/cart/cart-client.ts';
import { testCart, testLine } from '~/lib/cart/test-cart.ts';
import { testCartClient, testCartStore } from '~/lib/cart/test-cart-client.ts';
import type { CardConfirmResult, CardPaymentForm, CardPaymentLoader } from './card-payment.ts';
import { CARD_LOAD_FAILED } from './card-payment-step.tsx';
import { CheckoutPage } from './checkout-page.tsx';
import type { TradeCheckout } from './trade-checkout.ts';

const cart = testCart([testLine({ id: 5, quantity: 3 })]);

/** The shared test client, reading a cart with one line unless told otherwise. */
const client = (overrides: Partial<CartClient>) =>
  testCartClient({ current: vi.fn(() => Promise.resolve(testCart())), ...overrides });

function renderCheckout(
  api: CartClient,
  options: {
    cart?: typeof cart;
    loadCardPayment?: CardPaymentLoader;
    trade?: TradeCheckout;
  } = {},
) {
  const store = testCartStore(api);
  function Receipt() {
    return <h1>Kvitto {useParams().id}</h1>;
  }
  const Stub = createRoutesStub([
    {
      path: '/kassa',
      Component: () => (
        <OpenPanelProvider>
          <CartProvider
            organisation="store-chain"
            b2bPages
            proffsUser={false}
            consentGiven
            store={store}
          >
            <CheckoutPage
              loadCardPayment={options.loadCardPayment}
              data={{
                cart: options.cart ?? cart,
                affiliation: 'Timmerkedjan webbshop',
                pickupStores: [],
                areaStoreId: null,
                shopPath: '/produkter',
                trade: options.trade ?? null,
              }}
            />
          </CartProvider>
        </OpenPanelProvider>
      ),
    },
    { path: '/kvitto/visa/:id', Component: Receipt },
  ]);
  render(<Stub initialEntries={['/kassa']} />);
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Förnamn/ }), 'Erik');
  await user.type(screen.getByRole('textbox', { name: /^Efternamn/ }), 'Nordin');
  await user.type(screen.getByRole('textbox', { name: /^E-postadress/ }), 'erik@example.se');
  await user.type(screen.getByRole('textbox', { name: /^Mobilnummer/ }), '070-123 45 67');
  await user.click(screen.getByRole('checkbox', { name: /godkänner köpvillkoren/ }));
}

// A whole form is typed per test: more than the default 5 s on a busy shared machine.
describe('CheckoutPage', { timeout: 20_000 }, () => {
  it('shows a field error only once the field was left, and all of them on an attempt', async () => {
    const user = userEvent.setup({ delay: null });
    renderCheckout(client({}));
    const first = screen.getByRole('textbox', { name: /^Förnamn/ });
    expect(screen.queryByText('Fyll i ditt förnamn.')).toBeNull();
    await user.click(first);
    await user.tab();
    expect(screen.getByText('Fyll i ditt förnamn.')).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Fyll i ditt efternamn.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Slutför beställning' }));
    expect(screen.getByText('Fyll i ditt efternamn.')).toBeTruthy();
    // Focus goes to the first field that needs attention.
    expect(document.activeElement).toBe(first);
  });

  it('places the order with one key per attempt and goes to the receipt', async () => {
    const user = userEvent.setup({ delay: null });
    const checkout = vi
      .fn<CartClient['checkout']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ id: 'ord_abcdefghijklmnop' });
    renderCheckout(client({ checkout }));
    await fillContact(user);

    await user.click(screen.getByRole('button', { name: 'Slutför beställning' }));
    expect(await screen.findByText(/samma beställning läggs aldrig två gånger/)).toBeTruthy();
    vi.mocked(console.error).mockClear();

    await user.click(screen.getByRole('button', { name: 'Slutför beställning' }));
    expect(
      await screen.findByRole('heading', { name: 'Kvitto ord_abcdefghijklmnop' }),
    ).toBeTruthy();
    const [firstBody, firstKey] = checkout.mock.calls[0]!;
    const [secondBody, secondKey] = checkout.mock.calls[1]!;
    // The retry of the same order is the same attempt.
    expect(secondKey).toBe(firstKey);
    expect(secondBody).toEqual(firstBody);
    expect(firstBody).toMatchObject({
      shipping: { type: 1, address: null },
      payment: { method: 'pay_in_store' },
      checksum: cart.checksum,
    });
  });

  it("shows a 409's stock failure on its line", async () => {
    const user = userEvent.setup({ delay: null });
    const checkout = vi.fn<CartClient['checkout']>().mockRejectedValue(
      new CartRequestError(409, {
        message: 'Lagret räcker inte',
        failures: [
          {
            reason: 'INSUFFICIENT_STOCK',
            message: 'Den kvantiteten som är tillagd finns inte i lager',
            item_id: 5,
            article_id: 1_000_001,
            available_quantity: 1,
          },
        ],
      }),
    );
    renderCheckout(client({ checkout, current: vi.fn(() => Promise.resolve(cart)) }));
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Slutför beställning' }));

    const lines = screen.getByRole('region', { name: 'Din varukorg' });
    expect(
      await within(lines).findByText(
        'Den kvantiteten som är tillagd finns inte i lager (1 st finns).',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Några varor kunde inte beställas/)).toBeTruthy();
  });

  it('flags a line the API says cannot be ordered at once, before any submit', async () => {
    const blocked = testCart([
      testLine({
        id: 5,
        quantity: 3,
        problem: {
          reason: 'UNAVAILABLE',
          message: 'Tyvärr är artikeln ej tillgänglig',
          available_quantity: null,
        },
      }),
    ]);
    const checkout = vi.fn<CartClient['checkout']>();
    renderCheckout(client({ checkout, current: vi.fn(() => Promise.resolve(blocked)) }), {
      cart: blocked,
    });
    const lines = await screen.findByRole('region', { name: 'Din varukorg' });
    expect(await within(lines).findByText('Tyvärr är artikeln ej tillgänglig')).toBeTruthy();
    expect(checkout).not.toHaveBeenCalled();
  });
});

const cardCart = testCart([testLine({ id: 5, quantity: 3 })], {
  payment_methods: [
    {
      id: 'pay_in_store',
      label: 'Betala i butik vid hämtning',
      description: '',
      provider: null,
      publishable_key: null,
    },
    {
      id: 'card',
      label: 'Kort',
      description: 'Visa och Mastercard',
      provider: 'stripe',
      publishable_key: 'pk_test_from_api',
    },
  ],
});

const cardOrder = {
  id: 'ord_card_abcdefghijklmnop',
  number: 'W100042',
  status: 'awaiting_payment',
  payment: { method: 'card', status: 'pending', client_secret: 'pi_1_secret_abc' },
  summary: { to_pay: 12_345 },
};

/** A card form the test drives: it becomes ready or fails to load when told to. */
function fakeCardForm(results: CardConfirmResult[]) {
  const form = {
    events: null as null | { onReady(): void; onLoadError(): void },
    mounted: null as HTMLElement | null,
    destroyed: 0,
    confirm: vi.fn((_returnUrl: string) =>
      Promise.resolve(results.shift() ?? ({ kind: 'paid' } as const)),
    ),
  };
  const api: CardPaymentForm = {
    mount(element, events) {
      form.mounted = element;
      form.events = events;
    },
    confirm: form.confirm,
    destroy() {
      form.destroyed++;
    },
  };
  return { form, api };
}

async function placeCardOrder(
  user: ReturnType<typeof userEvent.setup>,
  loadCardPayment: CardPaymentLoader,
) {
  const checkout = vi.fn<CartClient['checkout']>().mockResolvedValue(cardOrder);
  renderCheckout(client({ checkout, current: vi.fn(() => Promise.resolve(cardCart)) }), {
    cart: cardCart,
    loadCardPayment,
  });
  await fillContact(user);
  await user.click(screen.getByRole('radio', { name: /Kort/ }));
  expect(loadCardPayment).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Slutför beställning' }));
  expect(checkout.mock.calls[0]?.[0]).toMatchObject({ payment: { method: 'card' } });
}

describe('CheckoutPage: the card step', { timeout: 20_000 }, () => {
  it('loads the card form with the API key and secret, pays, and goes to the receipt', async () => {
    const user = userEvent.setup({ delay: null });
    const { form, api } = fakeCardForm([{ kind: 'paid' }]);
    const load = vi.fn<CardPaymentLoader>(() => Promise.resolve(api));
    await placeCardOrder(user, load);

    expect(await screen.findByRole('heading', { name: 'Betala med kort' })).toBeTruthy();
    expect(screen.getByText(/Order W100042 är skapad/)).toBeTruthy();
    await vi.waitFor(() =>
      expect(load).toHaveBeenCalledWith({
        publishableKey: 'pk_test_from_api',
        clientSecret: 'pi_1_secret_abc',
      }),
    );
    // Loading until the provider's form says it is ready.
    expect(screen.getByRole('status').textContent).toBe('Kortbetalningen laddas …');
    await vi.waitFor(() => expect(form.events).not.toBeNull());
    act(() => form.events?.onReady());
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: /^Betala 123:45/ }));
    expect(
      await screen.findByRole('heading', { name: 'Kvitto ord_card_abcdefghijklmnop' }),
    ).toBeTruthy();
    expect(form.confirm).toHaveBeenCalledWith(
      expect.stringMatching(/\/kvitto\/visa\/ord_card_abcdefghijklmnop$/),
    );
  });

  it('says when the card form cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup({ delay: null });
    const { form, api } = fakeCardForm([]);
    const load = vi
      .fn<CardPaymentLoader>()
      .mockRejectedValueOnce(new Error('Stripe.js failed to load'))
      .mockResolvedValue(api);
    await placeCardOrder(user, load);

    expect(await screen.findByText(CARD_LOAD_FAILED)).toBeTruthy();
    vi.mocked(console.error).mockClear();
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    await vi.waitFor(() => expect(form.events).not.toBeNull());
    act(() => form.events?.onReady());
    expect(screen.getByRole('button', { name: /^Betala/ })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the form on wrong card details, and goes to the receipt when the card is declined', async () => {
    const user = userEvent.setup({ delay: null });
    const { form, api } = fakeCardForm([
      { kind: 'invalid', message: 'Kortnumret är ofullständigt.' },
      { kind: 'declined', message: 'Kortet nekades.' },
    ]);
    await placeCardOrder(
      user,
      vi.fn<CardPaymentLoader>(() => Promise.resolve(api)),
    );
    await vi.waitFor(() => expect(form.events).not.toBeNull());
    act(() => form.events?.onReady());

    await user.click(screen.getByRole('button', { name: /^Betala/ }));
    expect(await screen.findByText('Kortnumret är ofullständigt.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Betala med kort' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Betala/ }));
    expect(
      await screen.findByRole('heading', { name: 'Kvitto ord_card_abcdefghijklmnop' }),
    ).toBeTruthy();
    expect(form.confirm).toHaveBeenCalledTimes(2);
    expect(form.destroyed).toBe(1);
  });
});

describe('CheckoutPage for a logged-in trade user (issue 17)', { timeout: 20_000 }, () => {
  const invoiceCart = testCart([testLine({ id: 5, quantity: 3 })], {
    payment_methods: [
      ...testCart().payment_methods,
      {
        id: 'invoice',
        label: 'Faktura',
        description: 'Fakturan skickas till ert företag.',
        provider: null,
        publishable_key: null,
      },
    ],
  });
  const trade = (availableOre: number): TradeCheckout => ({
    prefill: {
      firstName: 'Anna',
      lastName: 'Lindqvist',
      email: 'anna@lindqvistbygg.example',
      phone: '08-123 456 70',
      company: 'Lindqvist Bygg & Montage AB',
    },
    invoiceAddress: { street: 'Box 1123', postcode: '11181', city: 'Stockholm' },
    credit: {
      credit_limit_ore: 1_000_000,
      open_invoices_ore: 0,
      available_ore: availableOre,
      payment_terms_days: 20,
    },
    hasAccountInCartStore: true,
    cartStoreExternalId: '1001',
    projects: [
      { id: 7, number: 'P-1007', name: 'Altan Björk' },
      { id: 9, number: 'P-1009', name: 'Tak Villa Berg' },
    ],
  });

  it('comes filled in with the user and the company, and says where the invoice goes', async () => {
    const user = userEvent.setup({ delay: null });
    renderCheckout(client({}), { cart: invoiceCart, trade: trade(1_000_000) });
    expect(screen.getByRole('textbox', { name: /^Förnamn/ })).toHaveProperty('value', 'Anna');
    expect(screen.getByRole('textbox', { name: /^Efternamn/ })).toHaveProperty(
      'value',
      'Lindqvist',
    );
    expect(screen.getByRole('textbox', { name: /^Företag/ })).toHaveProperty(
      'value',
      'Lindqvist Bygg & Montage AB',
    );
    await user.click(screen.getByRole('radio', { name: /Faktura/ }));
    expect(screen.getByText('Fakturan skickas till: Box 1123, 11181 Stockholm')).toBeTruthy();
    expect(screen.getByText(/Kvar att handla för på faktura i butiken: 10 000:-/)).toBeTruthy();
    expect(screen.getByText('Betalningsvillkor: 20 dagar netto')).toBeTruthy();
  });

  it('says at once when the order does not fit in the credit, and does not send it', async () => {
    const user = userEvent.setup({ delay: null });
    const checkout = vi.fn<CartClient['checkout']>();
    renderCheckout(client({ checkout }), { cart: invoiceCart, trade: trade(100) });
    await user.click(screen.getByRole('radio', { name: /Faktura/ }));
    expect(screen.getByText(/Ordern ryms inte i ert företags kreditutrymme/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /godkänner köpvillkoren/ }));
    await user.click(screen.getByRole('button', { name: 'Slutför beställning' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent?.includes('kvar att handla för'))).toBe(true);
    expect(checkout).not.toHaveBeenCalled();
  });

  it('sends the project chosen for the order (issue 18)', async () => {
    const user = userEvent.setup({ delay: null });
    const checkout = vi
      .fn<CartClient['checkout']>()
      .mockResolvedValue({ id: 'ord_abcdefghijklmnop' });
    renderCheckout(client({ checkout }), { cart: invoiceCart, trade: trade(1_000_000) });
    const choice = screen.getByRole('combobox', { name: 'Projekt (valfritt)' });
    expect(choice).toHaveProperty('value', '');
    await user.selectOptions(choice, 'P-1009 Tak Villa Berg');
    await user.click(screen.getByRole('checkbox', { name: /godkänner köpvillkoren/ }));
    await user.click(screen.getByRole('button', { name: 'Slutför beställning' }));
    expect(
      await screen.findByRole('heading', { name: 'Kvitto ord_abcdefghijklmnop' }),
    ).toBeTruthy();
    expect(checkout.mock.calls[0]![0]).toMatchObject({ project_id: 9 });
  });
});
