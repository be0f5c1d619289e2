import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotFoundError } from '../../../kernel/errors.ts';
import {
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestStore,
  type TestTradeUser,
} from '../../../../test/factories.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../../../../test/helper.ts';
import { NOT_A_MEMBER_MESSAGE, ownedByCompany, proffsStoreArea, tradeAccess } from '../index.ts';

// The guard every api/proffs/{eid}/… route will pass, tried through inject() on routes this
// test registers: an empty database with the stores and users made here (test/factories.ts).
describe('the store-membership guard of api/proffs/{eid}/', () => {
  let t: TestApp;
  let member: TestStore;
  let other: TestStore;
  let elsewhere: TestStore;
  let user: TestTradeUser;
  let cookie: string;
  /** An object of another company: what "someone else's object" is. */
  const objects = new Map<number, { id: number; companyId: number | null }>();

  beforeAll(async () => {
    t = await buildTestApp({
      seeded: false,
      extend: (app, database) => {
        void app.register(
          proffsStoreArea(database.database.db, async (area) => {
            area.get(
              '/whoami/',
              { schema: { params: z.object({ eid: z.string() }) } },
              async (request) => {
                const access = tradeAccess(request);
                return { user: access.user.id, store: access.store.externalId };
              },
            );
            area.get(
              '/objects/:id/',
              { schema: { params: z.object({ eid: z.string(), id: z.coerce.number() }) } },
              async (request) => {
                const found = ownedByCompany(
                  tradeAccess(request),
                  objects.get(request.params.id),
                  'Objektet finns inte',
                );
                return { id: found.id };
              },
            );
          }),
        );
      },
    });
    const db = t.database.database.db;
    member = await createStore(db);
    other = await createStore(db);
    elsewhere = await createStore(db, { organisation: 'building-supply' });
    user = await createTradeUser(db, { stores: [member] });
    const otherCompany = await createTradeCompany(db);
    objects.set(1, { id: 1, companyId: user.companyId });
    objects.set(2, { id: 2, companyId: otherCompany.id });
    cookie = await sessionCookie(t.app, user.credentials);
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers 401 without a session', async () => {
    const response = await get(`/api/proffs/${member.externalId}/whoami/`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('lets a member in, with the user and the store on request.trade', async () => {
    const response = await get(`/api/proffs/${member.externalId}/whoami/`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: user.id, store: member.externalId });
  });

  it('answers 403 for a store of the organisation the user does not belong to', async () => {
    const response = await get(`/api/proffs/${other.externalId}/whoami/`, { cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, message: NOT_A_MEMBER_MESSAGE });
  });

  it('answers 403, not 404, for an unknown eid (it does not tell which stores exist)', async () => {
    const response = await get('/api/proffs/finns-inte/whoami/', { cookie });
    expect(response.statusCode).toBe(403);
  });

  it('answers 403 for a store of the other organisation, and no session there', async () => {
    const inOtherOrganisation = await get(`/api/proffs/${elsewhere.externalId}/whoami/`, {
      cookie,
    });
    expect(inOtherOrganisation.statusCode).toBe(403);
    // The session is of the store chain: under the other organisation's header it is no session.
    const underOtherHeader = await get(`/api/proffs/${elsewhere.externalId}/whoami/`, {
      cookie,
      'x-organisation': 'building-supply',
    });
    expect(underOtherHeader.statusCode).toBe(401);
  });

  it("answers 404 for someone else's object and for none, 200 for the company's own", async () => {
    const own = await get(`/api/proffs/${member.externalId}/objects/1/`, { cookie });
    expect(own.statusCode).toBe(200);
    const theirs = await get(`/api/proffs/${member.externalId}/objects/2/`, { cookie });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ statusCode: 404, message: 'Objektet finns inte' });
    const none = await get(`/api/proffs/${member.externalId}/objects/3/`, { cookie });
    expect(none.statusCode).toBe(404);
  });

  it('checks ownership with a typed NotFoundError', () => {
    const access = {
      user: {
        id: 1,
        username: 'a',
        name: 'A',
        role: 'user' as const,
        companyId: 7,
        organisationId: 'store-chain',
      },
      store: {
        id: 1,
        externalId: 'x',
        slug: 'x',
        name: 'X',
        isCentral: false,
        proffsEnabled: true,
      },
    };
    expect(() => ownedByCompany(access, { companyId: 8 })).toThrow(NotFoundError);
    expect(() => ownedByCompany(access, { companyId: null })).toThrow(NotFoundError);
    expect(ownedByCompany(access, { companyId: 7 })).toEqual({ companyId: 7 });
  });
});
