import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import {
  QUOTE_ALREADY_ORDERED_MESSAGE,
  QUOTE_ORDER_NEEDS_PROJECT,
  quoteExpiredMessage,
} from '@bygg/contracts/trade/quotes';
import {
  createArticle,
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
import { createQuote, createQuoteProject } from '../../../../test/quote-factories.ts';
import type { MailMessage } from '../../../lib/mail.ts';

/**
 * Ordering a store quote (POST quote/{id}/order/, ADR 041): the quoted prices, the quote
 * marked ordered with its order, a second order refused; and the confirmation e-mail of
 * orders placed outside checkout (quote cart and store quote).
 */
describe('ordering a store quote (issue 18 gaps)', () => {
  let t: TestApp;
  let store: TestStore;
  let company: { id: number; name: string };
  let buyer: { cookie: string; email: string };
  let project: { id: number; number: string; name: string };
  let article: TestArticle;
  const mails: MailMessage[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      seeded: false,
      mailer: {
        async send(message) {
          mails.push(message);
        },
      },
    });
    const db = t.database.database.db;
    store = await createStore(db);
    company = await createTradeCompany(db);
    const admin = await createTradeUser(db, { role: 'admin', company, stores: [store] });
    buyer = {
      cookie: await sessionCookie(t.app, admin.credentials),
      email: admin.credentials.username,
    };
    project = await createQuoteProject(db, { company, store });
    // Today's net price: 125 kr incl. VAT (100 kr excl.); the quotes say 90 kr excl.
    article = await createArticle(db, { priceOre: 12_500, stock: { store, quantity: 50 } });
  });

  afterAll(async () => {
    await t?.close();
  });

  const url = (path: string) => `/api/proffs/${store.externalId}/${path}`;
  const orderQuote = (id: number, key: string, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: url(`quote/${id}/order/`),
      headers: { ...sessionHeaders(buyer.cookie), 'idempotency-key': key },
      payload,
    });
  const quoteOf = async (id: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: url(`quote/${id}/`),
        headers: sessionHeaders(buyer.cookie),
      })
    ).json();

  it('orders the lines at the quoted prices, marks the quote ordered and mails a confirmation', async () => {
    const db = t.database.database.db;
    const quote = await createQuote(db, {
      company,
      store,
      projectId: project.id,
      lines: [{ articleId: article.id, quantity: 4, unitPriceOre: 9_000 }],
    });
    const placed = await orderQuote(quote.id, 'quote-order-0001');
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({
      project: { id: project.id },
      quote_id: quote.id,
      reference: `Offert ${quote.number}`,
      // 4 × 90 kr excl. VAT = 360 kr, 450 kr incl. 25 % VAT (not 4 × 125 kr).
      total_ore: 45_000,
      total_excl_vat_ore: 36_000,
    });
    expect(order.lines[0]).toMatchObject({ quantity: 4, unit_price_ore: 9_000 });
    const [stock] = await queryRows<{ q: number }>(
      db,
      sql`select quantity_on_hand as q from stock where article_id = ${article.id}`,
    );
    expect(Number(stock?.q)).toBe(46);

    const shown = await quoteOf(quote.id);
    expect(shown).toMatchObject({ status: 'ordered', order: { id: order.id } });
    expect(shown.order.number).toBe(order.number);
    const list = await t.app.inject({
      method: 'GET',
      url: url('quote/'),
      headers: sessionHeaders(buyer.cookie),
    });
    expect(list.json().results.find((q: { id: number }) => q.id === quote.id)).toMatchObject({
      status: 'ordered',
      order: { id: order.id },
    });

    // The retry of the same request answers the same order.
    const again = await orderQuote(quote.id, 'quote-order-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(order.id);
    // A new request for the ordered quote: 409, nothing placed.
    const second = await orderQuote(quote.id, 'quote-order-0002');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(QUOTE_ALREADY_ORDERED_MESSAGE);

    await t.app.checkout.settle();
    const confirmations = mails.filter((m) => m.subject.includes(order.number));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.to).toBe(buyer.email);
    expect(confirmations[0]?.subject).toMatch(/^Orderbekräftelse /);
  });

  it('refuses an expired quote with 409 and a Swedish message, placing nothing', async () => {
    const db = t.database.database.db;
    const quote = await createQuote(db, {
      company,
      store,
      projectId: project.id,
      validUntil: '2020-06-30',
      lines: [{ articleId: article.id, quantity: 1, unitPriceOre: 100 }],
    });
    const response = await orderQuote(quote.id, 'quote-expired-01');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(quoteExpiredMessage('2020-06-30'));
    expect((await quoteOf(quote.id)).status).toBe('expired');
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from trade_order_details where quote_id = ${quote.id}`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('a quote for no project needs one chosen (400), then takes it', async () => {
    const db = t.database.database.db;
    const quote = await createQuote(db, {
      company,
      store,
      lines: [{ articleId: article.id, quantity: 1, unitPriceOre: 8_000 }],
    });
    const missing = await orderQuote(quote.id, 'quote-noproj-01');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(QUOTE_ORDER_NEEDS_PROJECT);
    const bad = await orderQuote(quote.id, 'quote-noproj-02', { project_id: 'x' });
    expect(bad.statusCode).toBe(400);
    const placed = await orderQuote(quote.id, 'quote-noproj-03', { project_id: project.id });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ project: { id: project.id }, total_ore: 10_000 });
  });

  it("another company's quote is 404; a quote whose line cannot be had is 409 and stays open", async () => {
    const db = t.database.database.db;
    const other = await createTradeCompany(db);
    const theirs = await createQuote(db, {
      company: other,
      store,
      lines: [{ articleId: article.id, quantity: 1 }],
    });
    expect((await orderQuote(theirs.id, 'quote-theirs-01')).statusCode).toBe(404);
    const scarce = await createArticle(db, { priceOre: 5_000, stock: { store, quantity: 1 } });
    const quote = await createQuote(db, {
      company,
      store,
      projectId: project.id,
      lines: [{ articleId: scarce.id, quantity: 5 }],
    });
    const response = await orderQuote(quote.id, 'quote-scarce-01');
    expect(response.statusCode).toBe(409);
    expect(response.json().failures[0]).toMatchObject({ reason: 'INSUFFICIENT_STOCK' });
    expect((await quoteOf(quote.id)).status).toBe('open');
  });

  it('two orders of one quote at once: one order, the other 409', async () => {
    const db = t.database.database.db;
    const quote = await createQuote(db, {
      company,
      store,
      projectId: project.id,
      lines: [{ articleId: article.id, quantity: 1, unitPriceOre: 7_000 }],
    });
    const replies = await Promise.all([
      orderQuote(quote.id, 'quote-race-0001'),
      orderQuote(quote.id, 'quote-race-0002'),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from trade_order_details where quote_id = ${quote.id}`,
    );
    expect(Number(row?.n)).toBe(1);
  });

  it('a quote-cart order gets the same confirmation e-mail as a checkout order', async () => {
    const validated = await t.app.inject({
      method: 'POST',
      url: url('quote/validate/'),
      headers: sessionHeaders(buyer.cookie),
      payload: {
        store_id: store.externalId,
        project_id: project.id,
        items: [{ article_id: article.id, quantity: 2 }],
      },
    });
    expect(validated.statusCode).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: url('order/'),
      headers: { ...sessionHeaders(buyer.cookie), 'idempotency-key': 'cart-confirm-01' },
      payload: { store_id: store.externalId },
    });
    expect(placed.statusCode).toBe(201);
    const number = placed.json().number as string;
    await t.app.checkout.settle();
    const mail = mails.find((m) => m.subject.includes(number));
    expect(mail?.to).toBe(buyer.email);
    expect(mail?.text).toContain(`Ordernummer: ${number}`);
    const [row] = await queryRows<{ sent: Date | null }>(
      t.database.database.db,
      sql`select confirmation_sent_at as sent from orders where id = ${placed.json().id}`,
    );
    expect(row?.sent).not.toBeNull();
  });
});
