/**
 * The session payload carried by the signed session cookie (storefront.md §3 "Session
 * payload", trade-area.md §3) and its shape check. Pure: the codec that signs and
 * compresses it lives in session-cookie.server.ts.
 */

export interface SessionStoreRef {
  external_id: string;
}

export interface SessionPayload {
  /** external_id of every store where the user has a trade (proffs) account. */
  proffs_stores: string[];
  stores: SessionStoreRef[];
  user_id?: number | string;
  /**
   * The random id of the server-side session (issue 15): the API accepts the cookie only
   * while that session is live, so logout ends it even though the signature stays valid.
   */
  session_id?: string;
  username?: string;
  name?: string;
}

export const SESSION_LOG_MESSAGE = 'Problem parsing Session cookie:';

export type SessionPayloadCheck =
  { ok: true; payload: SessionPayload } | { ok: false; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that decoded JSON has the session shape and returns a clean copy holding only
 * the known fields, so nothing unexpected from the cookie reaches the rest of the app.
 */
export function validateSessionPayload(value: unknown): SessionPayloadCheck {
  if (!isRecord(value)) return { ok: false, reason: 'payload is not an object' };
  const { proffs_stores, stores, user_id, session_id, username, name } = value;
  if (!Array.isArray(proffs_stores) || !proffs_stores.every((id) => typeof id === 'string')) {
    return { ok: false, reason: 'proffs_stores must be a list of strings' };
  }
  if (
    !Array.isArray(stores) ||
    !stores.every((store) => isRecord(store) && typeof store.external_id === 'string')
  ) {
    return { ok: false, reason: 'stores must be a list of {external_id: string}' };
  }
  const payload: SessionPayload = {
    proffs_stores: [...proffs_stores],
    stores: stores.map((store) => ({ external_id: (store as SessionStoreRef).external_id })),
  };
  if (user_id !== undefined) {
    if (typeof user_id !== 'string' && !Number.isSafeInteger(user_id)) {
      return { ok: false, reason: 'user_id must be an integer or a string' };
    }
    payload.user_id = user_id as number | string;
  }
  for (const [key, field] of [
    ['session_id', session_id],
    ['username', username],
    ['name', name],
  ] as const) {
    if (field === undefined) continue;
    if (typeof field !== 'string') return { ok: false, reason: `${key} must be a string` };
    payload[key] = field;
  }
  return { ok: true, payload };
}
