import { data, redirect } from 'react-router';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import { loginPath } from '~/lib/paths.ts';
import { NO_STORE } from '~/lib/personal-page.ts';
import { loadTradeUser } from '~/lib/session-api.server.ts';
import { TradeRequestError } from '~/lib/trade-request.ts';
import type { StaffStore } from './staff-model.ts';

/**
 * The guard of the store staff's pages (issue 20): not logged in → /login and back; anyone
 * but staff of the store in the address → the not-found page. `namePrefix` is the
 * organisation's name prefix the store names lose (the route reads it).
 */
export async function requireStaffStore(
  request: Request,
  storeSlug: string | undefined,
  namePrefix: () => Promise<string>,
): Promise<StaffStore> {
  const user = await loadTradeUser(request).catch((error: unknown) => {
    console.error('Could not load the user for a store staff page:', error);
    throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPath(`${url.pathname}${url.search}`), {
      headers: { 'Cache-Control': NO_STORE },
    });
  }
  const store = user.stores.find((s) => s.slug === storeSlug);
  if (user.role !== 'staff' || !store) {
    throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  }
  const prefix = await namePrefix();
  return {
    user: { name: user.name },
    store: {
      eid: store.external_id,
      name: stripOrganisationPrefix(store.name, prefix),
      slug: store.slug,
    },
    otherStores: user.stores
      .filter((s) => s.id !== store.id)
      .map((s) => ({ name: stripOrganisationPrefix(s.name, prefix), slug: s.slug })),
  };
}

/** A page's id parameter: digits, else the not-found page. */
export function staffObjectId(id: string | undefined): string {
  if (!id || !/^\d{1,9}$/.test(id)) {
    throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  }
  return id;
}

/** The API's 404 of an object becomes the not-found page; anything else is thrown on. */
export function notFoundOrThrow(error: unknown): never {
  if (error instanceof TradeRequestError && error.status === 404) {
    throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  }
  throw error;
}
