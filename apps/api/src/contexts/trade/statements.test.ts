import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bygg/db/client';
import { createTestDatabase, type TestDatabase } from '@bygg/db/testing';
import {
  createInvoice,
  createStore,
  createTradeCompany,
  createTradeUser,
} from '../../../test/factories.ts';
import { EventRepository, recordEvent } from './events/repository.ts';
import { EventService } from './events/service.ts';
import { InvoiceRepository } from './invoices/repository.ts';
import { InvoiceService } from './invoices/service.ts';
import type { TradeAccess } from './store-access/guard.ts';
import { StoreAccessRepository } from './store-access/repository.ts';
import { CompanyUserRepository } from './users/repository.ts';
import { CompanyUserService } from './users/service.ts';

// The trade area's reads do a fixed number of statements whatever the page size
// (contexts/README.md): the guard one, each list two (the page and its counts).

let database: TestDatabase;
let counted: ReturnType<typeof countingQueries>;

/**
 * `db` with every query-builder statement counted (each prepareQuery of the session is one
 * round trip). testing.ts's countingDatabase counts execute() and `_.session`; Drizzle's
 * builders reach the session through `db.session`, which this counts too.
 */
function countingQueries(db: Database) {
  let statements = 0;
  const countSession = (session: object) =>
    new Proxy(session, {
      get(target, name, receiver) {
        const member: unknown = Reflect.get(target, name, receiver);
        if (typeof member !== 'function') return member;
        const bound = (member as (...args: unknown[]) => unknown).bind(target);
        if (name !== 'prepareQuery') return bound;
        return (...args: unknown[]) => {
          statements++;
          return bound(...args);
        };
      },
    });
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'session') return countSession(value as object);
      return value;
    },
  });
  return {
    db: proxy as Database,
    take() {
      const taken = statements;
      statements = 0;
      return taken;
    },
  };
}
let access: TradeAccess;
let eid = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.database.db;
  const store = await createStore(db);
  eid = store.externalId;
  const company = await createTradeCompany(db);
  const admin = await createTradeUser(db, { role: 'admin', company, stores: [store] });
  for (let i = 0; i < 12; i++) {
    await createTradeUser(db, { company, stores: [store] });
    await createInvoice(db, { company, store, issuedOn: '2026-05-01' });
    await recordEvent(db, {
      organisationId: 'store-chain',
      companyId: company.id,
      storeId: store.id,
      type: 'order_placed',
      title: `Order ${i}`,
      text: 'Text',
    });
  }
  access = {
    user: {
      id: admin.id,
      username: admin.username,
      name: 'Admin',
      role: 'admin',
      companyId: company.id,
      organisationId: 'store-chain',
    },
    store: {
      id: store.id,
      externalId: store.externalId,
      slug: store.slug,
      name: store.name,
      isCentral: false,
      proffsEnabled: true,
    },
    account: {
      role: 'admin',
      rights: { projects: true, offers: true, orders: true, invoices: true },
      regionId: null,
    },
  };
  counted = countingQueries(db);
  counted.take();
});

afterAll(() => database?.drop());

const now = () => new Date('2026-06-01T10:00:00Z');

describe('statements per trade request', () => {
  it('the guard: one, for a member and for a stranger alike', async () => {
    const guard = new StoreAccessRepository(counted.db);
    expect(await guard.access(access.user.id, 'store-chain', eid)).not.toBeNull();
    expect(counted.take()).toBe(1);
    expect(await guard.access(access.user.id, 'store-chain', 'finns-inte')).toBeNull();
    expect(counted.take()).toBe(1);
  });

  it.each([1, 50])('lists of %i: notifications, invoices, users two each', async (size) => {
    const query = { page: 1, page_size: size };
    const events = new EventService(new EventRepository(counted.db));
    expect((await events.list(access, query, '/n/')).results.length).toBe(Math.min(size, 12));
    expect(counted.take()).toBe(2);
    const invoices = new InvoiceService(new InvoiceRepository(counted.db), now);
    expect((await invoices.list(access, query, '/i/')).results.length).toBe(Math.min(size, 12));
    expect(counted.take()).toBe(2);
    // Listing sends no invitations.
    const users = new CompanyUserService(new CompanyUserRepository(counted.db), () => undefined);
    expect((await users.list(access, query, '/u/')).results.length).toBe(Math.min(size, 13));
    expect(counted.take()).toBe(2);
  });
});
