import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '@bygg/contracts/cart';
import { sql } from '@bygg/db/orm';
import { queryRows } from '@bygg/db/client';
import {
  Browser,
  buildCommerceTestApp,
  count,
  pickupCheckout,
  setStock,
  stockOf,
  type CommerceTestApp,
  type StockedArticle,
} from '../../../../test/commerce.ts';
import { createArticle, createStore } from '../../../../test/factories.ts';

/**
 * Money and stock under concurrency and faults (issue 5), on a real PostgreSQL server: these
 * run in the `api-postgres` project (TEST_DATABASE_URL set) and are skipped on PGlite, which
 * has a single connection and so cannot race.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const ITEM = '/api/v1.0/cart/current/item/';
const CHECKOUT = '/api/v1.0/cart/current/checkout/';
let keys = 0;
const newKey = () => `conc-${process.pid}-${Date.now()}-${++keys}`;

describe.skipIf(!onPostgres)('checkout on PostgreSQL under concurrency and faults', () => {
  let t: CommerceTestApp;
  let a: StockedArticle;

  beforeAll(async () => {
    t = await buildCommerceTestApp({ rateLimits: false });
    // A store and an article of this test's own (test/factories.ts), not a seed row that
    // happens to match a set of availability bits.
    const store = await createStore(t.db);
    const made = await createArticle(t.db, { priceOre: 12_900, stock: { store, quantity: 20 } });
    a = {
      articleId: made.id,
      storeId: store.id,
      warehouseId: store.warehouseId,
      quantity: 20,
      priceOre: 12_900,
    };
  });
  afterAll(() => t?.close());

  async function shopperWithCart(quantity: number): Promise<Browser> {
    const browser = new Browser(t.app);
    browser.cookies.set('bygg_store', String(a.storeId));
    const response = await browser.post(ITEM, { article_id: a.articleId, quantity });
    expect(response.statusCode).toBe(200);
    return browser;
  }

  async function minStock(): Promise<number> {
    const [row] = await queryRows<{ m: number }>(
      t.db,
      sql`select min(quantity_on_hand)::int as m from stock where quantity_on_hand is not null`,
    );
    return Number(row?.m);
  }

  it('200 checkouts racing for the last unit give exactly 1 order and 199 clear 409s', async () => {
    await setStock(t.db, a.articleId, a.warehouseId, 1);
    const shoppers: Browser[] = [];
    for (let i = 0; i < 200; i++) shoppers.push(await shopperWithCart(1));
    const ordersBefore = await count(t.db, 'orders');

    const responses = await Promise.all(
      shoppers.map((s) => s.post(CHECKOUT, pickupCheckout(), { 'idempotency-key': newKey() })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(['OUT_OF_STOCK', 'INSUFFICIENT_STOCK']).toContain(r.json().failures[0].reason);
      expect(r.json().failures[0].message).toMatch(/lager/);
    }
    expect(await count(t.db, 'orders')).toBe(ordersBefore + 1);
    expect(await stockOf(t.db, a.articleId, a.warehouseId)).toBe(0);
    expect(await minStock()).toBeGreaterThanOrEqual(0);
  });

  it('a key sent ten times at once places one order, and every reply is that order', async () => {
    await setStock(t.db, a.articleId, a.warehouseId, 50);
    const browser = await shopperWithCart(2);
    const ordersBefore = await count(t.db, 'orders');
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        browser.post(CHECKOUT, pickupCheckout(), { 'idempotency-key': key }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(await count(t.db, 'orders')).toBe(ordersBefore + 1);
    expect(await stockOf(t.db, a.articleId, a.warehouseId)).toBe(48);
  });

  it('a gift card balance cannot be spent twice by racing orders', async () => {
    await setStock(t.db, a.articleId, a.warehouseId, 5000);
    // Each cart costs more than the card holds, so each order wants the whole balance.
    const quantity = Math.ceil(50_001 / a.priceOre);
    const racers: Browser[] = [];
    for (let i = 0; i < 8; i++) {
      const browser = await shopperWithCart(quantity);
      const applied = await browser.post('/api/v1.0/cart/current/giftcard/', {
        number: '6037120000000018',
        pin: '1234',
      });
      expect(CartSchema.parse(applied.json()).voucher?.amount).toBe(50_000);
      racers.push(browser);
    }
    const responses = await Promise.all(
      racers.map((r) => r.post(CHECKOUT, pickupCheckout(), { 'idempotency-key': newKey() })),
    );
    const placed = responses.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.json().summary.giftcard_amount).toBe(50_000);
    for (const r of responses.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
    }
    const [card] = await queryRows<{ balance: number; spent: number }>(
      t.db,
      sql`select g.balance_ore as balance,
          (select coalesce(sum(amount_ore), 0)::int from gift_card_redemptions r where r.gift_card_id = g.id) as spent
        from gift_cards g where g.number = '6037120000000018'`,
    );
    expect(card).toEqual({ balance: 0, spent: 50_000 });
  });

  it('a connection killed mid-placement leaves no order, and the retry succeeds', async () => {
    const url = t.database.url;
    if (!url) throw new Error('needs the PostgreSQL test database');
    await setStock(t.db, a.articleId, a.warehouseId, 10);
    const browser = await shopperWithCart(1);
    const ordersBefore = await count(t.db, 'orders');
    const key = newKey();

    // Hold the stock row so the checkout stops inside its transaction, at the order write
    // (the statement that also takes the stock; its text is longer than pg_stat_activity keeps,
    // so it is found by its start).
    const blocker = new pg.Client({ connectionString: url });
    // A second connection watches: pg_stat_activity is a snapshot per transaction.
    const watcher = new pg.Client({ connectionString: url });
    await blocker.connect();
    await watcher.connect();
    await blocker.query('begin');
    await blocker.query(
      'select 1 from stock where article_id = $1 and warehouse_id = $2 for update',
      [a.articleId, a.warehouseId],
    );
    const pending = browser.post(CHECKOUT, pickupCheckout(), { 'idempotency-key': key });
    let pid: number | null = null;
    try {
      for (let i = 0; i < 200 && pid === null; i++) {
        const { rows } = await watcher.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and wait_event_type = 'Lock' and query ilike '%insert into orders%'`,
        );
        pid = rows[0]?.pid ?? null;
        if (pid === null) await sleep(50);
      }
      expect(pid).not.toBeNull();
      await watcher.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
      await watcher.end();
    }

    const interrupted = await pending;
    expect(interrupted.statusCode).toBe(503);
    expect(await count(t.db, 'orders')).toBe(ordersBefore);
    expect(await stockOf(t.db, a.articleId, a.warehouseId)).toBe(10);
    const keyRows = await queryRows<{ key: string }>(
      t.db,
      sql`select key from idempotency_keys where key = ${key}`,
    );
    expect(keyRows).toEqual([]);

    const retry = await browser.post(CHECKOUT, pickupCheckout(), { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(await count(t.db, 'orders')).toBe(ordersBefore + 1);
    expect(await stockOf(t.db, a.articleId, a.warehouseId)).toBe(9);
  });

  it('50 concurrent adds of one article to one cart lose no quantity', async () => {
    const browser = await shopperWithCart(1);
    await Promise.all(
      Array.from({ length: 50 }, () =>
        browser.post(ITEM, { article_id: a.articleId, quantity: 2 }),
      ),
    );
    const cart = CartSchema.parse((await browser.get('/api/v1.0/cart/current/')).json());
    expect(cart.items.map((i) => i.quantity)).toEqual([101]);
  });
});
