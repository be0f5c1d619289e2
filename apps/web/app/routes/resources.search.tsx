import { z } from 'zod';
import { SEARCH_PREVIEW_COUNT } from '@bygg/contracts/search';
import type { Route } from './+types/resources.search';
import { loadGroupedSearch } from '~/features/search/search.server.ts';
import { loadAllStores } from '~/features/stores/stores.server.ts';
import { catalogContext } from '~/lib/catalog-context.server.ts';
import { badRequest, LocalPathSchema, withInputRules } from '~/lib/forms.server.ts';
import { variantFromPath } from '~/lib/paths.ts';
import { MAX_SEARCH_QUERY_LENGTH } from '~/lib/search-groups.ts';
import { loadOrganisation } from '~/lib/shell-data.server.ts';

const PreviewQuerySchema = z.object({
  q: z.string().max(MAX_SEARCH_QUERY_LENGTH, `högst ${MAX_SEARCH_QUERY_LENGTH} tecken`),
  /** The page the box is on: its store, central or business variant decides links and stock. */
  sida: LocalPathSchema.default('/'),
});

/** The store of a /butiker/{slug}/… page: that store's shop (spec §2). */
function storeSlugOf(pathname: string): string | undefined {
  const variant = variantFromPath(pathname);
  return variant.prefix === 'store' ? variant.storeSlug : undefined;
}

/**
 * The header preview's data (spec §4): the grouped search, 3 per group, for the variant of
 * the page the visitor is on, plus where its landing page is. Read through the web server so
 * the browser needs neither the API's address nor its store and price-mode rules.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = withInputRules(PreviewQuerySchema).safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!parsed.success) return badRequest(parsed.error.issues);
  const organisation = await loadOrganisation(request);
  if (!organisation.flags.search)
    return Response.json({ error: 'Sök finns inte' }, { status: 404 });
  const { q, sida } = parsed.data;
  // The variant is read from the visitor's page, with the visitor's own cookies.
  const pageRequest = (path: string) =>
    new Request(new URL(path, request.url), { headers: request.headers, signal: request.signal });
  const context = await catalogContext(pageRequest(sida), {
    storeSlug: storeSlugOf(new URL(sida, request.url).pathname),
    stores: loadAllStores,
  }).catch(() =>
    // An unknown store slug (a 404 page): search the plain storefront instead.
    catalogContext(pageRequest('/'), { storeSlug: undefined, stores: loadAllStores }),
  );
  try {
    const result = await loadGroupedSearch(request, context, q.trim(), SEARCH_PREVIEW_COUNT);
    return Response.json(
      { ...result, base: context.paths.search() },
      // Per visitor (store and price mode come from cookies); short, to spare retyping.
      { headers: { 'Cache-Control': 'private, max-age=60' } },
    );
  } catch (error) {
    console.error('Could not load the search preview:', error);
    return Response.json({ error: 'Sökningen kunde inte genomföras' }, { status: 503 });
  }
}
