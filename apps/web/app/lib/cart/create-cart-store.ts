import type { OrganisationId } from '@bygg/contracts/common';
import { trackEcommerce } from '~/lib/analytics/ecommerce-events.ts';
import { createCartClient } from './cart-client.ts';
import { CartStore } from './cart-store.ts';

/**
 * The shell's real cart store with the same-origin API client. Imported with import() by
 * the cart provider (see lazy-cart-store.ts), so this module and what it imports form a
 * chunk of their own outside the first load.
 */
export function createCartStore(organisation: OrganisationId, allowed: boolean): CartStore {
  return new CartStore({
    client: createCartClient({ organisation }),
    openMiniCart: () => {},
    track: (event) => void trackEcommerce(event),
    allowed,
  });
}
