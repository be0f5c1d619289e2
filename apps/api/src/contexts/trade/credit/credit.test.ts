import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  CreditSchema,
  creditLimitMessage,
  NO_ACCOUNT_FOR_INVOICE_MESSAGE,
} from '@bygg/contracts/trade/credit';
import { InvoicePageSchema } from '@bygg/contracts/trade/invoices';
import { and, eq } from '@bygg/db/orm';
import * as schema from '@bygg/db/schema/index';
import { AVAILABILITY, STOCK_TYPE } from '@bygg/domain/availability';
import { formatPrice } from '@bygg/domain/money';
import { Browser, CONTACT } from '../../../../test/commerce.ts';
import {
  createArticle,
  createInvoice,
  createStore,
  createStoreCustomer,
  createTradeCompany,
  createTradeUser,
  type TestArticle,
  type TestStore,
} from '../../../../test/factories.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../../../../test/helper.ts';

// Issue 17 remainder: an order paid by invoice may not take the company past the credit
// limit of its account with the store (unpaid invoices + this order), 422 with a Swedish
// message on the payment method; GET credit/ tells the checkout what is left.

describe('credit limit of an order paid by invoice', () => {
  let t: TestApp;
  let store: TestStore;
  let company: { id: number };
  let article: TestArticle;
  let buyer: { credentials: { username: string; password: string } };

  const db = () => t.database.database.db;

  /** Sets the account's limit (öre; null = none). */
  async function setLimit(limitOre: number | null) {
    await db()
      .update(schema.storeCustomers)
      .set({ creditLimitOre: limitOre })
      .where(
        and(
          eq(schema.storeCustomers.companyId, company.id),
          eq(schema.storeCustomers.storeId, store.id),
        ),
      );
  }

  async function credit() {
    const response = await t.app.inject({
      url: `/api/proffs/${store.externalId}/credit/`,
      headers: { cookie: await sessionCookie(t.app, buyer.credentials) },
    });
    expect(response.statusCode).toBe(200);
    return CreditSchema.parse(response.json());
  }

  /**
   * A new user of the company (a cart of their own) logs in, puts `quantity` of the 1 000 kr
   * article in the cart and orders on invoice.
   */
  async function orderOnInvoice(quantity: number, key: string, orderStore = store) {
    const orderer = await createTradeUser(db(), { company, stores: [store] });
    const browser = new Browser(t.app);
    const login = await browser.post('/api/proffs/user/login/', orderer.credentials);
    expect(login.statusCode).toBe(200);
    browser.cookies.set('bygg_store', String(orderStore.id));
    const added = await browser.post('/api/v1.0/cart/current/item/', {
      article_id: article.id,
      quantity,
    });
    expect(added.statusCode).toBe(200);
    return browser.post(
      '/api/v1.0/cart/current/checkout/',
      { contact: CONTACT, shipping: { type: 1 }, payment: { method: 'invoice' } },
      { 'idempotency-key': key },
    );
  }

  async function invoiceCount() {
    const response = await t.app.inject({
      url: `/api/proffs/${store.externalId}/invoice/`,
      headers: { cookie: await sessionCookie(t.app, buyer.credentials) },
    });
    return InvoicePageSchema.parse(response.json()).count;
  }

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
    store = await createStore(db());
    company = await createTradeCompany(db());
    await createStoreCustomer(db(), company, store);
    buyer = await createTradeUser(db(), { company, stores: [store] });
    article = await createArticle(db(), { priceOre: 100_000, stock: { store, quantity: 50 } });
    // 3 000 kr unpaid (one of them overdue) and 2 000 kr paid: 3 000 kr is taken.
    await createInvoice(db(), { company, store, issuedOn: '2026-01-10', amounts: [100_000] });
    await createInvoice(db(), { company, store, issuedOn: '2026-06-01', amounts: [200_000] });
    await createInvoice(db(), {
      company,
      store,
      issuedOn: '2026-05-01',
      amounts: [200_000],
      status: 'paid',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('GET credit/ gives the limit, the unpaid invoices and what is left', async () => {
    await setLimit(1_000_000);
    expect(await credit()).toEqual({
      credit_limit_ore: 1_000_000,
      open_invoices_ore: 300_000,
      available_ore: 700_000,
    });
    await setLimit(null);
    expect(await credit()).toEqual({
      credit_limit_ore: null,
      open_invoices_ore: 300_000,
      available_ore: null,
    });
  });

  it('refuses an order past the limit with 422 and the Swedish message, keeping nothing', async () => {
    await setLimit(1_000_000);
    const before = await invoiceCount();
    const refused = await orderOnInvoice(8, 'credit-over');
    expect(refused.statusCode).toBe(422);
    const body = ApiErrorSchema.parse(refused.json());
    expect(body.message).toBe(creditLimitMessage(formatPrice(700_000)));
    expect(body.fields).toEqual([{ path: 'body.payment.method', message: body.message }]);
    expect(await invoiceCount()).toBe(before);
    // The stock was not taken either: the order rolled back whole.
    const [stock] = await db()
      .select({ quantity: schema.stock.quantityOnHand })
      .from(schema.stock)
      .where(eq(schema.stock.articleId, article.id));
    expect(stock?.quantity).toBe(50);
  });

  it('accepts an order that reaches the limit exactly, after which nothing is left', async () => {
    await setLimit(1_000_000);
    const placed = await orderOnInvoice(7, 'credit-exact');
    expect(placed.statusCode).toBe(201);
    expect(await credit()).toMatchObject({ open_invoices_ore: 1_000_000, available_ore: 0 });
    const next = await orderOnInvoice(1, 'credit-after');
    expect(next.statusCode).toBe(422);
  });

  it('has no limit to check when the account has none', async () => {
    await setLimit(null);
    expect((await orderOnInvoice(2, 'credit-none')).statusCode).toBe(201);
  });

  it('refuses invoice in a store where the company has no customer account', async () => {
    const elsewhere = await createStore(db());
    await db()
      .insert(schema.stock)
      .values({
        articleId: article.id,
        warehouseId: elsewhere.warehouseId,
        quantityOnHand: 5,
        availability: AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE | AVAILABILITY.BOOKABLE,
        stockType: STOCK_TYPE.STOCKED,
        updatedAt: new Date(),
      });
    const refused = await orderOnInvoice(1, 'credit-foreign', elsewhere);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(NO_ACCOUNT_FOR_INVOICE_MESSAGE);
  });

  it('counts only its own store: another store of the company has its own limit', async () => {
    const second = await createStore(db());
    await createStoreCustomer(db(), company, second);
    const response = await t.app.inject({
      url: `/api/proffs/${second.externalId}/credit/`,
      headers: { cookie: await sessionCookie(t.app, buyer.credentials) },
    });
    expect(CreditSchema.parse(response.json())).toEqual({
      credit_limit_ore: 10_000_000,
      open_invoices_ore: 0,
      available_ore: 10_000_000,
    });
  });
});
