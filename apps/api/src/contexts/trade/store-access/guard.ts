import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@bygg/db/client';
import { belongsToStore } from '@bygg/domain/stores';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../../kernel/errors.ts';
import type { SessionUser } from '../session/plugin.ts';
import { AuthRepository, type UserStoreRow } from '../session/repository.ts';

/** Where every store-scoped trade call lives (trade-area spec: api/proffs/{eid}/…). */
export const PROFFS_STORE_PREFIX = '/api/proffs/:eid';

export const NOT_A_MEMBER_MESSAGE = 'Du har inte behörighet till den här butiken';

/** A store as the trade area's handlers see it. */
export type TradeStore = UserStoreRow;

/** Who is calling, in which store: what a handler under api/proffs/{eid}/ works with. */
export type TradeAccess = { user: SessionUser; store: TradeStore };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the store-membership guard for every route under api/proffs/{eid}/. */
    trade: TradeAccess | null;
  }
}

/**
 * The store-membership guard (a preHandler): no session 401; {eid} not the external id of a
 * store of the request's organisation that the user belongs to 403 (an unknown eid too, so
 * the answer does not tell which stores exist); else request.trade is set. It runs after the
 * session hook (both are preHandlers), which has already checked that the user is active and
 * of this organisation; request validation (400) comes before both, as for every route.
 */
export function storeMembershipGuard(users: AuthRepository) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = request.sessionUser;
    if (!user) throw new UnauthorizedError();
    const eid = (request.params as { eid?: unknown }).eid;
    if (typeof eid !== 'string') throw new ForbiddenError(NOT_A_MEMBER_MESSAGE);
    // trade_user_stores today; the accounts model of the trade issues answers it from the
    // company's store customers.
    const stores = await users.stores(user.id, request.organisation);
    // The membership rule of packages/domain, on the user's stores as the database has them
    // now (not as a session snapshot has them).
    const proffsStores = stores.map((store) => store.externalId);
    const store = belongsToStore({ proffs_stores: proffsStores, stores: [] }, eid)
      ? stores.find((s) => s.externalId === eid)
      : undefined;
    if (!store) throw new ForbiddenError(NOT_A_MEMBER_MESSAGE);
    request.trade = { user, store };
  };
}

/** request.trade in a handler under api/proffs/{eid}/ (the guard has run). */
export function tradeAccess(request: FastifyRequest): TradeAccess {
  if (!request.trade) throw new UnauthorizedError();
  return request.trade;
}

/**
 * Someone else's object: 404, never 403, so that an id does not tell that it exists. Use it
 * on a row read by id (better still, scope the query by company and pass what it found).
 */
export function ownedByCompany<T extends { companyId: number | null }>(
  access: TradeAccess,
  row: T | null | undefined,
  message = 'Hittades inte',
): T {
  if (!row || row.companyId === null || row.companyId !== access.user.companyId) {
    throw new NotFoundError(message);
  }
  return row;
}

/**
 * A plugin that registers `routes` under api/proffs/{eid}/, every one behind the guard: the
 * trade context puts its store-scoped modules (events, invoices, projects, …) in one such
 * area, so no route there can forget the check. Route paths inside are relative
 * ('/notification/'); their params schema must accept `eid`.
 */
export function proffsStoreArea(db: Database, routes: FastifyPluginAsyncZod) {
  const guard = storeMembershipGuard(new AuthRepository(db));
  const area: FastifyPluginAsyncZod = async (app) => {
    app.decorateRequest('trade', null);
    app.addHook('preHandler', guard);
    await app.register(routes);
  };
  return async (app: Parameters<FastifyPluginAsyncZod>[0]) => {
    await app.register(area, { prefix: PROFFS_STORE_PREFIX });
  };
}
