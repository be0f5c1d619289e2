import { data, redirect } from 'react-router';
import { z } from 'zod';
import {
  COOKIE_NAMES,
  PREFERENCE_COOKIE_MAX_AGE_S,
  StoreCookieSchema,
} from '@bygg/contracts/cookies';
import type { Route } from './+types/resources.store-choice';
import { withoutStoreParam } from '~/features/stores/store-search.ts';
import { storeDetail } from '~/features/stores/stores.server.ts';
import { isSecureRequest, serializeCookie } from '~/lib/cookies.server.ts';
import { badRequest, LocalPathSchema, parseForm } from '~/lib/forms.server.ts';

const StoreChoiceFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('choose-store'),
    storeId: StoreCookieSchema,
    redirectTo: LocalPathSchema.default('/'),
  }),
  z.object({ intent: z.literal('reset'), redirectTo: LocalPathSchema.default('/') }),
]);

export function loader() {
  throw data(null, { status: 405, headers: { Allow: 'POST' } });
}

/**
 * The store choice (spec §4): intent 'choose-store' writes the store cookie with the store's
 * id, intent 'reset' deletes it; both send the visitor back to the page they were on, where
 * every loader runs again for the new store.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, StoreChoiceFormSchema);
  if (!parsed.success) {
    return badRequest(parsed.error.issues);
  }
  const secure = isSecureRequest(request);
  const form = parsed.data;
  if (form.intent === 'reset') {
    return redirect(withoutStoreParam(form.redirectTo), {
      headers: {
        'Set-Cookie': serializeCookie(COOKIE_NAMES.store, '', { maxAgeSeconds: 0, secure }),
      },
    });
  }
  // Only a store the API knows goes into the cookie.
  const store = await storeDetail(request, form.storeId);
  if (!store) return badRequest([{ path: ['storeId'], message: 'Butiken finns inte' }]);
  return redirect(withoutStoreParam(form.redirectTo), {
    headers: {
      'Set-Cookie': serializeCookie(COOKIE_NAMES.store, String(store.id), {
        maxAgeSeconds: PREFERENCE_COOKIE_MAX_AGE_S,
        secure,
      }),
    },
  });
}
