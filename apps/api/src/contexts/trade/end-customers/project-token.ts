import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROJECT_TOKEN_MESSAGE } from '@bygg/contracts/trade/end-customers';
import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { fixedStatusError } from '../../../kernel/errors.ts';

/**
 * The end customer's access (issue 19, ADR 039): a project invitation's token, sent by the
 * web app's request helper as `Authorization: Bearer <token>` (trade-area spec §7). Only its
 * SHA-256 is stored; it names one project and one end customer, expires and can be revoked.
 * No session is involved: an end customer is never a trade user.
 */
export type EndCustomerAccess = {
  tokenId: number;
  projectId: number;
  endCustomerId: number;
  endCustomerName: string;
  organisationId: string;
  companyId: number;
  companyName: string;
  storeId: number;
  storeSlug: string;
  storeName: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the project-token hook (endCustomerArea) for a valid, unexpired, unrevoked token. */
    endCustomer: EndCustomerAccess | null;
  }
}

/** A missing, unknown, expired or revoked project token: 401, without telling which. */
export class ProjectTokenError extends fixedStatusError(
  401,
  'Unauthorized',
  PROJECT_TOKEN_MESSAGE,
) {}

/** A new token: 32 random bytes, base64url (43 characters). */
export function newProjectToken(): string {
  return randomBytes(32).toString('base64url');
}

export function projectTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The bearer value of the request, or null. */
function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** The access of a token in this organisation, or null (unknown, expired, revoked). */
export async function accessOfToken(
  db: Database,
  token: string,
  organisationId: string,
  now: Date,
): Promise<EndCustomerAccess | null> {
  const [row] = await queryRows<EndCustomerAccess>(
    db,
    sql`select t.id as "tokenId", t.project_id as "projectId",
        t.end_customer_id as "endCustomerId", ec.name as "endCustomerName",
        p.organisation_id as "organisationId", p.company_id as "companyId",
        co.name as "companyName", p.store_id as "storeId", s.slug as "storeSlug",
        s.name as "storeName"
      from end_customer_project_tokens t
      join trade_projects p on p.id = t.project_id
      join end_customers ec on ec.id = t.end_customer_id and ec.company_id = p.company_id
      join trade_companies co on co.id = p.company_id
      join stores s on s.id = p.store_id
      where t.token_hash = ${projectTokenHash(token)} and t.revoked_at is null
        and p.end_customer_id = t.end_customer_id
        and t.expires_at > ${now} and p.organisation_id = ${organisationId}`,
  );
  return row ?? null;
}

/**
 * The hook: every route inside needs a valid project token (else 401). A route naming a
 * project checks it against request.endCustomer.projectId (another project: 404).
 */
export function projectTokenHook(db: Database, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearer(request);
    if (!token) throw new ProjectTokenError();
    const access = await accessOfToken(db, token, request.organisation, now());
    if (!access) throw new ProjectTokenError();
    request.endCustomer = access;
    await queryRows(
      db,
      sql`update end_customer_project_tokens set last_used_at = ${now()}
        where id = ${access.tokenId}`,
    );
  };
}

/** request.endCustomer in a route of an endCustomerArea (the hook has run). */
export function endCustomerOf(request: FastifyRequest): EndCustomerAccess {
  if (!request.endCustomer) throw new ProjectTokenError();
  return request.endCustomer;
}

/** Where the end customer's calls live (outside the store area: no session, no {eid}). */
export const END_CUSTOMER_PREFIX = '/api/proffs/end-customer';

/**
 * A plugin that registers `routes` under api/proffs/end-customer/, every one behind the
 * project-token hook (the offers' client-offer calls may use it too: `endCustomerArea(db,
 * now, routes, '/api/proffs/client-offer')`). Route paths inside are relative.
 */
export function endCustomerArea(
  db: Database,
  now: () => Date,
  routes: FastifyPluginAsyncZod,
  prefix: string = END_CUSTOMER_PREFIX,
) {
  const hook = projectTokenHook(db, now);
  const area: FastifyPluginAsyncZod = async (app) => {
    if (!app.hasRequestDecorator('endCustomer')) app.decorateRequest('endCustomer', null);
    app.addHook('preHandler', hook);
    await app.register(routes);
  };
  return async (app: FastifyInstance) => {
    await app.register(area, { prefix });
  };
}
