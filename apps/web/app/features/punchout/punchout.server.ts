import { CartSchema, type Cart } from '@bygg/contracts/cart';
import { CLIENT_ADDRESS_HEADER, ORGANISATION_HEADER } from '@bygg/contracts/common';
import { COOKIE_NAMES } from '@bygg/contracts/cookies';
import {
  PunchoutSessionSchema,
  PunchoutTransferSchema,
  type PunchoutSession,
  type PunchoutTransfer,
} from '@bygg/contracts/punchout';
import { apiFetch, readApiReply } from '~/lib/api-transport.server.ts';
import { parseCookieHeader } from '~/lib/cookies.server.ts';
import { getEnv } from '~/lib/env.server.ts';

const API_TIMEOUT_MS = 10_000;

/** Whether the browser holds a punch-out cookie (the API checks it; this only shapes pages). */
export function hasPunchoutCookie(request: Request): boolean {
  return parseCookieHeader(request.headers.get('cookie')).has(COOKIE_NAMES.punchout);
}

function call(request: Request, method: string, path: string, body?: unknown) {
  const env = getEnv();
  const headers = new Headers({
    accept: 'application/json',
    [ORGANISATION_HEADER]: env.organisation,
  });
  const cookie = request.headers.get('cookie');
  if (cookie) headers.set('cookie', cookie);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const client = request.headers.get(CLIENT_ADDRESS_HEADER);
  if (client) headers.set(CLIENT_ADDRESS_HEADER, client);
  return apiFetch(`${env.apiBaseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
  });
}

/** The API's Set-Cookie lines, passed on to the browser unchanged. */
function setCookies(response: Response): Headers {
  const headers = new Headers();
  for (const line of response.headers.getSetCookie()) headers.append('Set-Cookie', line);
  return headers;
}

async function messageOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? fallback;
}

export type PunchoutFailure = { ok: false; status: number; message: string };

/** OCI login of a purchasing system: the session cookie to set, or why it was refused. */
export async function openPunchout(
  request: Request,
  fields: { USERNAME: string; PASSWORD: string; HOOK_URL: string },
): Promise<{ ok: true; session: PunchoutSession; headers: Headers } | PunchoutFailure> {
  const response = await call(request, 'POST', '/api/v1.0/punchout/setup/', fields);
  if (response.status === 201) {
    const session = await readApiReply(response, PunchoutSessionSchema);
    return { ok: true, session, headers: setCookies(response) };
  }
  if ([400, 401, 403, 428].includes(response.status)) {
    return {
      ok: false,
      status: response.status,
      message: await messageOf(response, 'Inköpssystemet kunde inte öppna butiken.'),
    };
  }
  console.error('Punch-out setup answered', response.status);
  return { ok: false, status: 503, message: 'Punch-out fungerar inte just nu. Försök igen snart.' };
}

export async function punchoutSession(request: Request): Promise<PunchoutSession | null> {
  if (!hasPunchoutCookie(request)) return null;
  const response = await call(request, 'GET', '/api/v1.0/punchout/session/');
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Punch-out session answered ${response.status}`);
  return await readApiReply(response, PunchoutSessionSchema);
}

export async function punchoutCart(request: Request): Promise<Cart | null> {
  const response = await call(request, 'GET', '/api/v1.0/cart/current/');
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Cart answered ${response.status}`);
  return await readApiReply(response, CartSchema);
}

/** The cart as OCI fields (the session ends; its cookies are cleared by the headers). */
export async function transferPunchout(
  request: Request,
): Promise<{ ok: true; transfer: PunchoutTransfer; headers: Headers } | PunchoutFailure> {
  const response = await call(request, 'POST', '/api/v1.0/punchout/transfer/');
  if (response.ok) {
    const transfer = await readApiReply(response, PunchoutTransferSchema);
    return { ok: true, transfer, headers: setCookies(response) };
  }
  if ([401, 409, 428].includes(response.status)) {
    return {
      ok: false,
      status: response.status,
      message: await messageOf(response, 'Varukorgen kunde inte överföras.'),
    };
  }
  console.error('Punch-out transfer answered', response.status);
  return {
    ok: false,
    status: 503,
    message: 'Överföringen fungerar inte just nu. Försök igen snart.',
  };
}
