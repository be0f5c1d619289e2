import { createContext, useContext } from 'react';
import type { OrganisationId } from '@bygg/contracts/common';
import type { PicklistVatMode } from '@bygg/contracts/picklist';
import { modeFromPath } from '@bygg/domain/vat-display';
import { variantFromPath } from '../paths.ts';

/**
 * Where the picklist exists (storefront spec §4, §6): the flags picklistRoot (plain and
 * /foretag paths) and picklistStore (/butiker/{slug}/…), never in the central /rikskund
 * area and never for a logged-in proffs user. A place where it does not exist has no route,
 * no link and no call.
 */
export type PicklistAccess = {
  organisation: OrganisationId;
  /** picklistRoot is on and the visitor is not a logged-in proffs user. */
  root: boolean;
  /** picklistStore is on and the visitor is not a logged-in proffs user. */
  store: boolean;
  /** The business-pages flag: /foretag/ paths price excl. VAT (spec §2, §6). */
  b2bPages: boolean;
  /** The store in the visitor's store cookie, if any: the default store to price for. */
  chosenStoreId: number | null;
};

export const NO_PICKLIST: PicklistAccess = {
  organisation: 'store-chain',
  root: false,
  store: false,
  b2bPages: false,
  chosenStoreId: null,
};

/** Provided once by the root route; read by the 'Till plocklistan' button and the header. */
export const PicklistAccessContext = createContext<PicklistAccess>(NO_PICKLIST);

export function usePicklistAccess(): PicklistAccess {
  return useContext(PicklistAccessContext);
}

export type PicklistPlace =
  { kind: 'central' } | { kind: 'store'; storeSlug: string } | { kind: 'root'; b2b: boolean };

/** Which picklist context a path is in. */
export function picklistPlace(pathname: string, b2bPages: boolean): PicklistPlace {
  const variant = variantFromPath(pathname);
  if (variant.prefix === 'central') return { kind: 'central' };
  if (variant.prefix === 'store') return { kind: 'store', storeSlug: variant.storeSlug };
  return { kind: 'root', b2b: modeFromPath(pathname, { b2bPagesEnabled: b2bPages }) === 'B2B' };
}

export function isPicklistShown(access: PicklistAccess, pathname: string): boolean {
  const place = picklistPlace(pathname, access.b2bPages);
  if (place.kind === 'central') return false;
  return place.kind === 'store' ? access.store : access.root;
}

export function isPicklistPage(pathname: string): boolean {
  return /(^|\/)plocklista\/?$/.test(pathname);
}

/** Spec §4: the picklist is priced excl. VAT on b2b paths, incl. VAT everywhere else. */
export function picklistVatMode(pathname: string, b2bPages: boolean): PicklistVatMode {
  const place = picklistPlace(pathname, b2bPages);
  return place.kind === 'root' && place.b2b ? 'excl' : 'incl';
}
