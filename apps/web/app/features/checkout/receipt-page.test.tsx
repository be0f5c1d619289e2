import { render, screen } from '@testing-library/react';
import { createRoutesStub, useLoaderData } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Order } from '@bygg/contracts/orders';
import { ReceiptPage } from './receipt-page.tsx';

function order(payment: Partial<Order['payment']>, status: Order['status']): Order {
  return {
    id: 'ord_abcdefghijklmnop',
    number: 'W100042',
    status,
    created_at: '2026-11-22T09:00:00.000Z',
    store: {
      id: 1,
      external_id: 'S1',
      name: 'Umeå',
      slug: 'umea',
      is_central: false,
      proffs_enabled: false,
    },
    contact: {
      first_name: 'Karin',
      last_name: 'Sundberg',
      email: 'karin@example.se',
      phone: '070-123 45 67',
      company: null,
    },
    shipping: { type: 1, label: 'Hämta i butik', price: 0, address: null },
    payment: {
      method: 'card',
      label: 'Kort',
      status: 'pending',
      reference: null,
      client_secret: null,
      ...payment,
    },
    message: null,
    lines: [
      {
        article_id: 1,
        title: 'Regel 45x95',
        brand: null,
        category: null,
        options: [],
        quantity: 2,
        unit: 'st',
        price: 5_000,
        sum: 10_000,
        vat: 2_000,
        vat_rate: 0.25,
        warehouse: 'UME',
        is_gift_card: false,
      },
    ],
    warehouses: [{ code: 'UME', name: 'Umeå', sum: 10_000, vat: 2_000 }],
    giftcards: [],
    issued_giftcards: [],
    summary: {
      quantity: 2,
      items_price: 10_000,
      shipping_price: 0,
      discount: 0,
      voucher_code: null,
      price: 10_000,
      vat: 2_000,
      price_excl_vat: 8_000,
      giftcard_amount: 0,
      to_pay: 10_000,
    },
  };
}

/** The receipt route with a loader, so revalidation reads `next()` again like the API. */
function renderReceipt(next: () => Order) {
  function Page() {
    const data = useLoaderData<{ order: Order }>();
    return <ReceiptPage data={{ order: data.order, shopPath: '/produkter' }} />;
  }
  const Stub = createRoutesStub([
    { path: '/kvitto/visa/:id', Component: Page, loader: () => ({ order: next() }) },
  ]);
  render(<Stub initialEntries={['/kvitto/visa/ord_abcdefghijklmnop']} />);
}

describe('ReceiptPage: card payment states', { timeout: 20_000 }, () => {
  it("says 'Betalningen behandlas' while pending and shows the outcome once the API has it", async () => {
    let reads = 0;
    renderReceipt(() => {
      reads++;
      return reads < 2 ? order({}, 'awaiting_payment') : order({ status: 'paid' }, 'paid');
    });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Betalningen behandlas');
    expect(status.textContent).toContain('Sidan uppdateras av sig själv.');
    // No claim that the confirmation was sent before the payment is through.
    expect(screen.queryByText(/En orderbekräftelse har skickats/)).toBeNull();

    expect(
      await screen.findByText(/Betalningen är genomförd: 100:- med kort/, undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(screen.getByText(/En orderbekräftelse har skickats/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tack för din beställning!');
  });

  it('tells that a failed payment cancelled the order', async () => {
    renderReceipt(() => order({ status: 'failed' }, 'cancelled'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Betalningen misslyckades',
    );
    expect(screen.getByRole('status').textContent).toContain('Ordern har avbrutits.');
    expect(screen.queryByText(/En orderbekräftelse har skickats/)).toBeNull();
  });

  it('shows no card notice for pay-in-store orders', async () => {
    renderReceipt(() =>
      order({ method: 'pay_in_store', label: 'Betala i butik', status: 'pay_at_pickup' }, 'placed'),
    );
    expect(await screen.findByText(/En orderbekräftelse har skickats/)).toBeTruthy();
    expect(screen.queryByText(/Betalningen behandlas/)).toBeNull();
  });

  it("shows a bought card's PIN until the confirmation went out, then points to the e-mail", async () => {
    const paid = order(
      { method: 'pay_in_store', label: 'Betala i butik', status: 'pay_at_pickup' },
      'placed',
    );
    renderReceipt(() => ({
      ...paid,
      issued_giftcards: [
        { number: '6037123456789012', pin: '4821', value: 25_000 },
        { number: '6037123456789020', pin: null, value: 25_000 },
      ],
    }));
    const cards = await screen.findByRole('region', { name: 'Dina presentkort' });
    expect(cards.textContent).toContain('PIN 4821');
    expect(cards.textContent).toContain('PIN-koden står i orderbekräftelsen');
    expect(cards.textContent).toContain(
      'visas PIN-koden bara tills orderbekräftelsen har skickats',
    );
  });
});

describe('ReceiptPage: excl. VAT for a trade order (issue 17)', () => {
  it('shows lines and totals excl. VAT, the VAT and the total incl. VAT, nothing mixed', async () => {
    const invoiced = order({ method: 'invoice', label: 'Faktura', status: 'invoiced' }, 'placed');
    renderReceipt(() => ({
      ...invoiced,
      shipping: { type: 2, label: 'Hemleverans', price: 49_900, address: null },
      summary: {
        ...invoiced.summary,
        shipping_price: 49_900,
        price: 59_900,
        vat: 11_980,
        price_excl_vat: 47_920,
        to_pay: 59_900,
      },
    }));
    const table = await screen.findByRole('table');
    expect(table.textContent).toContain('À-pris exkl. moms');
    expect(table.textContent).toContain('Summa exkl. moms');
    // The line: 100:- incl. VAT at 25 % is 80:- excl.
    expect(table.textContent).toContain('80:-');
    expect(table.textContent).not.toContain('100:-');
    const totals = screen.getByText('Summa exkl. moms', { selector: 'dt' }).closest('dl');
    const rows = [...(totals?.querySelectorAll('div') ?? [])].map((row) => row.textContent);
    expect(rows).toEqual([
      'Varor exkl. moms80:-',
      'Hemleverans exkl. moms399:20',
      'Summa exkl. moms479:20',
      'Moms119:80',
      'Totalt inkl. moms599:-',
    ]);
  });
});
