import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefaultAddressesSchema } from '@bygg/contracts/trade/addresses';
import { TradePriceReplySchema } from '@bygg/contracts/trade/prices';
import * as schema from '@bygg/db/schema/index';
import { eq } from '@bygg/db/orm';
import {
  createArticle,
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestArticle,
  type TestStore,
  type TestTradeUser,
} from '../../../../test/factories.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../../../../test/helper.ts';

describe('api/proffs/{eid}/address/default_addresses/ and price/', () => {
  let t: TestApp;
  let store: TestStore;
  let cookie: string;
  let net: TestArticle;
  let list: TestArticle;
  let otherOrganisation: TestArticle;
  let user: TestTradeUser;

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
    const db = t.database.database.db;
    store = await createStore(db);
    const company = await createTradeCompany(db, { name: 'Adressbygg AB' });
    await db
      .update(schema.tradeCompanies)
      .set({
        street: 'Byggvägen 1',
        postcode: '11122',
        city: 'Stockholm',
        invoiceAddress: { street: 'Box 5', postcode: '11100', city: 'Stockholm' },
        phone: '08-555 12 34',
      })
      .where(eq(schema.tradeCompanies.id, company.id));
    user = await createTradeUser(db, { company, stores: [store] });
    cookie = await sessionCookie(t.app, user.credentials);
    net = await createArticle(db, { priceOre: 12_500 });
    list = await createArticle(db, { priceOre: 25_000, vatRateBp: 1200 });
    otherOrganisation = await createArticle(db, { organisation: 'building-supply' });
    await db
      .insert(schema.netPrices)
      .values({ companyId: company.id, articleId: net.id, priceOre: 10_000 });
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) =>
    t.app.inject({ url: `/api/proffs/${store.externalId}/${path}`, headers: { cookie } });

  it('gives the invoice address, the company address where no delivery address is set, and who orders', async () => {
    const response = await get('address/default_addresses/');
    expect(response.statusCode).toBe(200);
    expect(DefaultAddressesSchema.parse(response.json())).toEqual({
      invoice_address: { street: 'Box 5', postcode: '11100', city: 'Stockholm' },
      delivery_address: { street: 'Byggvägen 1', postcode: '11122', city: 'Stockholm' },
      company: { name: 'Adressbygg AB', org_number: expect.any(String) },
      contact: { name: `Test ${user.username}`, email: user.username, phone: '08-555 12 34' },
    });
  });

  it("gives the user's prices excl. VAT: the net price where lower, in the order asked", async () => {
    const response = await get(`price/?article_ids=${list.id},${net.id},${otherOrganisation.id}`);
    expect(response.statusCode).toBe(200);
    expect(TradePriceReplySchema.parse(response.json()).results).toEqual([
      {
        article_id: list.id,
        price_ore: 22_321,
        price_incl_vat_ore: 25_000,
        ordinary_ore: null,
        vat_rate_bp: 1200,
        is_net_price: false,
      },
      {
        article_id: net.id,
        price_ore: 8_000,
        price_incl_vat_ore: 10_000,
        ordinary_ore: 10_000,
        vat_rate_bp: 2500,
        is_net_price: true,
      },
    ]);
  });

  it('400s bad article ids', async () => {
    for (const query of [
      '',
      'article_ids=',
      'article_ids=abc',
      'article_ids=1,,2',
      'article_ids=-1',
    ]) {
      expect((await get(`price/?${query}`)).statusCode, query).toBe(400);
    }
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await get(`price/?article_ids=${tooMany}`)).statusCode).toBe(400);
  });
});
