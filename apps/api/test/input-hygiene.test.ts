import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@bygg/contracts/common';
import {
  Browser,
  buildCommerceTestApp,
  CONTACT,
  pickupCheckout,
  stockedArticles,
  type CommerceTestApp,
} from './commerce.ts';

/**
 * Issue 15 finding 5: a NUL or a lone surrogate in any text, or an id beyond PostgreSQL's
 * integer, used to answer 500. Every case the issue lists is here: text gives a 400 naming the
 * field, a path id a 404, a query id a 400 naming the field.
 */
let t: CommerceTestApp;
let browser: Browser;

beforeAll(async () => {
  t = await buildCommerceTestApp({ rateLimits: false });
  const [first] = await stockedArticles(t.db, 5, 1);
  if (!first) throw new Error('The small seed has no stocked article');
  browser = new Browser(t.app);
  browser.cookies.set('bygg_store', String(first.storeId));
  const added = await browser.post('/api/v1.0/cart/current/item/', {
    article_id: first.articleId,
    quantity: 1,
  });
  expect(added.statusCode).toBe(200);
});
afterAll(() => t?.close());

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';
const q = encodeURIComponent;

function expectBadField(response: { statusCode: number; json(): unknown }, path: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as ApiError;
  expect(body.fields?.map((field) => field.path)).toContain(path);
}

describe('text with a NUL or a lone surrogate', () => {
  it.each([
    [`/api/v2.0/stores/?query=${q(`Borås${NUL}`)}`, 'query.query'],
    [`/api/v2.0/stores/?external_id=${q(`A1${NUL}`)}`, 'query.external_id'],
    [`/api/v2.0/products/suggest/?q=${q(`skruv${NUL}`)}`, 'query.q'],
    [`/api/v2.0/search/?q=${q(`skruv${NUL}`)}`, 'query.q'],
    [`/api/djedi_pages/editor/page/?path=${q(`/kundservice${NUL}`)}`, 'query.path'],
  ])('GET %s → 400 naming %s', async (url, field) => {
    expectBadField(await t.app.inject({ url }), field);
  });

  it.each([
    [
      '/api/proffs/user/login/',
      { username: `anna${NUL}@x.example`, password: 'x' },
      'body.username',
    ],
    [
      '/api/proffs/user/login/',
      { username: 'anna@x.example', password: `x${LONE_HIGH}` },
      'body.password',
    ],
    ['/api/djedi_pages/nodes/', { path: `/kundservice${NUL}` }, 'body.path'],
    ['/api/djedi_pages/nodes/', { namespace: `pages${NUL}` }, 'body.namespace'],
  ])('POST %s %j → 400 naming %s', async (url, payload, field) => {
    expectBadField(await t.app.inject({ method: 'POST', url, payload }), field);
  });

  it('names an object key with a NUL (content-service uris are keys)', async () => {
    const uri = `i18n://sv-se@hem/rubrik${NUL}.txt`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/djedi/nodes/',
      payload: { [uri]: null },
    });
    expectBadField(response, `body.${uri}`);
  });

  it.each([
    [{ contact: { ...CONTACT, first_name: `Karin${NUL}` } }, 'body.contact.first_name'],
    [{ contact: { ...CONTACT, last_name: `Sund${LONE_HIGH}berg` } }, 'body.contact.last_name'],
    [{ contact: { ...CONTACT, email: `karin${NUL}@example.se` } }, 'body.contact.email'],
    [{ contact: { ...CONTACT, phone: `070${NUL}` } }, 'body.contact.phone'],
    [{ message: `Ring innan${NUL}` }, 'body.message'],
    [{ message: `Ring ${LONE_LOW}innan` }, 'body.message'],
  ])('checkout with %j → 400 naming %s, and the cart is still there', async (change, field) => {
    const response = await browser.post(
      '/api/v1.0/cart/current/checkout/',
      { ...pickupCheckout(), ...change },
      { 'idempotency-key': `hygiene-${field}` },
    );
    expectBadField(response, field);
    expect((await browser.get('/api/v1.0/cart/current/')).statusCode).toBe(200);
  });

  it('keeps well-formed text, surrogate pairs included', async () => {
    const response = await t.app.inject({ url: `/api/v2.0/stores/?query=${q('Borås 🪵')}` });
    expect(response.statusCode).toBe(200);
  });
});

describe('ids beyond PostgreSQL integer', () => {
  it.each([
    '/api/v2.0/products/2147483648/',
    '/api/v2.0/products/2147483648/prices/',
    '/api/v2.0/products/2147483648/stocked_warehouses/',
    '/api/v2.0/products/99999999999999999999999/',
    '/api/v2.0/articles/2147483648/',
    '/api/v2.0/stores/2147483648/',
  ])('GET %s → 404', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect((response.json() as ApiError).error).toBe('Not Found');
  });

  it('PATCH cart/current/item/{id}/ with an id beyond integer → 404', async () => {
    const response = await browser.request({
      method: 'PATCH',
      url: '/api/v1.0/cart/current/item/2147483648/',
      payload: { quantity: 1 },
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['/api/v2.0/stores/?ids=2147483648', 'query.ids.0'],
    ['/api/v2.0/stores/?ids=1,99999999999999999999999', 'query.ids.1'],
    ['/api/v2.0/products/?store_id=2147483648', 'query.store_id'],
    ['/api/v2.0/search/?q=skruv&store_id=2147483648', 'query.store_id'],
  ])('GET %s → 400 naming %s', async (url, field) => {
    expectBadField(await t.app.inject({ url }), field);
  });

  it('still answers ids within the range', async () => {
    const response = await t.app.inject({ url: '/api/v2.0/stores/?ids=1,2147483647' });
    expect(response.statusCode).toBe(200);
  });
});

describe('paths are normalised', () => {
  it('finds a CMS page whatever the slashes around its path', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/djedi_pages/nodes/',
      payload: { path: '/kundservice', namespace: 'pages' },
    });
    const messy = await t.app.inject({
      method: 'POST',
      url: '/api/djedi_pages/nodes/',
      payload: { path: '//kundservice/./', namespace: 'pages' },
    });
    expect(plain.statusCode).toBe(200);
    expect(messy.json()).toEqual(plain.json());
  });
});
