import { describe, expect, it } from 'vitest';
import { effectiveRights } from './trade-rights.ts';

const none = { mayProjects: false, mayOffers: false, mayOrders: false, mayInvoices: false };

describe('effectiveRights', () => {
  it('gives an administrator every right, whatever the columns say', () => {
    expect(effectiveRights({ role: 'admin', ...none })).toEqual({
      role: 'admin',
      rights: { projects: true, offers: true, orders: true, invoices: true },
    });
  });

  it('gives an ordinary user the rights of the columns only', () => {
    expect(effectiveRights({ role: 'user', ...none, mayOrders: true })).toEqual({
      role: 'user',
      rights: { projects: false, offers: false, orders: true, invoices: false },
    });
  });

  it('makes any other role an ordinary user (an editor is no administrator)', () => {
    expect(effectiveRights({ role: 'editor', ...none }).role).toBe('user');
  });
});
