import { describe, expect, it, vi } from 'vitest';
import { TradeRequestError, type TradeResponse } from '~/lib/trade-request.ts';
import { refusalOrThrow } from './dashboard-store.server.ts';
import { invoiceFilters } from './invoices-page.tsx';

function failed(status: number, body: unknown): TradeRequestError {
  const response = { status, ok: false, data: body } as TradeResponse;
  return new TradeRequestError('http://api.test/x/', 'GET', response);
}

async function statusOf(thrown: () => unknown): Promise<number> {
  try {
    thrown();
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
  return 0;
}

describe('a failed trade call on a dashboard page', () => {
  it("shows the API's refusal for 403, in Swedish", () => {
    expect(
      refusalOrThrow(failed(403, { message: 'Ditt konto är begränsat till en annan region' })),
    ).toEqual({
      refused: 'Ditt konto är begränsat till en annan region',
    });
    expect(refusalOrThrow(failed(403, null)).refused).toBe(
      'Du har inte behörighet till den här funktionen',
    );
  });

  it('is the not-found page for 400 and 404, an outage otherwise', async () => {
    expect(await statusOf(() => refusalOrThrow(failed(404, null)))).toBe(404);
    expect(await statusOf(() => refusalOrThrow(failed(400, null)))).toBe(404);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await statusOf(() => refusalOrThrow(failed(500, null)))).toBe(503);
    expect(await statusOf(() => refusalOrThrow(new Error('network')))).toBe(503);
    // An outage is reported.
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});

describe('the invoice filters in the address', () => {
  it('maps the Swedish parameters to the API query and leaves empty ones out', () => {
    const { values, query } = invoiceFilters(
      new URLSearchParams('fran=2026-01-01&till=&status=paid&order=W100012&projekt=7'),
    );
    expect(values).toEqual({
      fran: '2026-01-01',
      till: '',
      status: 'paid',
      order: 'W100012',
      projekt: '7',
    });
    expect(query).toEqual({
      date_from: '2026-01-01',
      status: 'paid',
      order_id: '12',
      project_id: '7',
    });
  });

  it('takes an order id as it is', () => {
    expect(invoiceFilters(new URLSearchParams('order=12')).query).toEqual({ order_id: '12' });
  });
});
