import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation } from '@bygg/contracts/organisations';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v2.0/organisation/', () => {
  it('answers the store chain when no organisation header is sent', async () => {
    const response = await t.app.inject({ url: '/api/v2.0/organisation/' });
    expect(response.statusCode).toBe(200);
    const organisation = response.json() as Organisation;
    expect(organisation.id).toBe('store-chain');
    expect(organisation.store_name_prefix.length).toBeGreaterThan(0);
    expect(organisation.free_shipping_threshold_sek).toBe(499);
    expect(typeof organisation.flags.picklistRoot).toBe('boolean');
  });

  it('answers the building-supply chain when the header names it', async () => {
    const response = await t.app.inject({
      url: '/api/v2.0/organisation/',
      headers: { 'x-organisation': 'building-supply' },
    });
    const organisation = response.json() as Organisation;
    expect(organisation.id).toBe('building-supply');
    expect(response.headers.vary).toContain('x-organisation');
  });
});

describe('a deployment whose ORGANISATION is the building-supply chain (issue 22)', () => {
  let supply: TestApp;

  beforeAll(async () => {
    supply = await buildTestApp({ organisation: 'building-supply' });
  });

  afterAll(async () => {
    await supply?.close();
  });

  it('answers as the deployment’s organisation when no header is sent', async () => {
    const organisation = (
      await supply.app.inject({ url: '/api/v2.0/organisation/' })
    ).json() as Organisation;
    expect(organisation.id).toBe('building-supply');
    const stores = (await supply.app.inject({ url: '/api/v2.0/stores/' })).json() as {
      results: Array<{ name: string }>;
    };
    expect(stores.results.length).toBeGreaterThan(0);
    expect(stores.results.every((store) => store.name.startsWith('Stomvik'))).toBe(true);
  });

  it('still answers the organisation a header names', async () => {
    const organisation = (
      await supply.app.inject({
        url: '/api/v2.0/organisation/',
        headers: { 'x-organisation': 'store-chain' },
      })
    ).json() as Organisation;
    expect(organisation.id).toBe('store-chain');
  });
});

describe('GET /api/health', () => {
  it('answers 200 ready with both organisations once the database is seeded', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ready',
      organisations: ['building-supply', 'store-chain'],
    });
  });
});
