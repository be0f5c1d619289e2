import { data } from 'react-router';
import { ConfiguratorQuoteSchema, type ConfiguratorQuote } from '@bygg/contracts/configurator';
import { ApiResponseError, visitorGet } from '~/lib/api.server.ts';
import { pageLoadFailure } from '~/lib/page-load.server.ts';

export const SELECTION_KEYS = ['width', 'height', 'glazing', 'depth', 'opening', 'colour'] as const;

export type Selection = Record<(typeof SELECTION_KEYS)[number], string>;

export type ConfiguratorLoad = {
  quote: ConfiguratorQuote;
  /** The choices shown as chosen: the URL's, or the quote's. */
  selection: Selection;
  /** The window asked for in the URL could not be made: the API's reasons (the page shows the default's steps). */
  refusal: string | null;
};

export function selectionOf(quote: ConfiguratorQuote): Selection {
  const s = quote.selection;
  return {
    width: String(s.width),
    height: String(s.height),
    glazing: s.glazing,
    depth: s.depth,
    opening: s.opening,
    colour: s.colour,
  };
}

/**
 * The configurator's data for a page render: the window of the URL's choices (a GET form, so
 * the page works before its JavaScript runs), or the default window. A choice the rules refuse
 * is shown with the API's reason next to the brand's default window.
 */
export async function loadConfigurator(
  request: Request,
  brand: string,
  storeId: number | null,
): Promise<ConfiguratorLoad> {
  const get = visitorGet(request);
  const url = new URL(request.url);
  const store = storeId === null ? '' : `store_id=${storeId}`;
  const asked = SELECTION_KEYS.every((key) => url.searchParams.get(key));
  if (asked) {
    const query = new URLSearchParams(
      SELECTION_KEYS.map((k) => [k, url.searchParams.get(k) ?? '']),
    );
    if (store) query.set('store_id', String(storeId));
    try {
      const quote = await get(
        `/api/v2.0/configurators/${brand}/quote/?${query.toString()}`,
        ConfiguratorQuoteSchema,
      );
      return { quote, selection: selectionOf(quote), refusal: null };
    } catch (error) {
      if (!(error instanceof ApiResponseError) || error.status !== 400) {
        return pageLoadFailure('the window configurator')(error);
      }
      const body = (await error.response.json().catch(() => null)) as { message?: string } | null;
      const start = await get(
        `/api/v2.0/configurators/${brand}/${store ? `?${store}` : ''}`,
        ConfiguratorQuoteSchema,
      ).catch(pageLoadFailure('the window configurator'));
      const selection = Object.fromEntries(
        SELECTION_KEYS.map((k) => [k, url.searchParams.get(k) ?? '']),
      ) as Selection;
      return { quote: start, selection, refusal: body?.message ?? 'Fönstret kan inte göras så.' };
    }
  }
  const quote = await get(
    `/api/v2.0/configurators/${brand}/${store ? `?${store}` : ''}`,
    ConfiguratorQuoteSchema,
  ).catch(pageLoadFailure('the window configurator'));
  if (!quote) throw data(null, { status: 404 });
  return { quote, selection: selectionOf(quote), refusal: null };
}
