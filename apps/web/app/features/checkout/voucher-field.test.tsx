import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@bygg/contracts/cart';
import { CartProvider } from '~/components/cart/cart-provider.tsx';
import { OpenPanelProvider } from '~/components/layout/open-panel.tsx';
import { testCart, testLine, withTestVoucher } from '~/lib/cart/test-cart.ts';
import { testCartClient, testCartStore } from '~/lib/cart/test-cart-client.ts';
import { useCart } from '~/lib/cart/use-cart.ts';
import { voucherCodeError, VoucherField } from './voucher-field.tsx';

const base = testCart([testLine({ id: 5, quantity: 3 })]);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderField(initial: Cart) {
  const store = testCartStore(testCartClient({ current: vi.fn(() => Promise.resolve(initial)) }));
  store.replace(initial);
  function Host() {
    const { cart } = useCart();
    return cart ? <VoucherField cart={cart} /> : null;
  }
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/kassa',
      loader: () => ({ organisation: { id: 'store-chain' } }),
      Component: () => (
        <OpenPanelProvider>
          <CartProvider
            organisation="store-chain"
            b2bPages
            proffsUser={false}
            consentGiven
            store={store}
          >
            <Host />
          </CartProvider>
        </OpenPanelProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={['/kassa']} />);
  return store;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('voucherCodeError', () => {
  it('asks for a code, refuses odd characters and over-long codes, ignores spaces', () => {
    expect(voucherCodeError('  ')).toBe('Fyll i rabattkoden.');
    expect(voucherCodeError('BYGG 10')).toBeNull();
    expect(voucherCodeError('bygg10')).toBeNull();
    expect(voucherCodeError('BYGG%10')).toBe('Rabattkoden finns inte.');
    expect(voucherCodeError('X'.repeat(41))).toBe('Rabattkoden är för lång.');
  });
});

describe('VoucherField', () => {
  it('applies a code with Enter, and the cart with the discount replaces the old one', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(200, withTestVoucher(base, 1_000))));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup({ delay: null });
    const store = renderField(base);
    const field = await screen.findByRole('textbox', { name: 'Rabattkod' });
    await user.type(field, 'bygg10{Enter}');
    expect(await screen.findByText('Rabattkod BYGG10')).toBeTruthy();
    expect(screen.getByText(/Du sparar 10:-/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1.0/cart/current/voucher/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ code: 'bygg10' });
    expect((init.headers as Record<string, string>)['x-organisation']).toBe('store-chain');
    expect(store.getSnapshot().cart?.summary.discount).toBe(1_000);
  });

  it('shows the API’s Swedish refusal on the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(400, {
            statusCode: 400,
            message: 'Rabattkoden har gått ut',
            fields: [{ path: 'body.code', message: 'Rabattkoden har gått ut' }],
          }),
        ),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderField(base);
    await user.type(await screen.findByRole('textbox', { name: 'Rabattkod' }), 'GAMMAL');
    await user.click(screen.getByRole('button', { name: 'Använd rabattkod' }));
    const field = screen.getByRole('textbox', { name: 'Rabattkod' });
    expect(await screen.findAllByText('Rabattkoden har gått ut')).not.toHaveLength(0);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('does not call the API without a code', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup({ delay: null });
    renderField(base);
    await user.click(await screen.findByRole('button', { name: 'Använd rabattkod' }));
    expect(screen.getByText('Fyll i rabattkoden.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('explains an applied code that gives nothing, and removes it', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(200, base)));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup({ delay: null });
    renderField(withTestVoucher(base, 0, 'Rabattkoden gäller vid köp för minst 500:-'));
    expect(await screen.findByText('Rabattkoden gäller vid köp för minst 500:-')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ta bort rabattkod BYGG10' }));
    expect(await screen.findByRole('textbox', { name: 'Rabattkod' })).toBeTruthy();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('DELETE');
  });
});
