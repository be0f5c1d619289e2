import { z } from 'zod';
import { QueryIdSchema } from '@bygg/contracts/input';
import { STORE_DRAWER_QUERY_COUNT } from '@bygg/domain/limits';
import type { Route } from './+types/resources.stores';
import { MAX_STORE_QUERY_LENGTH } from '~/features/stores/store-search.ts';
import {
  closestStoreSummaries,
  searchStoreSummaries,
  storeDetail,
  storeToday,
} from '~/features/stores/stores.server.ts';
import { ApiResponseError } from '~/lib/api.server.ts';
import { withInputRules } from '~/lib/forms.server.ts';

const SearchQuerySchema = z.object({
  q: z.string().max(MAX_STORE_QUERY_LENGTH).default(''),
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(STORE_DRAWER_QUERY_COUNT)
    .default(STORE_DRAWER_QUERY_COUNT),
});
const ClosestQuerySchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});
const DetailQuerySchema = z.object({ id: QueryIdSchema });

type Issues = z.core.$ZodIssue[];

function badRequest(issues: Issues): Response {
  return Response.json(
    {
      error: 'Ogiltig begäran',
      fields: issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    },
    { status: 400 },
  );
}

// Store data is the same for every visitor; a short browser cache spares repeated searches.
const HEADERS = { 'Cache-Control': 'private, max-age=60' };

/**
 * Store data for the selector and the drawer, read through the web server so the browser
 * needs neither the API's address nor its schemas: `?q=&count=` searches (spec §5),
 * `?latitude=&longitude=` finds the nearest store, `?id=` one store with its opening hours.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  try {
    if ('id' in params) {
      const parsed = withInputRules(DetailQuerySchema).safeParse(params);
      if (!parsed.success) return badRequest(parsed.error.issues);
      const store = await storeDetail(request, parsed.data.id);
      if (!store) return Response.json({ error: 'Butiken finns inte' }, { status: 404 });
      return Response.json({ store, today: storeToday() }, { headers: HEADERS });
    }
    if ('latitude' in params || 'longitude' in params) {
      const parsed = withInputRules(ClosestQuerySchema).safeParse(params);
      if (!parsed.success) return badRequest(parsed.error.issues);
      const stores = await closestStoreSummaries(request, parsed.data);
      return Response.json({ stores }, { headers: HEADERS });
    }
    const parsed = withInputRules(SearchQuerySchema).safeParse(params);
    if (!parsed.success) return badRequest(parsed.error.issues);
    const result = await searchStoreSummaries(request, parsed.data.q, parsed.data.count);
    return Response.json(result, { headers: HEADERS });
  } catch (error) {
    // The API refused what was asked (it checks more than this route does): bad input, no outage.
    if (error instanceof ApiResponseError && error.status === 400) {
      return Response.json({ error: 'Ogiltig begäran' }, { status: 400 });
    }
    // A search the visitor has typed past is aborted by the browser: nothing went wrong.
    if (!request.signal.aborted) {
      console.error('Could not load stores for the store selector or drawer:', error);
    }
    return Response.json(
      { error: 'Butikerna kunde inte hämtas' },
      { status: 502, headers: { 'Cache-Control': 'no-store' } },
    );
  }
}
