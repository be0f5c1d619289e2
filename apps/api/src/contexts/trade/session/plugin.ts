import type { FastifyInstance } from 'fastify';
import { COOKIE_NAMES, SESSION_MAX_AGE_S } from '@bygg/contracts/cookies';
import type { UserRole } from '@bygg/contracts/auth';
import { decodeSession } from '@bygg/domain/session-cookie.server';
import type { AuthRepository } from './repository.ts';
import { checkCsrf, CsrfTokens } from './csrf.ts';
import { sessionIdHash } from './session-id.ts';

/** last_seen_at is written at most this often per session, so me/ stays one read. */
const TOUCH_INTERVAL_MS = 10 * 60_000;

/** The logged-in trade user behind a request's session cookie. */
export type SessionUser = {
  id: number;
  username: string;
  name: string;
  role: UserRole;
  companyId: number | null;
  organisationId: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The user of a valid session cookie whose account is still active and belongs to the
     * request's organisation; null for anonymous visitors and for every cookie that fails.
     */
    sessionUser: SessionUser | null;
    /** The hash of the session id of a correctly signed session cookie (logout revokes it). */
    sessionIdHash: string | null;
  }
}

/**
 * Reads the signed session cookie once per request. A correct signature is not enough: the
 * cookie's session id must name a live row of trade_sessions (issue 15), looked up with the
 * user's row in one query, so logout, a new password and deactivation end a session at once.
 * Requests without the cookie (almost all storefront traffic) cost nothing.
 */
export function registerSession(
  app: FastifyInstance,
  options: { secret: string; users: AuthRepository; publicUrl: string },
): void {
  const csrf = new CsrfTokens(options.secret);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionIdHash', null);
  // preValidation: the CSRF check answers 403 before a body is looked at.
  app.addHook('preValidation', async (request, reply) => {
    const token = request.cookies[COOKIE_NAMES.session];
    if (!token) return;
    const payload = decodeSession(token, options.secret, {
      maxAgeSeconds: SESSION_MAX_AGE_S,
      log: (message, reason) => request.log.warn({ reason }, message),
    });
    // Cookies from before server-side sessions carry no session id: they count for nothing.
    if (!payload?.session_id) return;
    const idHash = sessionIdHash(payload.session_id);
    request.sessionIdHash = idHash;
    const now = new Date();
    const found = await options.users.sessionUser(idHash, now);
    if (!found || found.user.organisationId !== request.organisation) return;
    request.sessionUser = found.user;
    const secure = request.protocol === 'https' || options.publicUrl.startsWith('https:');
    checkCsrf(request, reply, csrf, idHash, secure);
    if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      options.users.touchSession(idHash, now).catch((err: unknown) => {
        request.log.warn({ err }, 'could not record the session as seen');
      });
    }
  });
}
