import { data, redirect } from 'react-router';
import { z } from 'zod';
import { LoginBodySchema } from '@bygg/contracts/auth';
import {
  COOKIE_NAMES,
  PREFERENCE_COOKIE_MAX_AGE_S,
  StoreCookieSchema,
} from '@bygg/contracts/cookies';
import { isSecureRequest, parseCookieHeader, serializeCookie } from '~/lib/cookies.server.ts';
import { parseForm } from '~/lib/forms.server.ts';
import { safeRedirect } from '~/lib/safe-redirect.ts';
import { logIn, logOut } from '~/lib/session-api.server.ts';
import { preferredStore } from './preferred-store.ts';

/** Where to go after login when no (valid) `next` was given. */
export const DEFAULT_AFTER_LOGIN = '/';

const LoginFormSchema = z.discriminatedUnion('intent', [
  LoginBodySchema.extend({ intent: z.literal('login'), next: z.string().optional() }),
  z.object({ intent: z.literal('logout'), next: z.string().optional() }),
]);

/**
 * `next` is a path on this site only (lib/safe-redirect.ts): anything else would make the
 * login page an open redirect, so it falls back to '/'; so does the login page itself.
 */
export function safeNext(next: string | null | undefined): string {
  const path = safeRedirect(next, DEFAULT_AFTER_LOGIN);
  return path.startsWith('/login') ? DEFAULT_AFTER_LOGIN : path;
}

/** Trade-area spec §4: logging out on a proffs page returns to the store root. */
export function afterLogout(next: string): string {
  return /^\/(rikskund\/dashboard|kund\/|butiker\/[^/]+\/dashboard)/.test(next) ? '/' : next;
}

export type LoginActionData = {
  /** Shown above the form (role=alert). */
  formError: string | null;
  fieldErrors: Partial<Record<'username' | 'password', string>>;
  username: string;
};

/** The /login action: intent 'login' or 'logout'. */
export async function loginAction(request: Request) {
  const parsed = await parseForm(request, LoginFormSchema);
  if (!parsed.success) {
    const raw = parsed.error.issues;
    const fieldErrors: LoginActionData['fieldErrors'] = {};
    for (const issue of raw) {
      const field = issue.path[0];
      if ((field === 'username' || field === 'password') && !fieldErrors[field]) {
        fieldErrors[field] = issue.message;
      }
    }
    return data<LoginActionData>(
      { formError: 'Kontrollera fälten och försök igen.', fieldErrors, username: '' },
      { status: 400 },
    );
  }
  const form = parsed.data;
  const next = safeNext(form.next);
  if (form.intent === 'logout') {
    return redirect(safeRedirect(afterLogout(next)), { headers: await logOut(request) });
  }
  const result = await logIn(request, { username: form.username, password: form.password });
  if (!result.ok) {
    return data<LoginActionData>(
      { formError: result.message, fieldErrors: {}, username: form.username },
      { status: result.status },
    );
  }
  // Issue 17: the trade user's preferred store becomes the chosen store, so the header, the
  // prices and the cart are that store's from the first page (no 'Välj butik').
  const chosen = StoreCookieSchema.safeParse(
    parseCookieHeader(request.headers.get('cookie')).get(COOKIE_NAMES.store),
  );
  const store = preferredStore(result.user.stores, {
    next,
    chosenStoreId: chosen.success ? chosen.data : null,
  });
  if (store) {
    result.headers.append(
      'Set-Cookie',
      serializeCookie(COOKIE_NAMES.store, String(store.id), {
        maxAgeSeconds: PREFERENCE_COOKIE_MAX_AGE_S,
        secure: isSecureRequest(request),
      }),
    );
  }
  return redirect(next, { headers: result.headers });
}
