import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { InvoicePageSchema } from '@bygg/contracts/trade/invoices';
import { NotificationPageSchema } from '@bygg/contracts/trade/events';
import { isValidOcr } from '@bygg/domain/invoice';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { Browser, CONTACT } from '../../../../test/commerce.ts';
import {
  createArticle,
  createInvoice,
  createProject,
  createStore,
  createStoreCustomer,
  createTradeCompany,
  createTradeUser,
  type TestStore,
} from '../../../../test/factories.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../../../../test/helper.ts';

// The clock of the app: invoices are judged overdue against it.
const NOW = new Date('2026-06-15T10:00:00Z');

describe('api/proffs/{eid}/invoice/', () => {
  let t: TestApp;
  let store: TestStore;
  let company: { id: number; name: string };
  let cookie: string;
  let projectId = 0;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false, now: NOW });
    const db = t.database.database.db;
    store = await createStore(db);
    company = await createTradeCompany(db, { name: 'Fakturabygg AB' });
    await createStoreCustomer(db, company, store, { paymentTermsDays: 20 });
    const user = await createTradeUser(db, { company, stores: [store] });
    cookie = await sessionCookie(t.app, user.credentials);
    projectId = (await createProject(db, { company, store, users: [user] })).id;
    numbers.paid = (
      await createInvoice(db, { company, store, issuedOn: '2026-01-10', status: 'paid' })
    ).number;
    numbers.overdue = (
      await createInvoice(db, { company, store, issuedOn: '2026-04-01', dueOn: '2026-05-01' })
    ).number;
    numbers.open = (
      await createInvoice(db, {
        company,
        store,
        issuedOn: '2026-06-01',
        amounts: [12_500, 2_500],
        projectId,
      })
    ).number;
    const other = await createTradeCompany(db);
    numbers.theirs = (
      await createInvoice(db, { company: other, store, issuedOn: '2026-06-02' })
    ).number;
    // The company's invoice from another store: listed and sent under that store only.
    const elsewhere = await createStore(db);
    await createStoreCustomer(db, company, elsewhere);
    numbers.elsewhere = (
      await createInvoice(db, { company, store: elsewhere, issuedOn: '2026-06-03' })
    ).number;
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) =>
    t.app.inject({ url: `/api/proffs/${store.externalId}/${path}`, headers: { cookie } });

  it('lists the company invoices newest first, overdue worked out, never another company', async () => {
    const response = await get('invoice/');
    expect(response.statusCode).toBe(200);
    const page = InvoicePageSchema.parse(response.json());
    expect(page.results.map((i) => [i.number, i.status])).toEqual([
      [numbers.open, 'unpaid'],
      [numbers.overdue, 'overdue'],
      [numbers.paid, 'paid'],
    ]);
    const open = page.results[0];
    expect(open).toMatchObject({
      total_ore: 15_000,
      net_ore: 12_000,
      vat_ore: 3_000,
      vat: [{ rate_bp: 2500, base_ore: 12_000, vat_ore: 3_000 }],
      project_id: projectId,
      bankgiro: ORGANISATIONS['store-chain'].bankgiro,
      store: { external_id: store.externalId },
    });
    expect(isValidOcr(open?.ocr ?? '')).toBe(true);
  });

  it('filters by status, date range, project and order, and pages', async () => {
    const numbersOf = async (query: string) =>
      InvoicePageSchema.parse((await get(`invoice/?${query}`)).json()).results.map((i) => i.number);
    expect(await numbersOf('status=overdue')).toEqual([numbers.overdue]);
    expect(await numbersOf('status=unpaid')).toEqual([numbers.open]);
    expect(await numbersOf('status=paid')).toEqual([numbers.paid]);
    expect(await numbersOf('date_from=2026-03-01&date_to=2026-05-31')).toEqual([numbers.overdue]);
    expect(await numbersOf(`project_id=${projectId}`)).toEqual([numbers.open]);
    expect(await numbersOf('order_id=999999')).toEqual([]);
    const page = InvoicePageSchema.parse((await get('invoice/?page_size=2&page=2')).json());
    expect(page).toMatchObject({ count: 3, next: null });
    expect(page.previous).toContain('page=1');
    expect(page.results).toHaveLength(1);
  });

  it('400s bad filters', async () => {
    for (const query of ['status=late', 'date_from=15/6/2026', 'page=0', 'order_id=x']) {
      const response = await get(`invoice/?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('sends a real PDF as an attachment', async () => {
    const response = await get(`invoice/${numbers.open}/pdf/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="faktura-${numbers.open}.pdf"`,
    );
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Faktura ${numbers.open}`);
  });

  it("answers 404 for another company's invoice and for none, 400 for a bad number", async () => {
    expect((await get(`invoice/${numbers.theirs}/pdf/`)).statusCode).toBe(404);
    expect((await get(`invoice/${numbers.elsewhere}/pdf/`)).statusCode).toBe(404);
    expect((await get('invoice/123456789/pdf/')).statusCode).toBe(404);
    expect((await get('invoice/abc/pdf/')).statusCode).toBe(400);
  });
});

describe('an order placed by a trade user', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  async function placeOrder(method: 'invoice' | 'pay_in_store') {
    const db = t.database.database.db;
    const store = await createStore(db);
    const article = await createArticle(db, { priceOre: 12_500, stock: { store, quantity: 10 } });
    const company = await createTradeCompany(db);
    await createStoreCustomer(db, company, store, { paymentTermsDays: 10 });
    const buyer = await createTradeUser(db, { company, stores: [store] });
    const reader = await createTradeUser(db, {
      company,
      stores: [store],
      rights: { orders: false, invoices: true },
    });
    const browser = new Browser(t.app);
    const login = await browser.post('/api/proffs/user/login/', buyer.credentials);
    expect(login.statusCode).toBe(200);
    browser.cookies.set('bygg_store', String(store.id));
    const added = await browser.post('/api/v1.0/cart/current/item/', {
      article_id: article.id,
      quantity: 2,
    });
    expect(added.statusCode).toBe(200);
    const placed = await browser.post(
      '/api/v1.0/cart/current/checkout/',
      { contact: CONTACT, shipping: { type: 1 }, payment: { method } },
      { 'idempotency-key': `trade-${method}-${store.id}` },
    );
    expect(placed.statusCode).toBe(201);
    const notifications = async (credentials: { username: string; password: string }) =>
      NotificationPageSchema.parse(
        (
          await t.app.inject({
            url: `/api/proffs/${store.externalId}/notification/`,
            headers: { cookie: await sessionCookie(t.app, credentials) },
          })
        ).json(),
      );
    const invoices = await t.app.inject({
      url: `/api/proffs/${store.externalId}/invoice/`,
      headers: { cookie: await sessionCookie(t.app, buyer.credentials) },
    });
    return {
      order: placed.json() as { number: string },
      buyerEvents: await notifications(buyer.credentials),
      readerEvents: await notifications(reader.credentials),
      invoices: InvoicePageSchema.parse(invoices.json()).results,
    };
  }

  it('paid by invoice gets its invoice, due after the payment terms, and the events', async () => {
    const { order, buyerEvents, readerEvents, invoices } = await placeOrder('invoice');
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0];
    expect(invoice).toMatchObject({
      order_number: order.number,
      status: 'unpaid',
      total_ore: 25_000,
      net_ore: 20_000,
      vat_ore: 5_000,
    });
    const days = (Date.parse(invoice?.due_at ?? '') - Date.parse(invoice?.issued_at ?? '')) / 864e5;
    expect(days).toBe(10);
    expect(buyerEvents.results.map((e) => e.type).sort()).toEqual([
      'invoice_issued',
      'order_placed',
    ]);
    expect(buyerEvents.unseen_count).toBe(2);
    // Without the orders right the order event is not shown; the invoice event is.
    expect(readerEvents.results.map((e) => e.type)).toEqual(['invoice_issued']);
    expect(readerEvents.results[0]?.target).toEqual({ kind: 'invoice', id: invoice?.number });
  });

  it('paid in the store gets no invoice, only the order event', async () => {
    const { buyerEvents, invoices } = await placeOrder('pay_in_store');
    expect(invoices).toEqual([]);
    expect(buyerEvents.results.map((e) => e.type)).toEqual(['order_placed']);
  });
});
