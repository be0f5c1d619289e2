import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../../kernel/errors.ts';
import type { SessionUser } from '../../trade/index.ts';

/**
 * Who may use the editor overlay (trade-area spec §6: "available only if permitted … which
 * product roles that maps to is not shown"). Only the chain's content editors: the trade
 * role 'admin' is a customer company's administrator, not staff of the shop, so it gets no
 * say over the shop's texts.
 */
export function canEditContent(user: SessionUser | null): user is SessionUser {
  return user?.role === 'editor';
}

/** Guard for every editor write and read: anonymous and other roles get 403. */
export function requireEditor(request: FastifyRequest): SessionUser {
  const user = request.sessionUser;
  if (!canEditContent(user)) {
    throw new ForbiddenError('Endast redaktörer kan redigera innehållet');
  }
  return user;
}
