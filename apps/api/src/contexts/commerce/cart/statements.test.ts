import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORGANISATION } from '@bygg/contracts/common';
import { countingDatabase, createTestDatabase, type TestDatabase } from '@bygg/db/testing';
import { NotFoundError } from '../../../kernel/errors.ts';
import { sql } from '@bygg/db/orm';
import {
  createArticle,
  createStore,
  createTradeCompany,
  createTradeUser,
} from '../../../../test/factories.ts';
import type { CartIdentity } from './identity.ts';
import { CartRepository } from './repository.ts';
import { CartService } from './service.ts';

// Issue 5: add-to-cart is the hottest write of the shop. Each statement is a round trip to the
// database (and on this design most of a request's cost), so the count per add is pinned here.

let database: TestDatabase;
let article: { articleId: number; storeId: number };
let counted: ReturnType<typeof countingDatabase>;
let service: CartService;

beforeAll(async () => {
  // An empty database with one store and one stocked article of its own (test/factories.ts).
  database = await createTestDatabase();
  const store = await createStore(database.database.db);
  const made = await createArticle(database.database.db, { stock: { store, quantity: 50 } });
  article = { articleId: made.id, storeId: store.id };
  counted = countingDatabase(database.database.db);
  const repository = new CartRepository(counted.db);
  service = new CartService(repository, { clock: () => new Date('2026-11-22T09:00:00Z') });
  // The store row is kept in process (STORE_CACHE_MS); the counts below are the steady state.
  await repository.store(article.storeId);
  counted.take();
});

afterAll(() => database?.drop());

function anonymous(token: string | null): CartIdentity {
  return { organisation: DEFAULT_ORGANISATION, token, user: null, chosenStoreId: article.storeId };
}

describe('add to cart, statements per request', () => {
  it('a new browser: the article, the new cart, the add (3)', async () => {
    const result = await service.addItem(anonymous(null), {
      article_id: article.articleId,
      quantity: 1,
    });
    expect(result.cart.items).toHaveLength(1);
    expect(counted.take()).toBe(3);
  });

  it('a browser with a cart: the cart with the article, then the add (2)', async () => {
    const first = await service.addItem(anonymous(null), {
      article_id: article.articleId,
      quantity: 1,
    });
    counted.take();
    const again = await service.addItem(anonymous(first.token), {
      article_id: article.articleId,
      quantity: 2,
    });
    expect(again.token).toBe(first.token);
    expect(again.cart.items[0]?.quantity).toBe(3);
    expect(counted.take()).toBe(2);
  });

  it('an unknown article with a cart: one statement, 404, the cart unchanged', async () => {
    const first = await service.addItem(anonymous(null), {
      article_id: article.articleId,
      quantity: 1,
    });
    counted.take();
    await expect(
      service.addItem(anonymous(first.token), { article_id: 999_999_999, quantity: 1 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(counted.take()).toBe(1);
    const current = await service.current(anonymous(first.token));
    expect(current?.cart.items.map((i) => i.quantity)).toEqual([1]);
  });

  it('a cookie of no cart starts a new one', async () => {
    const result = await service.addItem(anonymous('x'.repeat(43)), {
      article_id: article.articleId,
      quantity: 1,
    });
    expect(result.token).not.toBe('x'.repeat(43));
    expect(result.cart.items).toHaveLength(1);
  });

  it('a trade user’s net price comes in the same statements as any user’s price', async () => {
    const db = database.database.db;
    const company = await createTradeCompany(db);
    await db.execute(sql`insert into net_prices (company_id, article_id, price_ore)
      values (${company.id}, ${article.articleId}, 5000)`);
    const withCompany = await createTradeUser(db, { company });
    const withoutCompany = await createTradeUser(db, { company: null });
    const user = (id: number, companyId: number | null): CartIdentity => ({
      ...anonymous(null),
      user: { id, companyId },
    });
    const add = async (identity: CartIdentity) => {
      await service.addItem(identity, { article_id: article.articleId, quantity: 1 });
      counted.take();
      const again = await service.addItem(identity, { article_id: article.articleId, quantity: 1 });
      return { line: again.cart.items[0], statements: counted.take() };
    };
    const plain = await add(user(withoutCompany.id, null));
    const trade = await add(user(withCompany.id, company.id));
    expect(plain.line).toMatchObject({ price: 10_000, is_net_price: false });
    expect(trade.line).toMatchObject({ price: 5_000, is_net_price: true });
    expect(trade.statements).toBe(plain.statements);
  });
});
