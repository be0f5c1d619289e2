import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import {
  EXPORT_STARTED_MESSAGE,
  NO_QUOTE_CART_MESSAGE,
  ORDER_NEEDS_PROJECT_MESSAGE,
} from '@bygg/contracts/trade/orders';
import {
  PROJECT_NOT_FOUND_MESSAGE,
  QUOTE_CART_QUANTITY_MIN,
  QUOTE_CART_TOO_LARGE_QUANTITY,
  QUOTE_CART_TOO_MANY_LINES,
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
import { multipartBody, pdfBytes, pngBytes } from '../../../../test/uploads.ts';
import type { MailMessage } from '../../../lib/mail.ts';

describe('store quotes, the quote cart and orders (issue 18)', () => {
  let t: TestApp;
  let store: TestStore;
  let company: { id: number; name: string };
  let admin: string;
  let user: string;
  let hidden: { id: number };
  let project: { id: number; number: string; name: string };
  let plenty: TestArticle;
  let few: TestArticle;
  let quoteId = 0;
  let hiddenQuoteId = 0;
  let theirQuoteId = 0;
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
    const adminUser = await createTradeUser(db, { role: 'admin', company, stores: [store] });
    const plain = await createTradeUser(db, { company, stores: [store] });
    admin = await sessionCookie(t.app, adminUser.credentials);
    user = await sessionCookie(t.app, plain.credentials);
    project = await createQuoteProject(db, { company, store, users: [plain] });
    // A project of the company the ordinary user has no access to.
    hidden = await createQuoteProject(db, { company, store });
    plenty = await createArticle(db, { priceOre: 12_500, stock: { store, quantity: 100 } });
    few = await createArticle(db, { priceOre: 5_000, stock: { store, quantity: 3 } });
    quoteId = (
      await createQuote(db, {
        company,
        store,
        projectId: project.id,
        title: 'Altanbygge',
        lines: [
          { articleId: plenty.id, quantity: 10, unitPriceOre: 9_000 },
          { articleId: few.id, quantity: 2 },
        ],
      })
    ).id;
    hiddenQuoteId = (
      await createQuote(db, {
        company,
        store,
        projectId: hidden.id,
        lines: [{ articleId: plenty.id, quantity: 1 }],
      })
    ).id;
    const other = await createTradeCompany(db);
    theirQuoteId = (
      await createQuote(db, {
        company: other,
        store,
        lines: [{ articleId: plenty.id, quantity: 1 }],
      })
    ).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const url = (path: string) => `/api/proffs/${store.externalId}/${path}`;
  const get = (cookie: string, path: string) =>
    t.app.inject({ method: 'GET', url: url(path), headers: sessionHeaders(cookie) });
  const post = (
    cookie: string,
    path: string,
    payload: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: url(path),
      headers: { ...sessionHeaders(cookie), ...headers },
      payload,
    });
  const validate = (cookie: string, items: unknown[], projectId: number | null = project.id) =>
    post(cookie, 'quote/validate/', { store_id: store.externalId, project_id: projectId, items });

  describe('quote/ and quote/{id}/', () => {
    it("lists the company's quotes the user may see, with totals excl. VAT", async () => {
      const response = await get(user, 'quote/');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.results.map((q: { id: number }) => q.id)).toEqual([quoteId]);
      expect(body.results[0]).toMatchObject({
        title: 'Altanbygge',
        status: 'open',
        project: { id: project.id, name: project.name },
        total_ore: 10 * 9_000 + 2 * 8_000,
        line_count: 2,
      });
      // The administrator sees the quote of the project the user has no access to as well.
      const all = (await get(admin, 'quote/')).json();
      expect(all.count).toBe(2);
    });

    it('filters by project and searches the title', async () => {
      expect((await get(admin, `quote/?project_id=${hidden.id}`)).json().count).toBe(1);
      expect((await get(admin, 'quote/?search=altan')).json().count).toBe(1);
      expect((await get(admin, 'quote/?search=finnsinte')).json().count).toBe(0);
      expect((await get(admin, 'quote/?page_size=0')).statusCode).toBe(400);
    });

    it('shows one quote with its lines; another company’s or a hidden project’s is 404', async () => {
      const response = await get(user, `quote/${quoteId}/`);
      expect(response.statusCode).toBe(200);
      expect(response.json().lines).toHaveLength(2);
      expect(response.json().total_incl_vat_ore).toBe(Math.round((90_000 + 16_000) * 1.25));
      expect((await get(user, `quote/${hiddenQuoteId}/`)).statusCode).toBe(404);
      expect((await get(admin, `quote/${theirQuoteId}/`)).statusCode).toBe(404);
      expect((await get(admin, 'quote/abc/')).statusCode).toBe(400);
    });
  });

  describe('quote/validate/', () => {
    it('prices an orderable cart at the net price excl. VAT and answers 200', async () => {
      const response = await validate(user, [
        { article_id: plenty.id, quantity: 4 },
        { article_id: few.id, quantity: 1 },
      ]);
      expect(response.statusCode).toBe(200);
      const cart = response.json();
      expect(cart.valid).toBe(true);
      expect(cart.items[0]).toMatchObject({
        article_id: plenty.id,
        quantity: 4,
        price_ore: 10_000,
        sum_ore: 40_000,
        problem: null,
      });
      expect(cart.items[0].reference).toContain(plenty.title);
      expect(cart.total_ore).toBe(40_000 + 4_000);
      expect(cart.total_incl_vat_ore).toBe(50_000 + 5_000);
    });

    it('400 names each wrong line under items, and stores nothing', async () => {
      const response = await validate(user, [
        { article_id: plenty.id, quantity: 201 },
        { article_id: few.id, quantity: 1 },
        { article_id: 'x', quantity: 0 },
      ]);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.items).toEqual([
        { quantity: [QUOTE_CART_TOO_LARGE_QUANTITY] },
        {},
        { article_id: [expect.any(String)], quantity: [QUOTE_CART_QUANTITY_MIN] },
      ]);
      expect(body.fields).toContainEqual({
        path: 'body.items.0.quantity',
        message: QUOTE_CART_TOO_LARGE_QUANTITY,
      });
    });

    it('400 for more than 50 lines, another store, a project the user cannot see', async () => {
      const many = Array.from({ length: 51 }, (_, i) => ({ article_id: i + 1, quantity: 1 }));
      const tooMany = await validate(user, many);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(QUOTE_CART_TOO_MANY_LINES);
      const wrongStore = await post(user, 'quote/validate/', { store_id: 'annan', items: [] });
      expect(wrongStore.statusCode).toBe(400);
      const hiddenProject = await validate(user, [], hidden.id);
      expect(hiddenProject.statusCode).toBe(400);
      expect(hiddenProject.json().message).toBe(PROJECT_NOT_FOUND_MESSAGE);
      expect((await validate(admin, [], hidden.id)).statusCode).toBe(200);
    });

    it('422 gives the cart with the problem of each line, and stores it', async () => {
      const response = await validate(user, [
        { article_id: plenty.id, quantity: 2 },
        { article_id: few.id, quantity: 5 },
        { article_id: 999_999, quantity: 1 },
      ]);
      expect(response.statusCode).toBe(422);
      const { cart } = response.json();
      expect(cart.valid).toBe(false);
      expect(cart.items[0].problem).toBeNull();
      expect(cart.items[1].problem).toMatchObject({
        reason: 'INSUFFICIENT_STOCK',
        available_quantity: 3,
      });
      expect(cart.items[2].problem.reason).toBe('INVALID_REFERENCE');
      // Stored: ordering it now is refused for the stock (409), not for a missing cart.
      const order = await post(
        user,
        'order/',
        { store_id: store.externalId },
        { 'idempotency-key': 'stored-422-cart' },
      );
      expect(order.statusCode).toBe(409);
    });
  });

  describe('order/', () => {
    it('404 without a quote cart, 400 without a project', async () => {
      const fresh = await post(
        admin,
        'order/',
        { store_id: store.externalId },
        { 'idempotency-key': 'no-cart-000' },
      );
      expect(fresh.statusCode).toBe(404);
      expect(fresh.json().message).toBe(NO_QUOTE_CART_MESSAGE);
      await validate(admin, [{ article_id: plenty.id, quantity: 1 }], null);
      const noProject = await post(
        admin,
        'order/',
        { store_id: store.externalId },
        { 'idempotency-key': 'no-project-0' },
      );
      expect(noProject.statusCode).toBe(400);
      expect(noProject.json().message).toBe(ORDER_NEEDS_PROJECT_MESSAGE);
      const noKey = await post(admin, 'order/', { store_id: store.externalId });
      expect(noKey.statusCode).toBe(400);
    });

    it('places the stored cart for its project: stock taken, invoice and event, idempotent', async () => {
      const db = t.database.database.db;
      expect(
        (
          await validate(user, [
            { article_id: plenty.id, quantity: 7 },
            { article_id: few.id, quantity: 3 },
          ])
        ).statusCode,
      ).toBe(200);
      const key = { 'idempotency-key': 'order-from-cart-1' };
      const body = { store_id: store.externalId, reference: 'Altan 12' };
      const placed = await post(user, 'order/', body, key);
      expect(placed.statusCode).toBe(201);
      const order = placed.json();
      expect(order).toMatchObject({
        project: { id: project.id },
        reference: 'Altan 12',
        line_count: 2,
        total_ore: 7 * 12_500 + 3 * 5_000,
      });
      expect(order.lines[0]).toMatchObject({
        article_id: plenty.id,
        quantity: 7,
        unit_price_ore: 10_000,
      });
      expect(order.invoices).toHaveLength(1);
      const stock = await queryRows<{ article_id: number; quantity_on_hand: number }>(
        db,
        sql`select article_id, quantity_on_hand from stock where article_id in (${plenty.id}, ${few.id}) order by article_id`,
      );
      expect(stock.map((s) => Number(s.quantity_on_hand))).toEqual([93, 0]);
      const [invoice] = await queryRows<{ project_id: number }>(
        db,
        sql`select project_id from trade_invoices where order_id = ${order.id}`,
      );
      expect(Number(invoice?.project_id)).toBe(project.id);
      const events = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from trade_events where target_id = ${String(order.id)} and type = 'order_placed'`,
      );
      expect(Number(events[0]?.n)).toBe(1);
      // The same request again: the same order, nothing placed twice.
      const again = await post(user, 'order/', body, key);
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(order.id);
      expect(again.headers['idempotent-replayed']).toBe('true');
      // The key with another body: 422.
      expect((await post(user, 'order/', { store_id: store.externalId }, key)).statusCode).toBe(
        422,
      );
      // The cart was ordered: none is left.
      const empty = await post(user, 'order/', body, { 'idempotency-key': 'order-from-cart-2' });
      expect(empty.statusCode).toBe(404);
    });

    it('refuses the whole order (409) when one line has too little stock left', async () => {
      const db = t.database.database.db;
      await validate(admin, [
        { article_id: plenty.id, quantity: 1 },
        { article_id: few.id, quantity: 1 },
      ]);
      const response = await post(
        admin,
        'order/',
        { store_id: store.externalId },
        { 'idempotency-key': 'sold-out-01' },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().failures[0]).toMatchObject({ reason: 'OUT_OF_STOCK' });
      const [row] = await queryRows<{ q: number }>(
        db,
        sql`select quantity_on_hand as q from stock where article_id = ${plenty.id}`,
      );
      expect(Number(row?.q)).toBe(93);
    });

    it('lists the orders by project and search; shows one; hides other projects’ and companies’', async () => {
      const list = (await get(user, `order/?project_id=${project.id}`)).json();
      expect(list.count).toBe(1);
      const id = list.results[0].id;
      expect(list.results[0].number).toBe(`W${100_000 + id}`);
      expect((await get(user, `order/?search=W${100_000 + id}`)).json().count).toBe(1);
      expect(
        (await get(user, `order/?search=${encodeURIComponent(plenty.title)}`)).json().count,
      ).toBe(1);
      expect((await get(user, 'order/?search=ingenting')).json().count).toBe(0);
      expect((await get(user, `order/${id}/`)).statusCode).toBe(200);
      expect((await get(user, 'order/999999/')).statusCode).toBe(404);
      // Another company's user in the same store does not see it.
      const db = t.database.database.db;
      const stranger = await createTradeUser(db, { role: 'admin', stores: [store] });
      const theirs = await sessionCookie(t.app, stranger.credentials);
      expect((await get(theirs, `order/${id}/`)).statusCode).toBe(404);
      expect((await get(theirs, 'order/')).json().count).toBe(0);
    });

    it('attaches files to the order, lists, serves and zips them; another company gets 404', async () => {
      const id = (await get(user, 'order/')).json().results[0].id as number;
      const body = await multipartBody([
        { name: 'ritning.pdf', bytes: await pdfBytes(), type: 'application/pdf' },
        { name: 'plats.png', bytes: await pngBytes(), type: 'image/png' },
      ]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: url(`order/${id}/attachments/`),
        headers: { ...sessionHeaders(user), ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode).toBe(201);
      const [pdf, png] = uploaded.json().results;
      expect(pdf).toMatchObject({ filename: 'ritning.pdf', isImage: false, thumbnail: null });
      expect(png.isImage).toBe(true);
      expect(png.thumbnail).toContain('?size=thumbnail');
      const list = await get(user, `order/${id}/attachments/`);
      expect(list.json().results).toHaveLength(2);
      const file = await t.app.inject({
        method: 'GET',
        url: pdf.url,
        headers: sessionHeaders(user),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(file.headers['content-type']).toBe('application/pdf');
      const zip = await get(user, `order/${id}/attachments/download/`);
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      // A file whose name lies about its type is refused.
      const lying = await multipartBody([
        {
          name: 'faktura.pdf',
          bytes: Buffer.from('MZ\x90\x00 not a pdf'),
          type: 'application/pdf',
        },
      ]);
      const refused = await t.app.inject({
        method: 'POST',
        url: url(`order/${id}/attachments/`),
        headers: { ...sessionHeaders(user), ...lying.headers },
        payload: lying.payload,
      });
      expect(refused.statusCode).toBe(400);
      const stranger = await createTradeUser(t.database.database.db, {
        role: 'admin',
        stores: [store],
      });
      const theirs = await sessionCookie(t.app, stranger.credentials);
      expect((await get(theirs, `order/${id}/attachments/`)).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: pdf.url, headers: sessionHeaders(theirs) }))
          .statusCode,
      ).toBe(404);
      expect((await get(user, `order/${id}/attachments/999999/`)).statusCode).toBe(404);
    });

    it('exports in the background and e-mails a link that only the user can open, until it expires', async () => {
      // The orders above had their confirmations (ADR 041); nothing of the export yet.
      await t.app.checkout.settle();
      const before = mails.length;
      const started = await post(user, 'order/export/', {});
      expect(started.statusCode).toBe(202);
      expect(started.json().message).toBe(EXPORT_STARTED_MESSAGE);
      expect(mails).toHaveLength(before);
      expect(await t.app.tradeExports.runPending()).toBe(1);
      expect(mails).toHaveLength(before + 1);
      const mail = mails.at(-1);
      expect(mail?.subject).toContain('export');
      const link = /https?:\/\/\S+\/api\/proffs\/\S+?\/order\/export\/([\w-]+)\//.exec(
        mail?.text ?? '',
      );
      expect(link).not.toBeNull();
      const token = link?.[1] ?? '';
      const file = await get(user, `order/export/${token}/`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('text/csv');
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(file.body).toContain('Ordernummer');
      expect(file.body).toContain(project.name);
      expect((await get(admin, `order/export/${token}/`)).statusCode).toBe(404);
      await t.database.database.db.execute(
        sql`update trade_export_jobs set expires_at = now() - interval '1 minute'`,
      );
      expect((await get(user, `order/export/${token}/`)).statusCode).toBe(404);
      expect((await post(user, 'order/export/', { project_id: hidden.id })).statusCode).toBe(400);
    });
  });
});
