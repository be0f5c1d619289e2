import { z } from 'zod';
import { QueryIdSchema } from './input.ts';

/**
 * Cookies shared by the web server and the API (storefront spec §7 "Browser storage": the
 * names are not shown there, so they are ours). Values follow the spec: mode B2B/B2C,
 * consent flags as the strings 'true'/'false'.
 */
export const COOKIE_NAMES = {
  /** B2B/B2C mode written by the 'Företag'/'Privat' toggle. */
  mode: 'bygg_mode',
  /** The chosen store's numeric id (the id the API's store_id parameters take). */
  store: 'bygg_store',
  /** Cookie consent given at all (the dialog was answered). */
  consent: 'bygg_consent',
  /** Marketing and statistics consent. */
  marketingConsent: 'bygg_marketing',
  /** The signed session (domain/session-cookie.server.ts); Django's default name. HttpOnly. */
  session: 'sessionid',
  /**
   * Set by the API at a successful login (HttpOnly): this browser has logged into that account
   * before, so failed tries of others on the account do not lock it out (ADR 021).
   */
  knownLogin: 'bygg_known_login',
  /**
   * The CSRF token of a session (Django's name): readable by scripts, SameSite=Lax. The API
   * sets it at login and whenever a live session lacks it; every unsafe api/proffs call of a
   * logged-in user sends its value in CSRF_HEADER (ADR 029).
   */
  csrf: 'csrftoken',
  /** The end customer's project token (trade-area §2 /kund/… views), sent as a bearer value. */
  projectToken: 'bygg_project_token',
  /**
   * An open OCI punch-out session (issue 22, ADR 043): the signed random token, HttpOnly.
   * While it is set the shop is in punch-out mode and the checkout is closed.
   */
  punchout: 'bygg_punchout',
} as const;

/** The header that carries the CSRF token cookie's value on unsafe api/proffs calls. */
export const CSRF_HEADER = 'X-CSRFToken';

/** The JSON message of the 403 for a missing or wrong CSRF token. */
export const CSRF_FAILED_MESSAGE =
  'Säkerhetskontrollen misslyckades. Ladda om sidan och försök igen.';

/**
 * Used by both the API and the web server when SESSION_SECRET is unset, so a development
 * start reads its own sessions; a production start without SESSION_SECRET logs a warning.
 */
export const DEV_SESSION_SECRET = 'bygg-dev-session-secret-change-me-in-production-0000';

/** Sessions older than this are refused even with a valid signature (Django's default age). */
export const SESSION_MAX_AGE_S = 14 * 24 * 60 * 60;

export const ModeCookieSchema = z.enum(['B2B', 'B2C']);
export const StoreCookieSchema = QueryIdSchema;
export const ConsentCookieSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** One year: the mode, store and consent choices are long-lived preferences. */
export const PREFERENCE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
