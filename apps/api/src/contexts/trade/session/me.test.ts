import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProffsUserSchema } from '@bygg/contracts/auth';
import { COOKIE_NAMES, DEV_SESSION_SECRET } from '@bygg/contracts/cookies';
import { decodeSession } from '@bygg/domain/session-cookie.server';
import { and, eq } from '@bygg/db/orm';
import { storeCustomers } from '@bygg/db/schema/index';
import {
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestStore,
} from '../../../../test/factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';

// GET api/proffs/user/me/ (issue 17): what the web app needs to know of the logged-in user,
// decided by the database at each call, not by what the session cookie held at login.

describe('GET /api/proffs/user/me/', () => {
  let t: TestApp;
  let stockholm: TestStore;
  let west: TestStore;
  let closed: TestStore;

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
    const db = t.database.database.db;
    stockholm = await createStore(db, { regionId: 4 });
    west = await createStore(db, { regionId: 6 });
    // A store where the company is a customer but trade accounts are not enabled.
    closed = await createStore(db, { regionId: 4, proffsEnabled: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  const me = async (cookie: string) => {
    const response = await t.app.inject({ url: '/api/proffs/user/me/', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    // The reply is the contract's, field for field.
    return ProffsUserSchema.strict().parse(response.json());
  };

  it("tells an administrator's kind, company role, every right, no region and the proffs stores", async () => {
    const db = t.database.database.db;
    const company = await createTradeCompany(db);
    const admin = await createTradeUser(db, {
      role: 'admin',
      company,
      stores: [stockholm, west, closed],
      // An administrator has every right whatever the columns say.
      rights: { projects: false, offers: false, orders: false, invoices: false },
    });
    const user = await me(await sessionCookie(t.app, admin.credentials));
    expect(user).toMatchObject({
      id: admin.id,
      kind: 'customer',
      role: 'admin',
      company_role: 'admin',
      may_projects: true,
      may_offers: true,
      may_orders: true,
      may_invoices: true,
      region_id: null,
      company: { id: company.id, name: company.name },
    });
    expect(user.stores.map((s) => s.external_id).sort()).toEqual(
      [stockholm.externalId, west.externalId, closed.externalId].sort(),
    );
    // proffs_stores: the stores with trade accounts enabled only.
    expect(user.proffs_stores.sort()).toEqual([stockholm.externalId, west.externalId].sort());
  });

  it("tells an ordinary user's own rights and region; the stores outside the region are left out", async () => {
    const db = t.database.database.db;
    const company = await createTradeCompany(db);
    const sara = await createTradeUser(db, {
      company,
      stores: [stockholm, west],
      rights: { projects: false, offers: false, orders: true, invoices: false },
      regionId: 4,
    });
    const cookie = await sessionCookie(t.app, sara.credentials);
    const user = await me(cookie);
    expect(user).toMatchObject({
      kind: 'customer',
      role: 'user',
      company_role: 'user',
      may_projects: false,
      may_offers: false,
      may_orders: true,
      may_invoices: false,
      region_id: 4,
    });
    expect(user.proffs_stores).toEqual([stockholm.externalId]);
    // The session cookie's payload says the same as me/ at login.
    const raw = cookie.split('; ')[0]!.slice(`${COOKIE_NAMES.session}=`.length);
    const payload = decodeSession(raw, DEV_SESSION_SECRET, { maxAgeSeconds: 60 });
    expect(payload?.proffs_stores).toEqual(user.proffs_stores);
  });

  it('follows the database, not the login: changed rights and a removed store show at once', async () => {
    const db = t.database.database.db;
    const company = await createTradeCompany(db);
    const boss = await createTradeUser(db, { role: 'admin', company, stores: [stockholm, west] });
    const olle = await createTradeUser(db, {
      company,
      stores: [stockholm, west],
      rights: { projects: true, offers: false, orders: false, invoices: false },
    });
    const bossCookie = await sessionCookie(t.app, boss.credentials);
    const olleCookie = await sessionCookie(t.app, olle.credentials);
    expect((await me(olleCookie)).may_invoices).toBe(false);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/proffs/${stockholm.externalId}/store-customer/user/${olle.id}/`,
      headers: sessionHeaders(bossCookie),
      payload: { rights: { invoices: true }, region_id: 6 },
    });
    expect(patched.statusCode).toBe(200);
    const changed = await me(olleCookie);
    expect(changed).toMatchObject({ may_invoices: true, may_projects: true, region_id: 6 });
    expect(changed.proffs_stores).toEqual([west.externalId]);

    await db
      .delete(storeCustomers)
      .where(and(eq(storeCustomers.companyId, company.id), eq(storeCustomers.storeId, west.id)));
    expect((await me(olleCookie)).proffs_stores).toEqual([]);
    expect((await me(bossCookie)).proffs_stores).toEqual([stockholm.externalId]);
  });

  it('gives the content editor no company, no company role, no rights and no proffs stores', async () => {
    const db = t.database.database.db;
    const editor = await createTradeUser(db, { role: 'editor' });
    expect(await me(await sessionCookie(t.app, editor.credentials))).toMatchObject({
      kind: 'editor',
      role: 'editor',
      company_role: null,
      may_projects: false,
      may_offers: false,
      may_orders: false,
      may_invoices: false,
      region_id: null,
      company: null,
      stores: [],
      proffs_stores: [],
    });
  });

  it('answers login/ with the same user as me/', async () => {
    const db = t.database.database.db;
    const user = await createTradeUser(db, { stores: [stockholm], regionId: 4 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/proffs/user/login/',
      payload: user.credentials,
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies
      .filter((c) => c.name === COOKIE_NAMES.session || c.name === COOKIE_NAMES.csrf)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    expect(ProffsUserSchema.strict().parse(login.json())).toEqual(await me(cookie));
  });
});
