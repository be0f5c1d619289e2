import type { Picklist, PicklistVatMode } from '@bygg/contracts/picklist';
import type { PicklistLine } from './picklist-store.ts';

/** Which store to price for: by id (the chosen or picked store) or by a store route's slug. */
export type PicklistStoreRef = { id: number } | { slug: string } | null;

/** The store the reply was priced for, named for the heading ('Priser för …'). */
export type PricedStore = { id: number; name: string; slug: string };

/** The resource route that prices the browser's lines through the web server. */
export const PICKLIST_RESOURCE_PATH = '/resurser/plocklista';

/**
 * The resource route's answers. 'none-found' is the API's 'No products found' (spec §8):
 * every stored article is gone, which the shopper can fix, unlike a failed load.
 */
export type PicklistReply =
  | { status: 'ok'; picklist: Picklist; store: PricedStore | null }
  | { status: 'none-found' }
  | { status: 'failed' };

export class PicklistLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PicklistLoadError';
  }
}

/** Asks the web server to price the lines; throws PicklistLoadError on any failure. */
export async function requestPricedPicklist(
  lines: readonly PicklistLine[],
  options: { store: PicklistStoreRef; vat: PicklistVatMode; signal?: AbortSignal },
): Promise<Exclude<PicklistReply, { status: 'failed' }>> {
  let response: Response;
  try {
    response = await fetch(PICKLIST_RESOURCE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        ...(options.store === null
          ? { store_id: null }
          : 'id' in options.store
            ? { store_id: options.store.id }
            : { store_slug: options.store.slug }),
        vat: options.vat,
        lines: lines.map((line) => ({ article_id: line.article_id, quantity: line.quantity })),
      }),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new PicklistLoadError(`The picklist could not be priced: ${String(error)}`);
  }
  const reply = (await response.json().catch(() => null)) as PicklistReply | null;
  if (!response.ok || !reply || reply.status === 'failed') {
    throw new PicklistLoadError(`The picklist could not be priced (HTTP ${response.status})`);
  }
  return reply;
}
