import { data } from 'react-router';
import { z } from 'zod';
import { PicklistPriceRequestSchema } from '@bygg/contracts/picklist';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import type { Route } from './+types/resources.picklist';
import { loadAllStores, storeNamePrefix } from '~/features/stores/stores.server.ts';
import { ApiResponseError } from '~/lib/api.server.ts';
import { getEnv } from '~/lib/env.server.ts';
import { badRequest } from '~/lib/forms.server.ts';
import { loadPicklistAccess } from '~/lib/picklist/picklist-access.server.ts';
import { fetchPricedPicklist } from '~/lib/picklist/picklist-api.server.ts';
import type { PicklistReply, PricedStore } from '~/lib/picklist/priced-picklist.ts';
import { readVisitor } from '~/lib/visitor.server.ts';

const HEADERS = { 'Cache-Control': 'no-store' };

/** A store route's picklist names its store by slug (the browser does not know its id). */
const StoreSlugSchema = z.object({
  store_slug: z
    .string()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ska vara en butiks slug')
    .optional(),
});

function failed() {
  return data<PicklistReply>({ status: 'failed' }, { status: 502, headers: HEADERS });
}

/**
 * Prices the picklist the browser keeps in local storage (POST, JSON: store_id or store_slug,
 * vat, lines), through the web server so the browser needs neither the API's address nor its
 * schemas. Failures are answered, not thrown, so the mini picklist shows its banner instead
 * of an error page. Where the picklist is switched off, or for a proffs user, there is no
 * route (404).
 */
export async function action({ request }: Route.ActionArgs) {
  const visitor = readVisitor(request, getEnv().sessionSecret);
  const access = await loadPicklistAccess(request, visitor, null);
  if (!access.root && !access.store) throw data(null, { status: 404 });
  const body: unknown = await request.json().catch(() => undefined);
  const slug = StoreSlugSchema.safeParse(body);
  const parsed = PicklistPriceRequestSchema.safeParse(body);
  if (!slug.success || !parsed.success) {
    return badRequest([...(slug.error?.issues ?? []), ...(parsed.error?.issues ?? [])]);
  }
  try {
    const [stores, prefix] = await Promise.all([loadAllStores(), storeNamePrefix(request)]);
    const wanted = slug.data.store_slug;
    const store =
      wanted === undefined
        ? stores.find((entry) => entry.id === parsed.data.store_id)
        : stores.find((entry) => entry.slug === wanted);
    if (wanted !== undefined && !store)
      return badRequest([{ path: ['store_slug'], message: 'Butiken finns inte' }]);
    const picklist = await fetchPricedPicklist(request, {
      ...parsed.data,
      store_id: store?.id ?? parsed.data.store_id,
    });
    const priced: PricedStore | null = store
      ? { id: store.id, slug: store.slug, name: stripOrganisationPrefix(store.name, prefix) }
      : null;
    return data<PicklistReply>({ status: 'ok', picklist, store: priced }, { headers: HEADERS });
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 404) {
      return data<PicklistReply>({ status: 'none-found' }, { headers: HEADERS });
    }
    console.error('Could not price the picklist:', error);
    return failed();
  }
}
