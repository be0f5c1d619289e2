import type { z } from 'zod';
import {
  COOKIE_NAMES,
  ConsentCookieSchema,
  SESSION_MAX_AGE_S,
  StoreCookieSchema,
} from '@bygg/contracts/cookies';
import type { SessionPayload } from '@bygg/domain/session-cookie';
import { decodeSession } from '@bygg/domain/session-cookie.server';
import { parseModeCookie } from '@bygg/domain/vat-display';
import type { Mode } from '@bygg/domain/vat-display';
import { parseCookieHeader } from './cookies.server.ts';

/** What the visitor's cookies say, read once per request in the root loader. */
export type Visitor = {
  /** The last B2B/B2C choice, or null when the toggle was never used. */
  modeCookie: Mode | null;
  /** The chosen store's id, or null. */
  storeId: number | null;
  /** null until the consent dialog has been answered. */
  consent: boolean | null;
  marketingConsent: boolean | null;
  /** The decoded session; null when missing, tampered, expired or malformed. */
  session: SessionPayload | null;
};

/** A cookie that fails its schema counts as not set. */
function parsed<S extends z.ZodType>(schema: S, value: string | undefined): z.output<S> | null {
  if (value === undefined) return null;
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

export function readVisitor(request: Request, sessionSecret: string): Visitor {
  const cookies = parseCookieHeader(request.headers.get('cookie'));
  return {
    modeCookie: parseModeCookie(cookies.get(COOKIE_NAMES.mode)),
    storeId: parsed(StoreCookieSchema, cookies.get(COOKIE_NAMES.store)),
    consent: parsed(ConsentCookieSchema, cookies.get(COOKIE_NAMES.consent)),
    marketingConsent: parsed(ConsentCookieSchema, cookies.get(COOKIE_NAMES.marketingConsent)),
    // Decoded here on the server only: the cookie is HttpOnly and the secret never leaves.
    // A bad cookie logs 'Problem parsing Session cookie:' (the codec's logger) and is no session.
    session: decodeSession(cookies.get(COOKIE_NAMES.session), sessionSecret, {
      maxAgeSeconds: SESSION_MAX_AGE_S,
    }),
  };
}
