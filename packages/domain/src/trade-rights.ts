/** The four rights of an ordinary trade user (trade-area spec §3 "Roles"). */
export type TradeRightFlags = {
  projects: boolean;
  offers: boolean;
  orders: boolean;
  invoices: boolean;
};

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
 * The one rule for the guard, the users module and me/.
 */
export function effectiveRights(row: RightColumns): {
  role: 'admin' | 'user';
  rights: TradeRightFlags;
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
