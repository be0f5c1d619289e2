import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@bygg/db/orm';
import { OrderPageSchema } from '@bygg/contracts/trade/orders';
import { PROJECT_NOT_FOUND_MESSAGE, ProjectSchema } from '@bygg/contracts/trade/projects';
import { Browser, CONTACT } from '../../../../test/commerce.ts';
import {
  createArticle,
  createProject,
  createStore,
  createStoreCustomer,
  createTradeCompany,
  createTradeUser,
  type TestArticle,
  type TestStore,
} from '../../../../test/factories.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../../../../test/helper.ts';
import { createQuote } from '../../../../test/quote-factories.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

/**
 * Issue 18: a trade user's storefront order for one of their projects (checkout `project_id`),
 * listed under the project, and the project's job cost (ordered, quoted, invoiced).
 */
describe('orders and quotes of a project', () => {
  let t: TestApp;
  let store: TestStore;
  let article: TestArticle;
  let company: { id: number; name: string };
  type User = { id: number; credentials: { username: string; password: string } };
  let buyer: User;
  let noAccess: User;
  let noRights: User;
  let project: { id: number };
  let hidden: { id: number };
  let theirs: { id: number };
  let elsewhere: { id: number };

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false, now: NOW });
    const db = t.database.database.db;
    store = await createStore(db);
    const otherStore = await createStore(db);
    article = await createArticle(db, { priceOre: 12_500, stock: { store, quantity: 50 } });
    company = await createTradeCompany(db, { name: 'Jobbkostnad AB' });
    await createStoreCustomer(db, company, store, { paymentTermsDays: 30 });
    const stores = [store, otherStore];
    buyer = await createTradeUser(db, { company, stores });
    noAccess = await createTradeUser(db, { company, stores });
    noRights = await createTradeUser(db, {
      company,
      stores,
      rights: { orders: false, offers: false, invoices: false },
    });
    project = await createProject(db, { company, store, users: [buyer, noRights] });
    hidden = await createProject(db, { company, store, users: [noAccess] });
    elsewhere = await createProject(db, { company, store: otherStore, users: [buyer] });
    const other = await createTradeCompany(db);
    theirs = await createProject(db, { company: other, store });
    // Open (counted), expired and ordered (not counted), another project's (not counted).
    await createQuote(db, {
      company,
      store,
      projectId: project.id,
      lines: [
        { articleId: article.id, quantity: 10, unitPriceOre: 9_000 },
        { articleId: article.id, quantity: 2, unitPriceOre: 5_000 },
      ],
    });
    await createQuote(db, {
      company,
      store,
      projectId: project.id,
      validUntil: '2026-06-14',
      lines: [{ articleId: article.id, quantity: 1, unitPriceOre: 70_000 }],
    });
    const ordered = await createQuote(db, {
      company,
      store,
      projectId: project.id,
      lines: [{ articleId: article.id, quantity: 1, unitPriceOre: 80_000 }],
    });
    await db.execute(sql`update trade_quotes set status = 'ordered' where id = ${ordered.id}`);
    await createQuote(db, {
      company,
      store,
      projectId: hidden.id,
      lines: [{ articleId: article.id, quantity: 1, unitPriceOre: 60_000 }],
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  let keys = 0;
  async function checkout(
    credentials: { username: string; password: string } | null,
    projectId: number | null | undefined,
  ) {
    const browser = new Browser(t.app);
    if (credentials) {
      expect((await browser.post('/api/proffs/user/login/', credentials)).statusCode).toBe(200);
    }
    browser.cookies.set('bygg_store', String(store.id));
    const added = await browser.post('/api/v1.0/cart/current/item/', {
      article_id: article.id,
      quantity: 2,
    });
    expect(added.statusCode).toBe(200);
    keys += 1;
    return browser.post(
      '/api/v1.0/cart/current/checkout/',
      {
        contact: CONTACT,
        shipping: { type: 1 },
        payment: { method: credentials ? 'invoice' : 'pay_in_store' },
        ...(projectId === undefined ? {} : { project_id: projectId }),
      },
      { 'idempotency-key': `project-order-${process.pid}-${keys}` },
    );
  }

  const get = async (credentials: { username: string; password: string }, path: string) =>
    t.app.inject({
      url: `/api/proffs/${store.externalId}/${path}`,
      headers: { cookie: await sessionCookie(t.app, credentials) },
    });

  it('stores the project chosen at the checkout: the order is listed under the project', async () => {
    const placed = await checkout(buyer.credentials, project.id);
    expect(placed.statusCode).toBe(201);
    const { number } = placed.json() as { number: string };
    await checkout(buyer.credentials, null);
    const listed = OrderPageSchema.parse(
      (await get(buyer.credentials, `order/?project_id=${project.id}`)).json(),
    );
    expect(listed.results.map((o) => [o.number, o.project?.id])).toEqual([[number, project.id]]);
    const all = OrderPageSchema.parse((await get(buyer.credentials, 'order/')).json());
    expect(all.count).toBe(2);
  });

  it('answers 400 naming project_id for a project the user cannot see, and keeps no order', async () => {
    const before = OrderPageSchema.parse((await get(buyer.credentials, 'order/')).json()).count;
    for (const id of [hidden.id, theirs.id, elsewhere.id, 999_999]) {
      const refused = await checkout(buyer.credentials, id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: PROJECT_NOT_FOUND_MESSAGE,
        fields: [{ path: 'body.project_id', message: PROJECT_NOT_FOUND_MESSAGE }],
      });
    }
    const after = OrderPageSchema.parse((await get(buyer.credentials, 'order/')).json()).count;
    expect(after).toBe(before);
    const anonymous = await checkout(null, project.id);
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().fields[0].path).toBe('body.project_id');
  });

  it('sums the job cost: ordered excl. VAT, open quotes, invoiced; null without the right', async () => {
    const seen = ProjectSchema.parse(
      (await get(buyer.credentials, `project/${project.id}/`)).json(),
    );
    // One order of 2 × 125.00 incl. VAT = 200.00 excl. VAT (pickup, no shipping), invoiced.
    expect(seen.job_cost).toEqual({
      invoiced: { count: 1, net_ore: 20_000, total_ore: 25_000 },
      ordered: { count: 1, net_ore: 20_000 },
      quoted: { count: 1, net_ore: 100_000 },
    });
    const without = ProjectSchema.parse(
      (await get(noRights.credentials, `project/${project.id}/`)).json(),
    );
    expect(without.job_cost).toEqual({ invoiced: null, ordered: null, quoted: null });
  });
});
