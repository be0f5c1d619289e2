import { LOGIN_FAILED_MESSAGE, ProffsUserSchema, type ProffsUser } from '@bygg/contracts/auth';
import { CLIENT_ADDRESS_HEADER, ORGANISATION_HEADER } from '@bygg/contracts/common';
import { COOKIE_NAMES, CSRF_HEADER } from '@bygg/contracts/cookies';
import { apiFetch, readApiReply } from '~/lib/api-transport.server.ts';
import { parseCookieHeader } from '~/lib/cookies.server.ts';
import { getEnv } from '~/lib/env.server.ts';

const API_TIMEOUT_MS = 10_000;
const SESSION_PATH = '/api/proffs/user';

/** The session calls of trade-area spec §7 (POST login/, GET me/, DELETE logout/). */
function callSessionApi(request: Request, method: string, path: string, body?: unknown) {
  const env = getEnv();
  const headers = new Headers({
    accept: 'application/json',
    [ORGANISATION_HEADER]: env.organisation,
  });
  const cookie = request.headers.get('cookie');
  if (cookie) headers.set('cookie', cookie);
  // Unsafe calls of a logged-in browser carry its CSRF token, read from its own cookie
  // (ADR 029); the API checks it against the session.
  const csrf = parseCookieHeader(cookie).get(COOKIE_NAMES.csrf);
  if (method !== 'GET' && csrf) headers.set(CSRF_HEADER, csrf);
  if (body !== undefined) headers.set('content-type', 'application/json');
  // The visitor's address, signed by the host that handed us the request: the API's login
  // limits count the visitor, not this server (issue 15). Passed on unread.
  const client = request.headers.get(CLIENT_ADDRESS_HEADER);
  if (client) headers.set(CLIENT_ADDRESS_HEADER, client);
  return apiFetch(`${env.apiBaseUrl}${SESSION_PATH}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
}

/** The API's Set-Cookie lines, passed on to the browser unchanged (the session cookie). */
function setCookies(response: Response): Headers {
  const headers = new Headers();
  for (const line of response.headers.getSetCookie()) headers.append('Set-Cookie', line);
  return headers;
}

export type LoginResult =
  | { ok: true; user: ProffsUser; headers: Headers }
  | { ok: false; status: 400 | 428 | 503; message: string };

export async function logIn(
  request: Request,
  credentials: { username: string; password: string },
): Promise<LoginResult> {
  let response: Response;
  try {
    response = await callSessionApi(request, 'POST', '/login/', credentials);
  } catch (error) {
    console.error('Login call failed:', error);
    return { ok: false, status: 503, message: UNAVAILABLE_MESSAGE };
  }
  if (response.status === 400) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, status: 400, message: body?.message ?? LOGIN_FAILED_MESSAGE };
  }
  if (response.status === 428)
    return { ok: false, status: 428, message: TOO_MANY_ATTEMPTS_MESSAGE };
  if (!response.ok) {
    console.error('Login call answered', response.status);
    return { ok: false, status: 503, message: UNAVAILABLE_MESSAGE };
  }
  const user = await readApiReply(response, ProffsUserSchema);
  return { ok: true, user, headers: setCookies(response) };
}

/** Logs out at the API; the answer's headers clear the session cookie. */
export async function logOut(request: Request): Promise<Headers> {
  try {
    return setCookies(await callSessionApi(request, 'DELETE', '/logout/'));
  } catch (error) {
    console.error('Logout call failed; clearing the cookie here:', error);
    const headers = new Headers();
    headers.append(
      'Set-Cookie',
      `${COOKIE_NAMES.session}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
    headers.append('Set-Cookie', `${COOKIE_NAMES.csrf}=; Path=/; Max-Age=0; SameSite=Lax`);
    return headers;
  }
}

export type PasswordCallResult =
  { ok: true } | { ok: false; status: 400 | 428 | 503; message: string };

/**
 * POST reset_password/ or set_user_password/ (ADR 029): 204 is done; a 400 or 428 carries the
 * API's Swedish message; anything else is the service being down.
 */
async function passwordCall(
  request: Request,
  path: '/reset_password/' | '/set_user_password/',
  body: unknown,
): Promise<PasswordCallResult> {
  let response: Response;
  try {
    response = await callSessionApi(request, 'POST', path, body);
  } catch (error) {
    console.error(`${path} call failed:`, error);
    return { ok: false, status: 503, message: PASSWORD_UNAVAILABLE_MESSAGE };
  }
  if (response.status === 204) return { ok: true };
  if (response.status === 400 || response.status === 428) {
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    return {
      ok: false,
      status: response.status,
      message: answer?.message ?? PASSWORD_UNAVAILABLE_MESSAGE,
    };
  }
  console.error(`${path} answered`, response.status);
  return { ok: false, status: 503, message: PASSWORD_UNAVAILABLE_MESSAGE };
}

/** Asks for a reset link to the address (the same answer whether or not it has an account). */
export function requestPasswordReset(request: Request, email: string) {
  return passwordCall(request, '/reset_password/', { email });
}

/** Sets the password of an e-mailed link's user. */
export function setUserPassword(request: Request, token: string, password: string) {
  return passwordCall(request, '/set_user_password/', { token, password });
}

export const PASSWORD_UNAVAILABLE_MESSAGE =
  'Det går inte att byta lösenord just nu. Försök igen om en stund.';

export type SessionUserSummary = Pick<ProffsUser, 'name' | 'role' | 'stores'>;

/**
 * The logged-in user from GET me/ (trade-area §7): the user on 200, null when nobody is
 * logged in (204, or no session cookie, in which case no call is made). A failed call throws.
 */
export async function loadTradeUser(request: Request): Promise<ProffsUser | null> {
  if (!parseCookieHeader(request.headers.get('cookie')).has(COOKIE_NAMES.session)) return null;
  const response = await callSessionApi(request, 'GET', '/me/');
  if (response.status === 204) return null;
  if (response.status !== 200) throw new Error(`me/ answered ${response.status}`);
  return readApiReply(response, ProffsUserSchema);
}

/**
 * The logged-in user for the header (trade-area §4: "the user is fetched once a session cookie
 * exists"): no call at all without the cookie; 204 or a failure is no user (a failure is
 * reported and the page goes on, spec §8).
 */
export async function loadSessionUser(request: Request): Promise<SessionUserSummary | null> {
  try {
    const user = await loadTradeUser(request);
    return user ? { name: user.name, role: user.role, stores: user.stores } : null;
  } catch (error) {
    console.error('Could not load the logged-in user; the page continues without it:', error);
    return null;
  }
}

export const UNAVAILABLE_MESSAGE = 'Inloggningen fungerar inte just nu. Försök igen om en stund.';

/** 428 from login/: too many tries from this visitor or on this account (ADR 021). */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'För många inloggningsförsök. Vänta en stund och försök igen.';
