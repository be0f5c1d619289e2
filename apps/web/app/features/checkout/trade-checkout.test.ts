// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { splitName } from './trade-checkout.server.ts';
import { chosenProjectId, invoiceCredit, type TradeCheckout } from './trade-checkout.ts';

const trade = (over: Partial<TradeCheckout> = {}): TradeCheckout => ({
  prefill: {},
  invoiceAddress: null,
  credit: {
    credit_limit_ore: 100_000,
    open_invoices_ore: 40_000,
    available_ore: 60_000,
    payment_terms_days: 30,
  },
  hasAccountInCartStore: true,
  cartStoreExternalId: '1001',
  projects: [{ id: 7, number: 'P-1007', name: 'Altan Björk' }],
  ...over,
});

describe('invoiceCredit: the API rule shown before ordering (issue 17)', () => {
  it('fits up to what is left, and no further', () => {
    expect(invoiceCredit(trade(), 60_000)).toEqual({ kind: 'fits', availableOre: 60_000 });
    expect(invoiceCredit(trade(), 60_001)).toEqual({ kind: 'exceeds', availableOre: 60_000 });
  });

  it('has no limit without one, and no invoice without an account in the store', () => {
    const unlimited = trade({
      credit: {
        credit_limit_ore: null,
        open_invoices_ore: 0,
        available_ore: null,
        payment_terms_days: 30,
      },
    });
    expect(invoiceCredit(unlimited, 10 ** 9)).toEqual({ kind: 'unlimited' });
    expect(invoiceCredit(trade({ hasAccountInCartStore: false }), 1)).toEqual({
      kind: 'no-account',
    });
    expect(invoiceCredit(trade({ credit: null }), 1)).toEqual({ kind: 'unknown' });
  });
});

describe('splitName', () => {
  it('takes the last word as the surname', () => {
    expect(splitName('Anna Lindqvist')).toEqual({ firstName: 'Anna', lastName: 'Lindqvist' });
    expect(splitName(' Karl Erik  Berg ')).toEqual({ firstName: 'Karl Erik', lastName: 'Berg' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('chosenProjectId: only an offered project goes with the order (issue 18)', () => {
  it('gives the id of an offered project, null for none or another', () => {
    const { projects } = trade();
    expect(chosenProjectId(projects, '7')).toBe(7);
    expect(chosenProjectId(projects, '')).toBeNull();
    expect(chosenProjectId(projects, '8')).toBeNull();
  });
});
