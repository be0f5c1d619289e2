import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { COOKIE_NAMES, CSRF_HEADER } from '@bygg/contracts/cookies';
import { sql } from '@bygg/db/orm';
import { queryRows, type Database } from '@bygg/db/client';
import { createTestDatabase, SMALL_SEED, type TestDatabase } from '@bygg/db/testing';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/kernel/config.ts';
import type { Mailer } from '../src/lib/mail.ts';
import type { CardPaymentProvider } from '../src/contexts/commerce/index.ts';
import type { RateLimitSettings } from '../src/plugins/rate-limit.ts';

/** The API on the small seed with the clock at the seed's instant (issue 5 tests). */
export type CommerceTestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  db: Database;
  dataDir: string;
  now: Date;
  close(): Promise<void>;
};

export async function buildCommerceTestApp(
  options: {
    rateLimits?: RateLimitSettings | false;
    env?: Record<string, string>;
    mailer?: Mailer;
    cardProvider?: CardPaymentProvider | null;
  } = {},
): Promise<CommerceTestApp> {
  const now = SMALL_SEED.now ?? new Date('2026-11-22T09:00:00Z');
  const database = await createTestDatabase({ seedSmall: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bygg-commerce-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env });
  const app = await buildApp({
    database: database.database,
    config,
    clock: () => now,
    ...(options.rateLimits !== undefined ? { rateLimits: options.rateLimits } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.cardProvider !== undefined ? { cardProvider: options.cardProvider } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    db: database.database.db,
    dataDir,
    now,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser: keeps the cookies the API sets, like a real one would, and sends the CSRF token
 * cookie's value in its header on unsafe calls, as the web app's request helper does.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string> = {},
    readonly ip = '127.0.0.1',
  ) {}

  async request(options: InjectOptions & { method: string; url: string }) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get(COOKIE_NAMES.csrf);
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(options.method.toUpperCase());
    const response = await this.app.inject({
      remoteAddress: this.ip,
      ...options,
      headers: {
        ...this.headers,
        ...(cookie ? { cookie } : {}),
        ...(csrf && unsafe ? { [CSRF_HEADER.toLowerCase()]: csrf } : {}),
        ...(options.headers as Record<string, string> | undefined),
      },
    } as InjectOptions);
    for (const c of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      payload: payload as InjectOptions['payload'],
      ...(headers ? { headers } : {}),
    });
  }
  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string, payload?: unknown) {
    return this.request({
      method: 'DELETE',
      url,
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
  }
}

export type StockedArticle = {
  articleId: number;
  storeId: number;
  warehouseId: number;
  quantity: number;
  priceOre: number;
};

/**
 * A plainly sellable, stocked article of the store chain with at least `min` units in a local
 * store's own warehouse and a list price: what a shopper can buy there.
 */
export async function stockedArticles(
  db: Database,
  min: number,
  count = 1,
  organisation = 'store-chain',
): Promise<StockedArticle[]> {
  const rows = await queryRows<StockedArticle>(
    db,
    sql`select a.id as "articleId", st.id as "storeId", st.warehouse_id as "warehouseId",
        s.quantity_on_hand as quantity, pr.price_ore as "priceOre"
      from stores st
      join stock s on s.warehouse_id = st.warehouse_id
      join articles a on a.id = s.article_id
      join products p on p.id = a.product_id
      join store_stocked_warehouses l on l.store_id = st.id and l.warehouse_id = st.warehouse_id
      join prices pr on pr.article_id = a.id and pr.store_id is null and pr.organisation_id = ${organisation}
      where st.organisation_id = ${organisation} and not st.is_central
        and ${organisation} = any(p.organisation_ids)
        and (a.availability & 123) = 3 and (s.availability & 123) = 3 and (l.availability & 59) = 3
        and a.stock_type = 1 and s.stock_type = 1 and s.quantity_on_hand >= ${min}
        and pr.reduced_from_ore is null
        and not exists (select 1 from prices o where o.article_id = a.id and o.store_id = st.id)
      order by st.id, a.id
      limit ${count}`,
  );
  return rows.map((r) => ({
    articleId: Number(r.articleId),
    storeId: Number(r.storeId),
    warehouseId: Number(r.warehouseId),
    quantity: Number(r.quantity),
    priceOre: Number(r.priceOre),
  }));
}

export async function setStock(
  db: Database,
  articleId: number,
  warehouseId: number,
  quantity: number,
) {
  await db.execute(
    sql`update stock set quantity_on_hand = ${quantity} where article_id = ${articleId} and warehouse_id = ${warehouseId}`,
  );
}

export async function stockOf(
  db: Database,
  articleId: number,
  warehouseId: number,
): Promise<number> {
  const [row] = await queryRows<{ q: number }>(
    db,
    sql`select quantity_on_hand as q from stock where article_id = ${articleId} and warehouse_id = ${warehouseId}`,
  );
  return Number(row?.q);
}

export async function count(
  db: Database,
  table: 'orders' | 'order_lines' | 'carts' | 'idempotency_keys' | 'gift_card_redemptions',
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return Number(row?.n ?? 0);
}

export async function mailFiles(dataDir: string): Promise<string[]> {
  try {
    return await readdir(path.join(dataDir, 'mail'));
  } catch {
    return [];
  }
}

export const CONTACT = {
  first_name: 'Karin',
  last_name: 'Sundberg',
  email: 'karin.sundberg@example.se',
  phone: '070-123 45 67',
};

export function pickupCheckout(method: 'pay_in_store' | 'invoice' = 'pay_in_store') {
  return { contact: CONTACT, shipping: { type: 1 }, payment: { method } };
}
