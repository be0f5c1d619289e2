import type { FastifyInstance } from 'fastify';
import { COOKIE_NAMES, SESSION_MAX_AGE_S } from '@bygg/contracts/cookies';
import type { UserRole } from '@bygg/contracts/auth';
import { decodeSession } from '@bygg/domain/session-cookie.server';
import type { AuthRepository } from './repository.ts';

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
  }
}

/**
 * Reads the signed session cookie once per request. The user row is looked up every time so a
 * deactivated account loses access at once, not when its cookie expires. Requests without the
 * cookie (almost all storefront traffic) cost nothing.
 */
export function registerSession(
  app: FastifyInstance,
  options: { secret: string; users: AuthRepository },
): void {
  app.decorateRequest('sessionUser', null);
  app.addHook('preHandler', async (request) => {
    const token = request.cookies[COOKIE_NAMES.session];
    if (!token) return;
    const payload = decodeSession(token, options.secret, {
      maxAgeSeconds: SESSION_MAX_AGE_S,
      log: (message, reason) => request.log.warn({ reason }, message),
    });
    if (!payload || payload.user_id === undefined) return;
    const id = Number(payload.user_id);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    const user = await options.users.activeUser(id);
    if (!user || user.organisationId !== request.organisation) return;
    request.sessionUser = user;
  });
}
