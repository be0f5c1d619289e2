import { data, redirect } from 'react-router';
import { z } from 'zod';
import { COOKIE_NAMES, PREFERENCE_COOKIE_MAX_AGE_S } from '@bygg/contracts/cookies';
import type { Route } from './+types/resources.consent';
import { isSecureRequest, serializeCookie } from '~/lib/cookies.server.ts';
import { badRequest, LocalPathSchema, parseForm } from '~/lib/forms.server.ts';

const ConsentFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('accept-all'), redirectTo: LocalPathSchema.optional() }),
  z.object({
    intent: z.literal('save-choices'),
    // An unticked checkbox is not sent at all: missing means no marketing consent.
    marketing: z.enum(['true', 'false']).default('false'),
    redirectTo: LocalPathSchema.optional(),
  }),
]);

export function loader() {
  throw data(null, { status: 405, headers: { Allow: 'POST' } });
}

/**
 * The cookie dialog's answer (spec §3, §4): `bygg_consent=true` and `bygg_marketing` 'true'
 * or 'false', for a year. A plain form post (redirectTo given) goes back to its page; the
 * dialog's fetcher gets the saved values and the root loader revalidates.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, ConsentFormSchema);
  if (!parsed.success) {
    return badRequest(parsed.error.issues);
  }
  const form = parsed.data;
  const marketing = form.intent === 'accept-all' || form.marketing === 'true';
  const options = { maxAgeSeconds: PREFERENCE_COOKIE_MAX_AGE_S, secure: isSecureRequest(request) };
  const headers = new Headers();
  headers.append('Set-Cookie', serializeCookie(COOKIE_NAMES.consent, 'true', options));
  headers.append(
    'Set-Cookie',
    serializeCookie(COOKIE_NAMES.marketingConsent, String(marketing), options),
  );
  if (form.redirectTo) return redirect(form.redirectTo, { headers });
  return data({ consent: true, marketing }, { headers });
}
