import { randomBytes } from 'node:crypto';
import type { TradeRights } from '@bygg/contracts/trade/common';
import {
  LAST_ADMIN_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  type StoreCustomerUser,
  type StoreCustomerUserCreate,
  type StoreCustomerUserPatch,
} from '@bygg/contracts/trade/users';
import type { Database } from '@bygg/db/client';
import { hashPassword } from '@bygg/db/passwords';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import { effectiveRights } from '../store-access/rights.ts';
import type { CompanyUserChanges, CompanyUserRepository, CompanyUserRow } from './repository.ts';

const USER_NOT_FOUND_MESSAGE = 'Användaren finns inte';

function toUser(row: CompanyUserRow): StoreCustomerUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    phone: row.phone,
    ...effectiveRights(row),
    region_id: row.regionId as StoreCustomerUser['region_id'],
    is_active: row.isActive,
  };
}

function rightColumns(rights: Partial<TradeRights>) {
  return {
    ...(rights.projects !== undefined ? { mayProjects: rights.projects } : {}),
    ...(rights.offers !== undefined ? { mayOffers: rights.offers } : {}),
    ...(rights.orders !== undefined ? { mayOrders: rights.orders } : {}),
    ...(rights.invoices !== undefined ? { mayInvoices: rights.invoices } : {}),
  };
}

/** A 400 naming the e-mail field: another user of the organisation has that login. */
const taken = () =>
  new BadRequestError(USERNAME_TAKEN_MESSAGE, [
    { path: 'username', message: USERNAME_TAKEN_MESSAGE },
  ]);

/** Unique violation of trade_users_org_username_uq: a parallel create took the name. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.code ?? e?.cause?.code) === '23505';
}

/**
 * The company's users (store-customer/user/…): administrators list, create, change and
 * remove them (the routes require 'admin'); a company never loses its last administrator.
 */
export class CompanyUserService {
  constructor(
    private readonly repository: CompanyUserRepository,
    /** E-mails the new user a link to choose a password (session/password-links.ts). */
    private readonly invite: (user: { id: number; username: string; name: string }) => void,
  ) {}

  async list(
    access: TradeAccess,
    query: { search?: string | undefined; page: number; page_size: number },
    url: string,
  ) {
    const { rows, count } = await this.repository.page(
      companyOf(access),
      query.search || undefined,
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map(toUser),
    };
  }

  async get(access: TradeAccess, id: number): Promise<StoreCustomerUser> {
    const row = await this.repository.byId(companyOf(access), id);
    if (!row) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
    return toUser(row);
  }

  async create(access: TradeAccess, body: StoreCustomerUserCreate): Promise<StoreCustomerUser> {
    if (await this.repository.usernameTaken(access.user.organisationId, body.username)) {
      throw taken();
    }
    // Without a password the account cannot log in until one is set through the e-mailed
    // invitation link (set_user_password/): a random secret no one knows.
    const password = body.password ?? randomBytes(32).toString('base64url');
    const rights = {
      projects: false,
      offers: false,
      orders: false,
      invoices: false,
      ...body.rights,
    };
    try {
      const row = await this.repository.insert({
        organisationId: access.user.organisationId,
        companyId: companyOf(access),
        username: body.username,
        name: body.name,
        phone: body.phone ?? null,
        role: body.role,
        passwordHash: await hashPassword(password),
        mayProjects: rights.projects,
        mayOffers: rights.offers,
        mayOrders: rights.orders,
        mayInvoices: rights.invoices,
        regionId: body.region_id ?? null,
      });
      this.invite(row);
      return toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async update(
    access: TradeAccess,
    id: number,
    body: StoreCustomerUserPatch,
  ): Promise<StoreCustomerUser> {
    const companyId = companyOf(access);
    const changes: CompanyUserChanges = {
      ...(body.username !== undefined ? { username: body.username } : {}),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.region_id !== undefined ? { regionId: body.region_id } : {}),
      ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      ...rightColumns(body.rights ?? {}),
    };
    const losesAdmin = body.role === 'user' || body.is_active === false;
    try {
      await this.repository.db.transaction(async (tx) => {
        const row = await this.repository.byId(companyId, id, tx);
        if (!row) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
        if (losesAdmin && row.role === 'admin') {
          await this.keepAnAdmin(companyId, id, tx);
        }
        if (
          body.username !== undefined &&
          (await this.repository.usernameTaken(access.user.organisationId, body.username, id, tx))
        ) {
          throw taken();
        }
        await this.repository.update(companyId, id, changes, tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    return this.get(access, id);
  }

  async remove(access: TradeAccess, id: number): Promise<void> {
    const companyId = companyOf(access);
    await this.repository.db.transaction(async (tx) => {
      const row = await this.repository.byId(companyId, id, tx);
      if (!row) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
      if (row.role === 'admin') await this.keepAnAdmin(companyId, id, tx);
      await this.repository.remove(companyId, id, tx);
    });
  }

  private async keepAnAdmin(companyId: number, id: number, tx: Database): Promise<void> {
    if ((await this.repository.otherActiveAdmins(companyId, id, tx)) === 0) {
      throw new BadRequestError(LAST_ADMIN_MESSAGE, [
        { path: 'role', message: LAST_ADMIN_MESSAGE },
      ]);
    }
  }
}
