import { data } from 'react-router';
import type { Route } from './+types/resources.cart';
import { apiFor } from '~/lib/api.server.ts';

/**
 * The mini cart's data, read through the web server so the browser needs neither the API's
 * address nor its schemas. Failures are returned (not thrown) so the header shows them in the
 * drawer instead of replacing the page with an error screen.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'no-store' };
  try {
    return data({ cart: await apiFor(request).currentCart(), failed: false }, { headers });
  } catch (error) {
    console.error('Could not load the current cart:', error);
    return data({ cart: null, failed: true }, { status: 502, headers });
  }
}
