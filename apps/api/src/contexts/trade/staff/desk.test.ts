import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_COMPANY_NOT_FOUND,
  STAFF_PROJECT_NOT_FOUND,
  STAFF_QUOTE_ALREADY_SENT,
  STAFF_QUOTE_DUPLICATE_ARTICLE,
  STAFF_QUOTE_NO_LINES,
  STAFF_QUOTE_PAST_VALIDITY,
  STAFF_QUOTE_UNKNOWN_ARTICLE,
  StaffOrderDetailSchema,
  StaffOrderPageSchema,
  StaffQuotePageSchema,
  StaffQuoteSchema,
} from '@bygg/contracts/trade/staff';
import { QuotePageSchema, QuoteSchema } from '@bygg/contracts/trade/quotes';
import {
  createArticle,
  createProject,
  createStaffUser,
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestArticle,
  type TestStore,
} from '../../../../test/factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';
import type { MailMessage } from '../../../lib/mail.ts';

/**
 * The store staff's desk (issue 20): the store's customers, articles at a customer's prices,
 * quotes written as drafts and sent (the customer's quote/, an event, e-mails), and the trade
 * orders of the store's customers. Staff see only their own store's.
 */
describe("the store staff's quotes and orders", () => {
  let t: TestApp;
  let home: TestStore;
  let other: TestStore;
  let company: { id: number; name: string };
  let stranger: { id: number; name: string };
  let project: { id: number };
  let board: TestArticle;
  let screw: TestArticle;
  const cookies = { staff: '', otherStaff: '', admin: '', offers: '', outsider: '', noOffers: '' };
  const users = { admin: '', offers: '', outsider: '', noOffers: '' };
  const mails: MailMessage[] = [];
  let draftId = 0;

  beforeAll(async () => {
    t = await buildTestApp({
      seeded: false,
      now: new Date('2026-06-01T10:00:00Z'),
      mailer: {
        async send(message) {
          mails.push(message);
        },
      },
    });
    const db = t.database.database.db;
    home = await createStore(db);
    other = await createStore(db);
    company = await createTradeCompany(db);
    // A company with an account only in the other store.
    stranger = await createTradeCompany(db);
    const admin = await createTradeUser(db, { role: 'admin', company, stores: [home] });
    const offers = await createTradeUser(db, {
      company,
      stores: [home],
      rights: { projects: true, offers: true, orders: true, invoices: false },
    });
    // May see quotes, but not the project.
    const outsider = await createTradeUser(db, {
      company,
      stores: [home],
      rights: { projects: true, offers: true, orders: true, invoices: false },
    });
    const noOffers = await createTradeUser(db, {
      company,
      stores: [home],
      rights: { projects: true, offers: false, orders: true, invoices: false },
    });
    await createTradeUser(db, { role: 'admin', company: stranger, stores: [other] });
    users.admin = admin.credentials.username;
    users.offers = offers.credentials.username;
    users.outsider = outsider.credentials.username;
    users.noOffers = noOffers.credentials.username;
    project = await createProject(db, { company, store: home, createdBy: admin, users: [offers] });
    board = await createArticle(db, {
      title: 'Reglar 45x95 tryckimpregnerad',
      priceOre: 12_500,
      stock: { store: home, quantity: 100 },
    });
    screw = await createArticle(db, {
      title: 'Trallskruv rostfri',
      priceOre: 50_000,
      stock: { store: home, quantity: 100 },
    });
    cookies.staff = await sessionCookie(
      t.app,
      (await createStaffUser(db, { stores: [home] })).credentials,
    );
    cookies.otherStaff = await sessionCookie(
      t.app,
      (await createStaffUser(db, { stores: [other] })).credentials,
    );
    cookies.admin = await sessionCookie(t.app, admin.credentials);
    cookies.offers = await sessionCookie(t.app, offers.credentials);
    cookies.outsider = await sessionCookie(t.app, outsider.credentials);
    cookies.noOffers = await sessionCookie(t.app, noOffers.credentials);
  });

  afterAll(async () => {
    await t?.close();
  });

  const url = (store: TestStore, path: string) => `/api/proffs/${store.externalId}/${path}`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    cookie: string,
    path: string,
    payload?: object,
    store: TestStore = home,
  ) =>
    t.app.inject({
      method,
      url: url(store, path),
      headers: sessionHeaders(cookie),
      ...(payload ? { payload } : {}),
    });

  const body = (over: Record<string, unknown> = {}) => ({
    company_id: company.id,
    project_id: project.id,
    title: 'Altan 30 m²',
    note: 'Leverans ingår inte.',
    valid_until: '2026-06-30',
    lines: [
      { article_id: board.id, quantity: 40 },
      { article_id: screw.id, quantity: 2, unit_price_ore: 30_000 },
    ],
    ...over,
  });

  it("lists the store's customers with their projects, not another store's", async () => {
    const response = await call('GET', cookies.staff, 'staff/customer/');
    expect(response.statusCode).toBe(200);
    const ids = response.json().results.map((c: { id: number }) => c.id);
    expect(ids).toEqual([company.id]);
    expect(response.json().results[0].projects.map((p: { id: number }) => p.id)).toEqual([
      project.id,
    ]);
    expect(
      (
        await call('GET', cookies.staff, `staff/customer/?search=${encodeURIComponent('zzz')}`)
      ).json().results,
    ).toEqual([]);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it("searches articles at the company's price excl. VAT; 400 for a short search or a stranger", async () => {
    const response = await call(
      'GET',
      cookies.staff,
      `staff/article/?company_id=${company.id}&search=reglar`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      expect.objectContaining({ article_id: board.id, price_ore: 10_000, vat_rate_bp: 2500 }),
    ]);
    const short = await call(
      'GET',
      cookies.staff,
      `staff/article/?company_id=${company.id}&search=r`,
    );
    expect(short.statusCode).toBe(400);
    const theirs = await call(
      'GET',
      cookies.staff,
      `staff/article/?company_id=${stranger.id}&search=reglar`,
    );
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(STAFF_COMPANY_NOT_FOUND);
  });

  it('saves a draft priced at the company price unless a price is quoted (201)', async () => {
    const response = await call('POST', cookies.staff, 'staff/quote/', body());
    expect(response.statusCode).toBe(201);
    const quote = StaffQuoteSchema.parse(response.json());
    draftId = quote.id;
    expect(quote).toMatchObject({
      status: 'draft',
      sent_at: null,
      company: { id: company.id },
      project: { id: project.id },
      note: 'Leverans ingår inte.',
      total_ore: 40 * 10_000 + 2 * 30_000,
      line_count: 2,
    });
    expect(quote.number).toBe(`O-${100000 + quote.id}`);
    expect(quote.lines[0]).toMatchObject({
      title: 'Reglar 45x95 tryckimpregnerad',
      unit_price_ore: 10_000,
    });
    expect(quote.vat_ore).toBe(Math.round((40 * 10_000 + 2 * 30_000) / 4));
  });

  it('answers 400 naming what is wrong', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ company_id: stranger.id }, 'body.company_id', STAFF_COMPANY_NOT_FOUND],
      [{ project_id: 999_999 }, 'body.project_id', STAFF_PROJECT_NOT_FOUND],
      [{ valid_until: '2026-05-31' }, 'body.valid_until', STAFF_QUOTE_PAST_VALIDITY],
      [
        { lines: [{ article_id: 999_999, quantity: 1 }] },
        'body.lines.0.article_id',
        STAFF_QUOTE_UNKNOWN_ARTICLE,
      ],
      [
        {
          lines: [
            { article_id: board.id, quantity: 1 },
            { article_id: board.id, quantity: 2 },
          ],
        },
        'body.lines.1.article_id',
        STAFF_QUOTE_DUPLICATE_ARTICLE,
      ],
    ];
    for (const [over, path, message] of cases) {
      const response = await call('POST', cookies.staff, 'staff/quote/', body(over));
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message).toBe(message);
      expect(JSON.stringify(response.json())).toContain(path);
    }
    for (const over of [
      { lines: [] },
      { title: '' },
      { valid_until: '30/6' },
      { lines: [{ article_id: board.id, quantity: 0 }] },
      { lines: [{ article_id: board.id, quantity: 1, unit_price_ore: -1 }] },
    ]) {
      const response = await call('POST', cookies.staff, 'staff/quote/', body(over));
      expect(response.statusCode).toBe(400);
    }
    const empty = await call('POST', cookies.staff, 'staff/quote/', body({ lines: [] }));
    expect(JSON.stringify(empty.json())).toContain(STAFF_QUOTE_NO_LINES);
  });

  it('keeps the draft from the customer until it is sent', async () => {
    const list = QuotePageSchema.parse((await call('GET', cookies.admin, 'quote/')).json());
    expect(list.results.map((q) => q.id)).not.toContain(draftId);
    expect((await call('GET', cookies.admin, `quote/${draftId}/`)).statusCode).toBe(404);
    const drafts = StaffQuotePageSchema.parse(
      (await call('GET', cookies.staff, 'staff/quote/?status=draft')).json(),
    );
    expect(drafts.results.map((q) => q.id)).toEqual([draftId]);
    expect((await call('GET', cookies.staff, 'staff/quote/?status=sent')).json().count).toBe(0);
  });

  it('rewrites a draft with PUT; another store’s staff get 404', async () => {
    const response = await call(
      'PUT',
      cookies.staff,
      `staff/quote/${draftId}/`,
      body({ title: 'Altan 32 m²', lines: [{ article_id: board.id, quantity: 44 }] }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Altan 32 m²', line_count: 1 });
    expect(response.json().total_ore).toBe(44 * 10_000);
    for (const [method, path] of [
      ['GET', `staff/quote/${draftId}/`],
      ['PUT', `staff/quote/${draftId}/`],
      ['POST', `staff/quote/${draftId}/send/`],
      ['DELETE', `staff/quote/${draftId}/`],
    ] as const) {
      const theirs = await call(
        method,
        cookies.otherStaff,
        path,
        method === 'PUT' ? body() : undefined,
        other,
      );
      expect(theirs.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(
      (await call('GET', cookies.otherStaff, 'staff/quote/', undefined, other)).json().count,
    ).toBe(0);
    // The customer's users are not the staff.
    expect((await call('GET', cookies.admin, 'staff/quote/')).statusCode).toBe(403);
  });

  it('sends it: the customer’s quote/ shows it, an event and e-mails for those who may see it', async () => {
    mails.length = 0;
    const response = await call('POST', cookies.staff, `staff/quote/${draftId}/send/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'open', sent_at: '2026-06-01T10:00:00.000Z' });
    // The administrator and the project's user with the offers right; not the one without
    // access to the project, nor the one without the offers right.
    expect(mails.map((m) => m.to).sort()).toEqual([users.admin, users.offers].sort());
    expect(mails[0]?.text).toContain(`/dashboard/butiksofferter/${draftId}/`);
    for (const cookie of [cookies.admin, cookies.offers]) {
      const list = QuotePageSchema.parse((await call('GET', cookie, 'quote/')).json());
      expect(list.results.map((q) => q.id)).toContain(draftId);
      const quote = QuoteSchema.parse((await call('GET', cookie, `quote/${draftId}/`)).json());
      expect(quote.lines[0]).toMatchObject({ quantity: 44, unit_price_ore: 10_000 });
      const events = (await call('GET', cookie, 'notification/')).json();
      expect(events.results[0]).toMatchObject({
        type: 'quote_received',
        target: { kind: 'quote', id: String(draftId) },
      });
    }
    const outsiderEvents = (await call('GET', cookies.outsider, 'notification/')).json();
    expect(outsiderEvents.results.map((e: { type: string }) => e.type)).not.toContain(
      'quote_received',
    );
    expect((await call('GET', cookies.outsider, `quote/${draftId}/`)).statusCode).toBe(404);
  });

  it('refuses to change, send again or delete a sent quote (409)', async () => {
    expect((await call('PUT', cookies.staff, `staff/quote/${draftId}/`, body())).statusCode).toBe(
      409,
    );
    const again = await call('POST', cookies.staff, `staff/quote/${draftId}/send/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAFF_QUOTE_ALREADY_SENT);
    expect((await call('DELETE', cookies.staff, `staff/quote/${draftId}/`)).statusCode).toBe(409);
  });

  it('sends a quote without a project to everyone with the offers right', async () => {
    const created = await call('POST', cookies.staff, 'staff/quote/', body({ project_id: null }));
    expect(created.statusCode).toBe(201);
    mails.length = 0;
    const id = created.json().id as number;
    expect((await call('POST', cookies.staff, `staff/quote/${id}/send/`)).statusCode).toBe(200);
    expect(mails.map((m) => m.to).sort()).toEqual(
      [users.admin, users.offers, users.outsider].sort(),
    );
    const events = (await call('GET', cookies.outsider, 'notification/')).json();
    expect(events.results[0]).toMatchObject({ type: 'quote_received' });
    const none = (await call('GET', cookies.noOffers, 'notification/')).json();
    expect(none.results.map((e: { type: string }) => e.type)).not.toContain('quote_received');
  });

  it('deletes a draft (204), then 404', async () => {
    const created = await call('POST', cookies.staff, 'staff/quote/', body());
    const id = created.json().id as number;
    expect((await call('DELETE', cookies.staff, `staff/quote/${id}/`)).statusCode).toBe(204);
    expect((await call('GET', cookies.staff, `staff/quote/${id}/`)).statusCode).toBe(404);
  });

  it("shows the store customers' trade orders, with search and company filter, read-only", async () => {
    const validate = await call('POST', cookies.offers, 'quote/validate/', {
      store_id: home.externalId,
      project_id: project.id,
      items: [{ article_id: board.id, quantity: 3 }],
    });
    expect(validate.statusCode).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: url(home, 'order/'),
      headers: { ...sessionHeaders(cookies.offers), 'idempotency-key': 'staff-desk-order-1' },
      payload: { store_id: home.externalId, reference: 'Altan Nilsson' },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as number;
    const page = StaffOrderPageSchema.parse(
      (await call('GET', cookies.staff, `staff/order/?company_id=${company.id}`)).json(),
    );
    expect(page.results.map((o) => o.id)).toEqual([orderId]);
    expect(page.results[0]?.company).toEqual({ id: company.id, name: company.name });
    expect((await call('GET', cookies.staff, `staff/order/?search=Nilsson`)).json().count).toBe(1);
    expect((await call('GET', cookies.staff, `staff/order/?search=finnsinte`)).json().count).toBe(
      0,
    );
    expect(
      (await call('GET', cookies.staff, `staff/order/?company_id=${stranger.id}`)).json().count,
    ).toBe(0);
    const detail = StaffOrderDetailSchema.parse(
      (await call('GET', cookies.staff, `staff/order/${orderId}/`)).json(),
    );
    expect(detail.lines[0]).toMatchObject({
      article_id: board.id,
      quantity: 3,
      unit_price_ore: 10_000,
    });
    expect(
      (await call('GET', cookies.otherStaff, `staff/order/${orderId}/`, undefined, other))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', cookies.otherStaff, 'staff/order/', undefined, other)).json().count,
    ).toBe(0);
    expect((await call('GET', cookies.staff, 'staff/order/?company_id=abc')).statusCode).toBe(400);
  });
});
