import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_ONLY_REASON } from '@bygg/contracts/trade/store-customer';
import { STORE_TERMS, termsAccepted } from '@bygg/domain/trade-terms';
import {
  createStore,
  createStoreCustomer,
  createTradeCompany,
  createTradeUser,
  type TestStore,
} from '../../../../test/factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';

// store-customer/current/ and store-customer/terms/ on an empty database with the rows made here.
describe('api/proffs/{eid}/store-customer/', () => {
  let t: TestApp;
  let store: TestStore;
  let admin: string;
  let ordinary: string;

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
    const db = t.database.database.db;
    store = await createStore(db);
    const company = await createTradeCompany(db, { name: 'Kontaktbygg AB' });
    await createStoreCustomer(db, company, store, { paymentTermsDays: 20 });
    const a = await createTradeUser(db, { role: 'admin', company, stores: [store] });
    const u = await createTradeUser(db, { company, stores: [store], rights: { invoices: false } });
    admin = await sessionCookie(t.app, a.credentials);
    ordinary = await sessionCookie(t.app, u.credentials);
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'PUT', path: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/proffs/${store.externalId}/store-customer/${path}`,
      headers: sessionHeaders(cookie),
      ...(payload ? { payload } : {}),
    });

  it('reads the company with its account, the read-only fields and the caller access', async () => {
    const response = await call('GET', 'current/', ordinary);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({ name: 'Kontaktbygg AB', payment_terms_days: 20 });
    expect(body.read_only).toContainEqual({ field: 'name', reason: STORE_ONLY_REASON });
    expect(body.access).toMatchObject({
      role: 'user',
      rights: { projects: true, offers: true, orders: true, invoices: false },
      region_id: null,
    });
  });

  it('saves the contact details of an administrator, the postcode without its space', async () => {
    const response = await call('PUT', 'current/', admin, {
      data: {
        address: { street: 'Nya vägen 3', postcode: '123 45', city: 'Solna' },
        phone: '08-111 22 33',
        invoice_address: { street: 'Box 9', postcode: '12300', city: 'Solna' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      address: { street: 'Nya vägen 3', postcode: '12345', city: 'Solna' },
      phone: '08-111 22 33',
      invoice_address: { street: 'Box 9', postcode: '12300', city: 'Solna' },
    });
  });

  it('accepts a store-only field sent back unchanged, and 400s naming the ones changed', async () => {
    const current = (await call('GET', 'current/', admin)).json().data;
    const same = await call('PUT', 'current/', admin, {
      data: { name: current.name, phone: '08-1' },
    });
    expect(same.statusCode).toBe(200);
    const changed = await call('PUT', 'current/', admin, {
      data: { name: 'Annat namn AB', payment_terms_days: 90, phone: '08-2' },
    });
    expect(changed.statusCode).toBe(400);
    const body = changed.json();
    expect(body.message).toContain('name');
    expect(body.message).toContain('payment_terms_days');
    expect(body.fields).toEqual([
      { path: 'data.name', message: STORE_ONLY_REASON },
      { path: 'data.payment_terms_days', message: STORE_ONLY_REASON },
    ]);
    expect((await call('GET', 'current/', admin)).json().data.phone).toBe('08-1');
  });

  it('400s an unknown field and a bad postcode', async () => {
    expect((await call('PUT', 'current/', admin, { data: { colour: 'red' } })).statusCode).toBe(
      400,
    );
    const postcode = await call('PUT', 'current/', admin, {
      data: { address: { street: 'A 1', postcode: '1234', city: 'B' } },
    });
    expect(postcode.statusCode).toBe(400);
    expect(JSON.stringify(postcode.json())).toContain('Postnumret ska vara fem siffror');
  });

  it('lets only administrators change the company (ordinary user 403)', async () => {
    const response = await call('PUT', 'current/', ordinary, { data: { phone: '1' } });
    expect(response.statusCode).toBe(403);
  });

  it('has no terms until they are accepted; then every value is true', async () => {
    const before = await call('GET', 'terms/', ordinary);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({
      external_id: store.externalId,
      version: STORE_TERMS.version,
      terms: null,
    });
    expect(termsAccepted(before.json().data.terms)).toBe(false);

    const partly = await call('PUT', 'terms/', admin, {
      version: STORE_TERMS.version,
      terms: { terms_of_sale: true, credit_check: false },
    });
    expect(partly.statusCode).toBe(400);
    const old = await call('PUT', 'terms/', admin, { version: '1999-01', terms: {} });
    expect(old.statusCode).toBe(400);
    expect((await call('PUT', 'terms/', ordinary, { version: 'x', terms: {} })).statusCode).toBe(
      403,
    );

    const all = Object.fromEntries(STORE_TERMS.conditions.map((c) => [c, true]));
    const accepted = await call('PUT', 'terms/', admin, {
      version: STORE_TERMS.version,
      terms: all,
    });
    expect(accepted.statusCode).toBe(200);
    expect(termsAccepted(accepted.json().data.terms)).toBe(true);
    const current = (await call('GET', 'current/', ordinary)).json().data;
    expect(current.terms_version).toBe(STORE_TERMS.version);
    expect(current.terms_accepted_at).not.toBeNull();
  });
});
