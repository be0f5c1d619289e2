import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@bygg/contracts/common';
import type { PunchoutSession, PunchoutTransfer } from '@bygg/contracts/punchout';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import {
  Browser,
  buildCommerceTestApp,
  pickupCheckout,
  stockedArticles,
  type CommerceTestApp,
  type StockedArticle,
} from '../../../../test/commerce.ts';
import { CHECKOUT_CLOSED_MESSAGE, WRONG_LOGIN_MESSAGE } from './service.ts';

let t: CommerceTestApp;
let a: StockedArticle;

const SETUP = '/api/v1.0/punchout/setup/';
const SESSION = '/api/v1.0/punchout/session/';
const TRANSFER = '/api/v1.0/punchout/transfer/';
const LOGIN = { USERNAME: 'lindqvist-inkop', PASSWORD: 'Punchout2026!' };
const HOOK = 'http://localhost:4400/oci/retur?sid=42';

beforeAll(async () => {
  t = await buildCommerceTestApp({ rateLimits: false });
  const [first] = await stockedArticles(t.db, 20, 1);
  if (!first) throw new Error('The small seed has no stocked article');
  a = first;
});
afterAll(() => t?.close());

function shopper() {
  const browser = new Browser(t.app);
  browser.cookies.set('bygg_store', String(a.storeId));
  return browser;
}

describe('POST punchout/setup/', () => {
  it('refuses a wrong password and an unknown buyer with the same 401', async () => {
    const wrong = await shopper().post(SETUP, { ...LOGIN, PASSWORD: 'fel', HOOK_URL: HOOK });
    const unknown = await shopper().post(SETUP, { ...LOGIN, USERNAME: 'okand', HOOK_URL: HOOK });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect((response.json() as ApiError).message).toBe(WRONG_LOGIN_MESSAGE);
      expect(response.cookies.find((c) => c.name === 'bygg_punchout')).toBeUndefined();
    }
  });

  it('refuses a HOOK_URL outside the buyer’s allowed hosts with 403', async () => {
    const response = await shopper().post(SETUP, {
      ...LOGIN,
      HOOK_URL: 'https://angripare.example/samla',
    });
    expect(response.statusCode).toBe(403);
    expect((response.json() as ApiError).message).toMatch(/angripare\.example.*inte är godkänd/);
  });

  it('answers bad input with 400 naming the OCI field', async () => {
    const missing = await shopper().post(SETUP, { USERNAME: 'lindqvist-inkop' });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as ApiError).fields?.map((f) => f.path)).toEqual(
      expect.arrayContaining(['body.PASSWORD', 'body.HOOK_URL']),
    );
    const scheme = await shopper().post(SETUP, { ...LOGIN, HOOK_URL: 'javascript:alert(1)' });
    expect(scheme.statusCode).toBe(400);
    expect((scheme.json() as ApiError).fields?.[0]?.path).toBe('body.HOOK_URL');
  });

  it('is 401 for the building-supply organisation (the buyer belongs to the store chain)', async () => {
    const browser = new Browser(t.app, { 'x-organisation': 'building-supply' });
    const response = await browser.post(SETUP, { ...LOGIN, HOOK_URL: HOOK });
    expect(response.statusCode).toBe(401);
  });
});

describe('a punch-out round trip', () => {
  it('opens a session with an empty cart, closes the checkout and transfers the cart as OCI fields', async () => {
    const browser = shopper();
    // A cart from before the punch-out is left behind: the session starts empty.
    await browser.post('/api/v1.0/cart/current/item/', { article_id: a.articleId, quantity: 3 });
    const setup = await browser.post(SETUP, { ...LOGIN, HOOK_URL: HOOK });
    expect(setup.statusCode).toBe(201);
    expect(setup.json()).toMatchObject({
      buyer: 'Lindqvist Bygg & Montage AB – inköpssystem',
      company: 'Lindqvist Bygg & Montage AB',
      hook_url: HOOK,
    });
    expect(browser.cookies.has('bygg_cart')).toBe(false);
    const session = await browser.get(SESSION);
    expect(session.statusCode).toBe(200);
    expect((session.json() as PunchoutSession).hook_url).toBe(HOOK);

    // Nothing to transfer yet.
    expect((await browser.post(TRANSFER)).statusCode).toBe(409);

    const add = await browser.post('/api/v1.0/cart/current/item/', {
      article_id: a.articleId,
      quantity: 2,
    });
    expect(add.statusCode).toBe(200);
    const line = (add.json() as { items: Array<{ title: string; price_excl_vat: number }> })
      .items[0];
    expect(line).toBeDefined();

    const checkout = await browser.post('/api/v1.0/cart/current/checkout/', pickupCheckout(), {
      'idempotency-key': 'punchout-checkout-1',
    });
    expect(checkout.statusCode).toBe(403);
    expect((checkout.json() as ApiError).message).toBe(CHECKOUT_CLOSED_MESSAGE);

    const transfer = await browser.post(TRANSFER);
    expect(transfer.statusCode).toBe(200);
    const body = transfer.json() as PunchoutTransfer;
    expect(body.hook_url).toBe(HOOK);
    expect(body.lines).toBe(1);
    const fields = Object.fromEntries(body.fields.map((f) => [f.name, f.value]));
    expect(fields['NEW_ITEM-QUANTITY[1]']).toBe('2');
    expect(fields['NEW_ITEM-VENDORMAT[1]']).toBe(String(a.articleId));
    expect(fields['NEW_ITEM-CURRENCY[1]']).toBe('SEK');
    const excl = line?.price_excl_vat ?? 0;
    expect(fields['NEW_ITEM-PRICE[1]']).toBe(
      `${Math.floor(excl / 100)}.${String(excl % 100).padStart(2, '0')}`,
    );
    expect(fields['NEW_ITEM-LONGTEXT_1:132[]']).toBe(line?.title);
    expect(fields['NEW_ITEM-DESCRIPTION[1]']).toBe(line?.title.slice(0, 40));

    // The session is over: no second transfer, the checkout opens again, the cart is gone.
    expect(browser.cookies.has('bygg_punchout')).toBe(false);
    expect((await browser.get(SESSION)).statusCode).toBe(404);
    const [row] = await queryRows<{ transferred: boolean }>(
      t.db,
      sql`select transferred_at is not null as transferred from punchout_sessions order by id desc limit 1`,
    );
    expect(row?.transferred).toBe(true);
  });

  it('refuses a transfer without a session (401) and with a forged cookie', async () => {
    const browser = shopper();
    expect((await browser.post(TRANSFER)).statusCode).toBe(401);
    browser.cookies.set('bygg_punchout', 'a'.repeat(43));
    expect((await browser.post(TRANSFER)).statusCode).toBe(401);
    expect((await browser.get(SESSION)).statusCode).toBe(404);
  });
});
