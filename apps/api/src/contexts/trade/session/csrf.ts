import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  COOKIE_NAMES,
  CSRF_FAILED_MESSAGE,
  CSRF_HEADER,
  SESSION_MAX_AGE_S,
} from '@bygg/contracts/cookies';
import { ForbiddenError } from '../../../kernel/errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROFFS_PREFIX = '/api/proffs/';
/** Calls that start a session: nothing to ride on before them, and they set the token. */
const EXEMPT = new Set(['/api/proffs/user/login/']);

/**
 * Double-submit CSRF tokens bound to the session (ADR 029): the token is an HMAC of the
 * session id's hash under a key of its own, so a cookie planted by a sibling subdomain (its
 * own token, or any string) never matches the victim's session. Stateless: nothing stored.
 */
export class CsrfTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`bygg csrf\0${secret}`).digest();
  }

  /** The token of the session whose id hashes to sessionHash. */
  forSession(sessionHash: string): string {
    return createHmac('sha256', this.key).update(sessionHash).digest('base64url');
  }

  matches(given: string | undefined, sessionHash: string): boolean {
    if (!given) return false;
    const expected = Buffer.from(this.forSession(sessionHash));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

/** Sets the token cookie: readable by scripts (the request helper copies it to the header). */
export function setCsrfCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(COOKIE_NAMES.csrf, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_MAX_AGE_S,
  });
}

function isCsrfChecked(request: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const path = request.url.split('?', 1)[0] ?? '';
  return path.startsWith(PROFFS_PREFIX) && !EXEMPT.has(path);
}

/**
 * For a request with a live session: refuses an unsafe api/proffs call whose header and
 * cookie are not both the session's token (403), and gives the browser the token cookie
 * when it lacks it. Requests without a session are left to the routes (401 where one is
 * needed): a forged cookie is no session, so it cannot be turned into a 403 here.
 */
export function checkCsrf(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: CsrfTokens,
  sessionHash: string,
  secure: boolean,
): void {
  const cookie = request.cookies[COOKIE_NAMES.csrf];
  const cookieOk = tokens.matches(cookie, sessionHash);
  // Given first, so that a refused call leaves the browser able to try again.
  if (!cookieOk) setCsrfCookie(reply, tokens.forSession(sessionHash), secure);
  if (!isCsrfChecked(request)) return;
  const header = request.headers[CSRF_HEADER.toLowerCase()];
  const headerOk = typeof header === 'string' && tokens.matches(header, sessionHash);
  if (!cookieOk || !headerOk) throw new ForbiddenError(CSRF_FAILED_MESSAGE);
}
