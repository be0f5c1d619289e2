import { data, redirect } from 'react-router';
import { z } from 'zod';
import {
  COOKIE_NAMES,
  ModeCookieSchema,
  PREFERENCE_COOKIE_MAX_AGE_S,
} from '@bygg/contracts/cookies';
import type { Route } from './+types/resources.mode';
import { isSecureRequest, serializeCookie } from '~/lib/cookies.server.ts';
import { badRequest, LocalPathSchema, parseForm } from '~/lib/forms.server.ts';
import { safeRedirect } from '~/lib/safe-redirect.ts';
import { modeTogglePath } from '~/lib/paths.ts';
import { loadOrganisation } from '~/lib/shell-data.server.ts';

const ModeFormSchema = z.object({
  intent: z.literal('set-mode'),
  mode: ModeCookieSchema,
  redirectTo: LocalPathSchema.default('/'),
});

export function loader() {
  throw data(null, { status: 405, headers: { Allow: 'POST' } });
}

/**
 * The 'Företag' / 'Privat' toggle (spec §2): writes the B2B/B2C mode cookie and follows the
 * current page into the other mode's prefix where the page has one (lib/paths.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, ModeFormSchema);
  if (!parsed.success) {
    return badRequest(parsed.error.issues);
  }
  const organisation = await loadOrganisation(request);
  if (!organisation.b2bPages) throw data(null, { status: 404 });
  const { mode, redirectTo } = parsed.data;
  // The toggle rewrites the prefix: the result is checked again (lib/safe-redirect.ts).
  return redirect(safeRedirect(modeTogglePath(redirectTo, mode)), {
    headers: {
      'Set-Cookie': serializeCookie(COOKIE_NAMES.mode, mode, {
        maxAgeSeconds: PREFERENCE_COOKIE_MAX_AGE_S,
        secure: isSecureRequest(request),
      }),
    },
  });
}
