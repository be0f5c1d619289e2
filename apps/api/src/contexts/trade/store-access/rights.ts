import type { TradeRights } from '@bygg/contracts/trade/common';

/** A user row's right columns, as the trade_users table has them. */
export type RightColumns = {
  role: string;
  mayProjects: boolean;
  mayOffers: boolean;
  mayOrders: boolean;
  mayInvoices: boolean;
};

/**
 * The company role and rights a user row grants: only a customer administrator is an
 * administrator, and an administrator has every right whatever the columns say (ADR 026).
 */
export function effectiveRights(row: RightColumns): {
  role: 'admin' | 'user';
  rights: TradeRights;
} {
  const admin = row.role === 'admin';
  return {
    role: admin ? 'admin' : 'user',
    rights: {
      projects: admin || row.mayProjects,
      offers: admin || row.mayOffers,
      orders: admin || row.mayOrders,
      invoices: admin || row.mayInvoices,
    },
  };
}
