import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seeded: false });
});

afterAll(async () => {
  await t?.close();
});

describe('OpenAPI documentation', () => {
  it('lists every route of the API in the OpenAPI 3 document at /api/docs/json', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/v2.0/organisation/',
        '/api/v2.0/stores/',
        '/api/v2.0/stores/closest/',
        '/api/v2.0/stores/{id}/',
        '/api/v2.0/category_tree/',
        '/djedi/nodes/',
        '/djedi/embed/',
        '/api/djedi_pages/nodes/',
        '/api/djedi_pages/menu/',
        '/api/djedi_pages/footer/',
        '/media/products/{imageKey}/{file}',
      ]),
    );
    expect(document.paths['/api/v2.0/stores/'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'zip_code', in: 'query' })]),
    );
  });

  it('serves the docs page at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(response.statusCode);
    const page =
      response.statusCode === 302
        ? await t.app.inject({ url: response.headers.location as string })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('OpenAPI components', () => {
  it('defines every schema that a $ref points at', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const refs = [
      ...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g),
    ].map((match) => match[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(document.components.schemas, `missing ${ref}`).toHaveProperty(ref as string);
    }
  });
});
