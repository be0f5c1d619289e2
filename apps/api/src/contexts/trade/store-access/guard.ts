import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@bygg/db/client';
import {
  ADMIN_ONLY_MESSAGE,
  NO_RIGHT_MESSAGE,
  OUTSIDE_REGION_MESSAGE,
  type CompanyRole,
  type TradeRight,
  type TradeRights,
} from '@bygg/contracts/trade/common';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../../kernel/errors.ts';
import type { SessionUser } from '../session/plugin.ts';
import type { UserStoreRow } from '../session/repository.ts';
import { StoreAccessRepository } from './repository.ts';

/** Where every store-scoped trade call lives (trade-area spec: api/proffs/{eid}/…). */
export const PROFFS_STORE_PREFIX = '/api/proffs/:eid';

export const NOT_A_MEMBER_MESSAGE = 'Du har inte behörighet till den här butiken';

/** A store as the trade area's handlers see it. */
export type TradeStore = UserStoreRow;

/** The caller's account in the company: role, rights (all true for admins), region. */
export type TradeAccount = {
  role: CompanyRole;
  rights: TradeRights;
  /** null = all regions. */
  regionId: number | null;
};

/** Who is calling, in which store: what a handler under api/proffs/{eid}/ works with. */
export type TradeAccess = { user: SessionUser; store: TradeStore; account: TradeAccount };

/**
 * What a route under api/proffs/{eid}/ needs beyond membership: a right, an administrator, or
 * the store's staff (the staff's side, issue 20).
 */
export type TradeRequirement = TradeRight | 'admin' | 'staff';

export const STAFF_ONLY_MESSAGE = 'Bara butikens personal har tillgång till detta';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the store-membership guard for every route under api/proffs/{eid}/. */
    trade: TradeAccess | null;
  }
  interface FastifyContextConfig {
    /** The right (or administrator) a trade route needs; the guard enforces it (403). */
    tradeRight?: TradeRequirement;
  }
}

/** The route config of a trade route that needs a right: `{ config: requires('invoices') }`. */
export function requires(requirement: TradeRequirement): { tradeRight: TradeRequirement } {
  return { tradeRight: requirement };
}

/**
 * The guard (a preHandler) every route under api/proffs/{eid}/ passes, in this order:
 * no session 401; {eid} not a store of the request's organisation where the user's company
 * has a customer account (an unknown eid too, so the answer does not tell which stores
 * exist) 403; the user limited to another region 403; the route's right (route config
 * tradeRight) missing for an ordinary user, or an administrator's route, 403. Someone else's
 * object is the handler's 404 (ownedByCompany). It runs after the session hook, which has
 * checked that the user is active and of this organisation; request validation (400) comes
 * before both, as for every route.
 */
export function storeMembershipGuard(repository: StoreAccessRepository) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = request.sessionUser;
    if (!user) throw new UnauthorizedError();
    const eid = (request.params as { eid?: unknown }).eid;
    if (typeof eid !== 'string') throw new ForbiddenError(NOT_A_MEMBER_MESSAGE);
    // The user's stores as the database has them now, not as a session snapshot has them.
    const row = await repository.access(user.id, request.organisation, eid);
    if (!row) throw new ForbiddenError(NOT_A_MEMBER_MESSAGE);
    if (row.userRegionId !== null && row.userRegionId !== row.regionId) {
      throw new ForbiddenError(OUTSIDE_REGION_MESSAGE);
    }
    const account: TradeAccount = {
      role: row.role,
      rights: row.rights,
      regionId: row.userRegionId,
    };
    const needed = request.routeOptions.config.tradeRight;
    if (needed === 'staff') {
      if (row.kind !== 'staff') throw new ForbiddenError(STAFF_ONLY_MESSAGE);
    } else if (needed === 'admin') {
      if (account.role !== 'admin') throw new ForbiddenError(ADMIN_ONLY_MESSAGE);
    } else if (needed !== undefined && !account.rights[needed]) {
      throw new ForbiddenError(NO_RIGHT_MESSAGE);
    }
    const {
      regionId: _r,
      kind: _k,
      role: _role,
      rights: _rights,
      userRegionId: _u,
      ...store
    } = row;
    request.trade = { user, store, account };
  };
}

/** request.trade in a handler under api/proffs/{eid}/ (the guard has run). */
export function tradeAccess(request: FastifyRequest): TradeAccess {
  if (!request.trade) throw new UnauthorizedError();
  return request.trade;
}

/** The caller's company (a trade route's caller always has one; staff routes differ). */
export function companyOf(access: TradeAccess): number {
  if (access.user.companyId === null) throw new ForbiddenError(NOT_A_MEMBER_MESSAGE);
  return access.user.companyId;
}

/**
 * Someone else's object: 404, never 403, so that an id does not tell that it exists. Use it
 * on a row read by id (better still, scope the query by company and pass what it found).
 */
export function ownedByCompany<T extends { companyId: number | null }>(
  access: Pick<TradeAccess, 'user'>,
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
  const guard = storeMembershipGuard(new StoreAccessRepository(db));
  const area: FastifyPluginAsyncZod = async (app) => {
    app.decorateRequest('trade', null);
    app.addHook('preHandler', guard);
    await app.register(routes);
  };
  return async (app: Parameters<FastifyPluginAsyncZod>[0]) => {
    await app.register(area, { prefix: PROFFS_STORE_PREFIX });
  };
}
