import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COOKIE_NAMES,
  CSRF_FAILED_MESSAGE,
  CSRF_HEADER,
  DEV_SESSION_SECRET,
} from '@bygg/contracts/cookies';
import { encodeSession } from '@bygg/domain/session-cookie.server';
import { NO_RIGHT_MESSAGE, OUTSIDE_REGION_MESSAGE } from '@bygg/contracts/trade/common';
import { STORE_TERMS, acceptedTerms } from '@bygg/domain/trade-terms';
import { buildBgMax } from '@bygg/domain/bgmax';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { NOT_A_MEMBER_MESSAGE, recordEvent, type TradeRequirement } from './index.ts';
import { STAFF_ONLY_MESSAGE } from './store-access/guard.ts';
import {
  createArticle,
  createInvoice,
  createStaffUser,
  createProject,
  createProjectFile,
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestStore,
} from '../../../test/factories.ts';
import { buildTestApp, sessionCookie, sessionHeaders, type TestApp } from '../../../test/helper.ts';
import { createQuote, createQuoteProject } from '../../../test/quote-factories.ts';
import { createEndCustomer } from '../../../test/end-customer-factories.ts';

/** An object of another company, by kind: its id goes where the path says {object}. */
type ObjectKind =
  | 'user'
  | 'notification'
  | 'invoice'
  /** Another company's thread with the same store. */
  | 'conversation'
  /** A thread with another store (for the staff of the store in the path). */
  | 'storeConversation'
  | 'project'
  | 'quote'
  | 'order'
  /** Another company's customer of its register (issue 19). */
  | 'endCustomer'
  /** Another company's offer to its end customer (issue 19). */
  | 'offer'
  /** A quote of another store (for the staff of the store in the path). */
  | 'storeQuote'
  /** A trade order in another store (for the staff of the store in the path). */
  | 'storeOrder';

type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to api/proffs/{eid}/; '{object}' is an id of the kind below. */
  path: string;
  /** What the route needs beyond membership (null: any user of the store). */
  needs: TradeRequirement | null;
  object?: ObjectKind;
  body?: () => object;
  headers?: () => Record<string, string>;
};

let created = 0;
/** The external id of the store the rows are called in (bodies that name it). */
let homeEid = '';
/** The company of the rows' users (a customer of the home store), for the staff's bodies. */
let homeCompanyId = 0;
/** An article with a price, for the staff's quote bodies. */
let quotedArticle = 0;
const staffQuoteBody = () => ({
  company_id: homeCompanyId,
  title: 'Tabelloffert',
  valid_until: '2099-12-31',
  lines: [{ article_id: quotedArticle, quantity: 1 }],
});

/**
 * EVERY route under api/proffs/{eid}/ (the test below fails when the app has one this table
 * lacks). Later trade issues add their rows here.
 */
const ROUTES: Row[] = [
  { method: 'GET', path: 'store-customer/current/', needs: null },
  {
    method: 'PUT',
    path: 'store-customer/current/',
    needs: 'admin',
    body: () => ({ data: { phone: '08-1' } }),
  },
  { method: 'GET', path: 'store-customer/terms/', needs: null },
  {
    method: 'PUT',
    path: 'store-customer/terms/',
    needs: 'admin',
    body: () => ({ version: STORE_TERMS.version, terms: acceptedTerms() }),
  },
  { method: 'GET', path: 'store-customer/user/', needs: 'admin' },
  {
    method: 'POST',
    path: 'store-customer/user/',
    needs: 'admin',
    body: () => ({ username: `tabell-${process.pid}-${++created}@test.example`, name: 'Tabell' }),
  },
  { method: 'GET', path: 'store-customer/user/{object}/', needs: 'admin', object: 'user' },
  {
    method: 'PATCH',
    path: 'store-customer/user/{object}/',
    needs: 'admin',
    object: 'user',
    body: () => ({ name: 'Gissad' }),
  },
  { method: 'DELETE', path: 'store-customer/user/{object}/', needs: 'admin', object: 'user' },
  { method: 'GET', path: 'notification/', needs: null },
  {
    method: 'PUT',
    path: 'notification/{object}/mark_as_seen/',
    needs: null,
    object: 'notification',
  },
  { method: 'GET', path: 'invoice/', needs: 'invoices' },
  { method: 'GET', path: 'invoice/{object}/pdf/', needs: 'invoices', object: 'invoice' },
  { method: 'GET', path: 'address/default_addresses/', needs: null },
  { method: 'GET', path: 'price/?article_ids={article}', needs: null },
  { method: 'GET', path: 'conversation/', needs: null },
  { method: 'POST', path: 'conversation/', needs: null, body: () => ({ text: 'Hej' }) },
  { method: 'GET', path: 'conversation/{object}/', needs: null, object: 'conversation' },
  {
    method: 'GET',
    path: 'conversation/{object}/attachment/{attachment}/',
    needs: null,
    object: 'conversation',
  },
  {
    method: 'GET',
    path: 'conversation/{object}/attachment/{attachment}/thumbnail/',
    needs: null,
    object: 'conversation',
  },
  { method: 'GET', path: 'staff/conversation/', needs: 'staff' },
  {
    method: 'POST',
    path: 'staff/conversation/',
    needs: 'staff',
    body: () => ({ conversation_id: 999999, text: 'Hej' }),
  },
  {
    method: 'GET',
    path: 'staff/conversation/{object}/',
    needs: 'staff',
    object: 'storeConversation',
  },
  {
    method: 'PUT',
    path: 'staff/conversation/{object}/handled/',
    needs: 'staff',
    object: 'storeConversation',
    body: () => ({ handled: true }),
  },
  {
    method: 'GET',
    path: 'staff/conversation/{object}/attachment/{attachment}/',
    needs: 'staff',
    object: 'storeConversation',
  },
  {
    method: 'GET',
    path: 'staff/conversation/{object}/attachment/{attachment}/thumbnail/',
    needs: 'staff',
    object: 'storeConversation',
  },
  // The staff's desk (issue 20): customers, articles, quotes, orders of the home store only.
  { method: 'GET', path: 'staff/customer/', needs: 'staff' },
  {
    method: 'GET',
    path: 'staff/article/?company_id={company}&search=Testregel',
    needs: 'staff',
  },
  { method: 'GET', path: 'staff/quote/', needs: 'staff' },
  { method: 'POST', path: 'staff/quote/', needs: 'staff', body: staffQuoteBody },
  { method: 'GET', path: 'staff/quote/{object}/', needs: 'staff', object: 'storeQuote' },
  {
    method: 'PUT',
    path: 'staff/quote/{object}/',
    needs: 'staff',
    object: 'storeQuote',
    body: staffQuoteBody,
  },
  { method: 'DELETE', path: 'staff/quote/{object}/', needs: 'staff', object: 'storeQuote' },
  { method: 'POST', path: 'staff/quote/{object}/send/', needs: 'staff', object: 'storeQuote' },
  { method: 'GET', path: 'staff/order/', needs: 'staff' },
  { method: 'GET', path: 'staff/order/{object}/', needs: 'staff', object: 'storeOrder' },
  // Invoice payments (ADR 055): the home store's invoices only.
  { method: 'GET', path: 'staff/invoice/', needs: 'staff' },
  {
    method: 'POST',
    path: 'staff/invoice/payment/',
    needs: 'staff',
    body: () => ({ invoice_number: '999999999', amount_ore: 100, paid_on: '2026-01-02' }),
  },
  {
    method: 'POST',
    path: 'staff/invoice/bgmax/',
    needs: 'staff',
    body: () => ({ content: buildBgMax(ORGANISATIONS['store-chain'].bankgiro, []) }),
  },
  { method: 'GET', path: 'credit/', needs: null },
  { method: 'GET', path: 'project/', needs: 'projects' },
  { method: 'POST', path: 'project/', needs: 'projects', body: () => ({ name: 'Tabellprojekt' }) },
  { method: 'GET', path: 'project/{object}/', needs: 'projects', object: 'project' },
  {
    method: 'PUT',
    path: 'project/{object}/',
    needs: 'projects',
    object: 'project',
    body: () => ({ name: 'Gissat' }),
  },
  {
    method: 'PATCH',
    path: 'project/{object}/',
    needs: 'projects',
    object: 'project',
    body: () => ({ status: 'finished' }),
  },
  {
    method: 'PUT',
    path: 'project/{object}/users/',
    needs: 'admin',
    object: 'project',
    body: () => ({ user_ids: [] }),
  },
  { method: 'GET', path: 'project/{object}/image/', needs: 'projects', object: 'project' },
  { method: 'POST', path: 'project/{object}/image/', needs: 'projects', object: 'project' },
  { method: 'GET', path: 'project/{object}/attachments/', needs: 'projects', object: 'project' },
  { method: 'POST', path: 'project/{object}/attachments/', needs: 'projects', object: 'project' },
  {
    method: 'POST',
    path: 'project/{object}/attachments/download/',
    needs: 'projects',
    object: 'project',
    body: () => ({}),
  },
  {
    method: 'GET',
    path: 'project/{object}/file/{file_id}/',
    needs: 'projects',
    object: 'project',
  },
  {
    method: 'GET',
    path: 'project/{object}/file/{file_id}/thumbnail/',
    needs: 'projects',
    object: 'project',
  },
  {
    method: 'DELETE',
    path: 'project/{object}/file/{file_id}/',
    needs: 'projects',
    object: 'project',
  },
  { method: 'GET', path: 'quote/', needs: 'offers' },
  { method: 'GET', path: 'quote/{object}/', needs: 'offers', object: 'quote' },
  {
    method: 'POST',
    path: 'quote/{object}/order/',
    needs: 'orders',
    object: 'quote',
    body: () => ({}),
    headers: () => ({ 'idempotency-key': `tabell-${process.pid}-${++created}` }),
  },
  {
    method: 'POST',
    path: 'quote/validate/',
    needs: 'orders',
    body: () => ({ store_id: homeEid, items: [] }),
  },
  { method: 'GET', path: 'order/', needs: 'orders' },
  {
    method: 'POST',
    path: 'order/',
    needs: 'orders',
    body: () => ({ store_id: homeEid }),
    headers: () => ({ 'idempotency-key': `tabell-${process.pid}-${++created}` }),
  },
  { method: 'GET', path: 'order/{object}/', needs: 'orders', object: 'order' },
  { method: 'POST', path: 'order/export/', needs: 'orders', body: () => ({}) },
  { method: 'GET', path: 'order/export/{token}/', needs: 'orders' },
  { method: 'GET', path: 'order/{object}/attachments/', needs: 'orders', object: 'order' },
  { method: 'POST', path: 'order/{object}/attachments/', needs: 'orders', object: 'order' },
  {
    method: 'GET',
    path: 'order/{object}/attachments/download/',
    needs: 'orders',
    object: 'order',
  },
  {
    method: 'GET',
    path: 'order/{object}/attachments/{file_id}/',
    needs: 'orders',
    object: 'order',
  },
  { method: 'GET', path: 'end-customer/', needs: 'projects' },
  {
    method: 'POST',
    path: 'end-customer/',
    needs: 'projects',
    body: () => ({ name: 'Tabellkund' }),
  },
  { method: 'GET', path: 'end-customer/{object}/', needs: 'projects', object: 'endCustomer' },
  {
    method: 'PATCH',
    path: 'end-customer/{object}/',
    needs: 'projects',
    object: 'endCustomer',
    body: () => ({ name: 'Gissad' }),
  },
  { method: 'POST', path: 'project/{object}/invite/', needs: 'projects', object: 'project' },
  { method: 'DELETE', path: 'project/{object}/invite/', needs: 'projects', object: 'project' },
  { method: 'GET', path: 'offer/', needs: 'offers' },
  { method: 'POST', path: 'offer/', needs: 'offers', body: () => ({ title: 'Tabell' }) },
  {
    method: 'POST',
    path: 'offer/from_quote/',
    needs: 'offers',
    body: () => ({ quote_id: 999999 }),
  },
  {
    method: 'POST',
    path: 'offer/from_order/',
    needs: 'offers',
    body: () => ({ order_id: 999999 }),
  },
  { method: 'GET', path: 'offer/{object}/', needs: 'offers', object: 'offer' },
  {
    method: 'PATCH',
    path: 'offer/{object}/',
    needs: 'offers',
    object: 'offer',
    body: () => ({ title: 'Ny' }),
  },
  { method: 'DELETE', path: 'offer/{object}/', needs: 'offers', object: 'offer' },
  {
    method: 'PUT',
    path: 'offer/{object}/surcharge/',
    needs: 'offers',
    object: 'offer',
    body: () => ({ type: 'none' }),
  },
  {
    method: 'POST',
    path: 'offer/{object}/send/',
    needs: 'offers',
    object: 'offer',
    body: () => ({}),
  },
  { method: 'GET', path: 'offer/{object}/pdf/', needs: 'offers', object: 'offer' },
  ...(
    [
      ['item', { external_id: '1', offer_id: 999999, quantity: 1 }, { quantity: 2 }],
      ['work', { title: 'Arbete', hours_hundredths: 100, rate_ore: 50_000 }, null],
      ['row', { text: 'Rad', amount_ore: 100 }, null],
      ['deduction', { type: 'rot', person_name: 'Anna' }, null],
    ] as const
  ).flatMap(([kind, add, put]): Row[] => [
    {
      method: 'POST',
      path: `offer/{object}/${kind}/`,
      needs: 'offers',
      object: 'offer',
      body: () => add,
    },
    {
      method: 'PUT',
      path: `offer/{object}/${kind}/{line_id}/`,
      needs: 'offers',
      object: 'offer',
      body: () => put ?? add,
    },
    {
      method: 'DELETE',
      path: `offer/{object}/${kind}/{line_id}/`,
      needs: 'offers',
      object: 'offer',
    },
  ]),
];

describe('permissions of every api/proffs/{eid}/ route', () => {
  let t: TestApp;
  /** A store of the company, in region 4 (Stockholm). */
  let home: TestStore;
  /** A store of the company in region 6 (Västsverige). */
  let west: TestStore;
  /** A store of the organisation where the company has no account. */
  let foreign: TestStore;
  const cookies: Record<'admin' | 'noRights' | 'regional' | 'staff', string> = {
    admin: '',
    noRights: '',
    regional: '',
    staff: '',
  };
  const objects: Record<ObjectKind, string> = {
    user: '',
    notification: '',
    invoice: '',
    project: '',
    conversation: '',
    storeConversation: '',
    quote: '',
    order: '',
    endCustomer: '',
    offer: '',
    storeQuote: '',
    storeOrder: '',
  };
  /** A file of the other company's project (the routes' {file_id}). */
  let theirFile = '';
  let article = 0;

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
    const db = t.database.database.db;
    home = await createStore(db, { regionId: 4 });
    west = await createStore(db, { regionId: 6 });
    foreign = await createStore(db);
    const company = await createTradeCompany(db);
    const stores = [home, west];
    const admin = await createTradeUser(db, { role: 'admin', company, stores });
    const noRights = await createTradeUser(db, {
      company,
      stores,
      rights: { projects: false, offers: false, orders: false, invoices: false },
    });
    // An administrator limited to region 4: the region answers first, whatever the rights.
    const regional = await createTradeUser(db, { role: 'admin', company, stores, regionId: 4 });
    cookies.admin = await sessionCookie(t.app, admin.credentials);
    cookies.noRights = await sessionCookie(t.app, noRights.credentials);
    cookies.regional = await sessionCookie(t.app, regional.credentials);

    // Objects of another company that has an account with the same store (ids guessed).
    const other = await createTradeCompany(db);
    const theirs = await createTradeUser(db, { role: 'admin', company: other, stores: [home] });
    objects.user = String(theirs.id);
    objects.notification = String(
      await recordEvent(db, {
        organisationId: 'store-chain',
        companyId: other.id,
        storeId: home.id,
        type: 'order_placed',
        title: 'Deras',
        text: 'Deras',
      }),
    );
    objects.invoice = (
      await createInvoice(db, { company: other, store: home, issuedOn: '2026-05-01' })
    ).number;
    const project = await createProject(db, { company: other, store: home, createdBy: theirs });
    objects.project = String(project.id);
    objects.endCustomer = String((await createEndCustomer(db, { company: other, store: home })).id);
    theirFile = String((await createProjectFile(db, project, 'image')).id);
    article = (await createArticle(db)).id;
    // The home store's staff; threads of another company and with another store.
    cookies.staff = await sessionCookie(
      t.app,
      (await createStaffUser(db, { stores: [home] })).credentials,
    );
    const startThread = async (cookie: string, store: TestStore) =>
      String(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/proffs/${store.externalId}/conversation/`,
            headers: sessionHeaders(cookie),
            payload: { text: 'Deras' },
          })
        ).json().conversation_id,
      );
    objects.conversation = await startThread(await sessionCookie(t.app, theirs.credentials), home);
    objects.storeConversation = await startThread(cookies.admin, west);
    homeEid = home.externalId;
    // Their quote, and their order placed from their quote cart for their project.
    const stocked = await createArticle(db, { stock: { store: home, quantity: 10 } });
    objects.quote = String(
      (
        await createQuote(db, {
          company: other,
          store: home,
          lines: [{ articleId: stocked.id, quantity: 1 }],
        })
      ).id,
    );
    const theirProject = await createQuoteProject(db, { company: other, store: home });
    const theirCookie = await sessionCookie(t.app, theirs.credentials);
    const base = `/api/proffs/${home.externalId}/`;
    await t.app.inject({
      method: 'POST',
      url: `${base}quote/validate/`,
      headers: sessionHeaders(theirCookie),
      payload: {
        store_id: home.externalId,
        project_id: theirProject.id,
        items: [{ article_id: stocked.id, quantity: 1 }],
      },
    });
    const placed = await t.app.inject({
      method: 'POST',
      url: `${base}order/`,
      headers: { ...sessionHeaders(theirCookie), 'idempotency-key': 'deras-order-1' },
      payload: { store_id: home.externalId },
    });
    objects.order = String(placed.json().id);
    objects.offer = String(
      (
        await t.app.inject({
          method: 'POST',
          url: `${base}offer/`,
          headers: sessionHeaders(theirCookie),
          payload: { title: 'Deras offert' },
        })
      ).json().id,
    );
    // The staff's side: a draft quote and an order of the company in the other store (west).
    homeCompanyId = company.id;
    quotedArticle = stocked.id;
    const westStocked = await createArticle(db, { stock: { store: west, quantity: 10 } });
    objects.storeQuote = String(
      (
        await createQuote(db, {
          company,
          store: west,
          draft: true,
          lines: [{ articleId: westStocked.id, quantity: 1 }],
        })
      ).id,
    );
    const westBase = `/api/proffs/${west.externalId}/`;
    await t.app.inject({
      method: 'POST',
      url: `${westBase}quote/validate/`,
      headers: sessionHeaders(cookies.admin),
      payload: {
        store_id: west.externalId,
        project_id: (await createProject(db, { company, store: west, createdBy: admin })).id,
        items: [{ article_id: westStocked.id, quantity: 1 }],
      },
    });
    const westOrder = await t.app.inject({
      method: 'POST',
      url: `${westBase}order/`,
      headers: { ...sessionHeaders(cookies.admin), 'idempotency-key': 'var-order-1' },
      payload: { store_id: west.externalId },
    });
    objects.storeOrder = String(westOrder.json().id);
    if (westOrder.statusCode !== 201)
      throw new Error(`no order in the other store: ${westOrder.body}`);
  });

  afterAll(async () => {
    await t?.close();
  });

  function call(
    row: Row,
    store: TestStore,
    cookie: string | null,
    object?: string,
    /** Replaces the CSRF header the cookie's token gives (sessionHeaders). */
    csrf?: Record<string, string>,
  ) {
    const path = row.path
      .replace('{object}', object ?? '999999')
      .replace('{attachment}', '999999')
      .replace('{file_id}', theirFile)
      .replace('{line_id}', '999999')
      .replace('{token}', 'a'.repeat(32))
      .replace('{article}', String(article))
      .replace('{company}', String(homeCompanyId));
    return t.app.inject({
      method: row.method,
      url: `/api/proffs/${store.externalId}/${path}`,
      headers: {
        ...(cookie ? (csrf ? { cookie, ...csrf } : sessionHeaders(cookie)) : {}),
        ...row.headers?.(),
      },
      ...(row.body ? { payload: row.body() } : {}),
    });
  }

  it('lists every route the app has under api/proffs/{eid}/', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const inApp = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/proffs/{eid}/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map(
          (m) => `${m.toUpperCase()} ${path.replace(/\{(id|number|order_id)\}/, '{object}')}`,
        ),
      )
      .sort();
    const inTable = ROUTES.map(
      (r) => `${r.method} /api/proffs/{eid}/${r.path.replace(/\?.*$/, '')}`,
    ).sort();
    expect(inTable).toEqual(inApp);
  });

  describe.each(ROUTES)('$method $path', (row) => {
    it('answers 401 without a session', async () => {
      expect((await call(row, home, null, objects[row.object ?? 'user'])).statusCode).toBe(401);
    });

    it('answers 403 in a store where the company has no account', async () => {
      const response = await call(row, foreign, cookies.admin, objects[row.object ?? 'user']);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NOT_A_MEMBER_MESSAGE);
    });

    it('answers 403 to a region-limited user outside the region', async () => {
      const response = await call(row, west, cookies.regional, objects[row.object ?? 'user']);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(OUTSIDE_REGION_MESSAGE);
    });

    it(
      row.needs === null
        ? 'lets an ordinary user without rights in (no 403)'
        : `answers 403 to an ordinary user without ${row.needs}`,
      async () => {
        const response = await call(row, home, cookies.noRights, objects[row.object ?? 'user']);
        if (row.needs === null) expect(response.statusCode).not.toBe(403);
        else {
          expect(response.statusCode).toBe(403);
          if (row.needs === 'staff') expect(response.json().message).toBe(STAFF_ONLY_MESSAGE);
          else if (row.needs !== 'admin') expect(response.json().message).toBe(NO_RIGHT_MESSAGE);
        }
      },
    );

    if (row.object) {
      const kind = row.object;
      it("answers 404 for another company's object (id guessed)", async () => {
        // The staff's side: a thread of another store, asked for by the home store's staff.
        const who = row.needs === 'staff' ? cookies.staff : cookies.admin;
        const response = await call(row, home, who, objects[kind]);
        expect(response.statusCode).toBe(404);
      });
    }

    it('lets a user with the right in, inside the region', async () => {
      const response = await call(
        row,
        home,
        row.needs === 'staff' ? cookies.staff : cookies.regional,
      );
      expect([200, 201, 202, 204, 404]).toContain(response.statusCode);
    });

    if (row.method !== 'GET') {
      it('answers 403 to the unsafe method without the CSRF header or with a wrong one', async () => {
        const object = objects[row.object ?? 'user'];
        const without = await call(row, home, cookies.admin, object, {});
        expect(without.statusCode).toBe(403);
        expect(without.json().message).toBe(CSRF_FAILED_MESSAGE);
        const wrong = await call(row, home, cookies.admin, object, {
          [CSRF_HEADER.toLowerCase()]: 'x'.repeat(43),
        });
        expect(wrong.statusCode).toBe(403);
        expect(wrong.json().message).toBe(CSRF_FAILED_MESSAGE);
      });
    }

    it('answers 401 to a forged or tampered session cookie', async () => {
      const forged = encodeSession(
        { session_id: 'gissad', user_id: 1, proffs_stores: [home.externalId], stores: [] },
        DEV_SESSION_SECRET,
      );
      const session = cookies.admin.split(';', 1)[0] ?? '';
      // One character in the middle of the signed value changed: the signature no longer holds.
      const at = Math.floor(session.length / 2);
      const tampered = `${session.slice(0, at)}${session[at] === 'A' ? 'Q' : 'A'}${session.slice(at + 1)}`;
      for (const cookie of [`${COOKIE_NAMES.session}=${forged}`, tampered]) {
        const response = await call(row, home, cookie, objects[row.object ?? 'user']);
        expect(response.statusCode).toBe(401);
      }
    });
  });
});
