import { useOutletContext } from 'react-router';
import type { ProffsUser } from '@bygg/contracts/auth';
import type { CompanyRole, TradeRights } from '@bygg/contracts/trade/common';
import type { Variant } from '~/lib/paths.ts';

type UserStore = ProffsUser['stores'][number];

/** What the dashboard layout loads once for every dashboard page. */
export type DashboardData = {
  user: { name: string; company: string | null };
  /** The store this dashboard is for, its name without the organisation's prefix. */
  store: { name: string; slug: string; isCentral: boolean };
  /** The user's other stores, each with its own dashboard (trade-area §2: change the store). */
  otherStores: { name: string; href: string }[];
  /** The store's external id: the {eid} of every api/proffs/{eid}/ call. */
  eid: string;
  /** The user's role and rights in this store (store-customer/current/ access); the API enforces them. */
  access: { role: CompanyRole; rights: TradeRights };
  /** The company as this store's customer: its name and logo (the central lockup, §2). */
  customer: { name: string; logoUrl: string | null };
  /** Events not yet seen: the badge (polled in the browser every 60 s). */
  unseenCount: number;
};

/** Spec §9: notifications are polled every 60000 ms. */
export const NOTIFICATION_POLL_MS = 60_000;

/** Whether the user may use a function: administrators have every right. */
export function hasRight(access: DashboardData['access'], right: keyof TradeRights): boolean {
  return access.role === 'admin' || access.rights[right];
}

/**
 * The user's store a dashboard URL is for (trade-area §2, §6): the central store under
 * /rikskund, the store of the slug under /butiker/{storeslug}. null when it is not one of the
 * user's stores, which the guard answers with the not-found page.
 */
export function dashboardStore(stores: readonly UserStore[], variant: Variant): UserStore | null {
  if (variant.prefix === 'central') return stores.find((store) => store.is_central) ?? null;
  if (variant.prefix !== 'store') return null;
  return stores.find((store) => !store.is_central && store.slug === variant.storeSlug) ?? null;
}

/** The layout's data, in any page below the dashboard layout route. */
export function useDashboard(): DashboardData {
  return useOutletContext<DashboardData>();
}
