import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bygg/db/client';
import { createTestDatabase, type TestDatabase } from '@bygg/db/testing';
import * as schema from '@bygg/db/schema/index';
import {
  createInvoice,
  createProject,
  createStore,
  createTradeCompany,
  createTradeUser,
} from '../../../test/factories.ts';
import { ClientOfferRepository } from './client-offers/repository.ts';
import { ClientOfferService, type EndCustomerAccess } from './client-offers/service.ts';
import { EventRepository, recordEvent } from './events/repository.ts';
import { EventService } from './events/service.ts';
import { InvoiceRepository } from './invoices/repository.ts';
import { InvoiceService } from './invoices/service.ts';
import { OfferRepository } from './offers/repository.ts';
import { OfferService } from './offers/service.ts';
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
let endCustomer: EndCustomerAccess;

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
  // Twelve sent offers of one project, each with a line of every kind.
  const project = await createProject(db, { company, store });
  for (let i = 0; i < 12; i++) {
    const [offer] = await db
      .insert(schema.tradeOffers)
      .values({
        organisationId: 'store-chain',
        companyId: company.id,
        storeId: store.id,
        projectId: project.id,
        number: `KO-${2000 + i}`,
        title: `Offert ${i}`,
        status: 'sent',
        validUntil: '2026-12-31',
        sentAt: new Date('2026-05-01T10:00:00Z'),
      })
      .returning({ id: schema.tradeOffers.id });
    const offerId = offer!.id;
    await db.insert(schema.tradeOfferWork).values({
      offerId,
      position: 1,
      title: 'Arbete',
      hoursHundredths: 100 + i,
      rateOre: 50_000,
      deductionType: 'rot',
    });
    await db
      .insert(schema.tradeOfferRows)
      .values({ offerId, position: 1, text: 'Rad', amountOre: 10_000 });
    await db
      .insert(schema.tradeOfferDeductions)
      .values({ offerId, position: 1, type: 'rot', personName: 'Eva' });
  }
  endCustomer = {
    projectId: project.id,
    endCustomerId: 0,
    endCustomerName: 'Eva',
    organisationId: 'store-chain',
    companyId: company.id,
    companyName: 'Företaget',
    storeSlug: store.slug,
  };
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

  it.each([1, 50])(
    "the end customer's client offers (%i): eight, the page's amounts at once",
    async (size) => {
      const offers = new OfferService(new OfferRepository(counted.db), {
        now,
      } as unknown as ConstructorParameters<typeof OfferService>[1]);
      const clientOffers = new ClientOfferService(
        new ClientOfferRepository(counted.db),
        () => Promise.reject(new Error('not a list call')),
        (ids) => offers.totalsOf(ids),
        { now } as unknown as ConstructorParameters<typeof ClientOfferService>[3],
      );
      const page = await clientOffers.list(endCustomer, { page: 1, page_size: size }, '/c/');
      expect(page.results.length).toBe(Math.min(size, 12));
      expect(page.results.every((offer) => offer.to_pay_ore > 0)).toBe(true);
      // The page and its count, then the offers' heads (two) and their four kinds of lines.
      expect(counted.take()).toBe(8);
    },
  );
});
