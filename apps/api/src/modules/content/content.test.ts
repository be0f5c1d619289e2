import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const nodes = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/djedi/nodes/', payload: payload as object, headers });

describe('POST /djedi/nodes/', () => {
  it('answers stored labels by uri, in full or with the defaults left out', async () => {
    const response = await nodes({
      'i18n://sv-se@store/no-results.txt': null,
      'store/no-results': 'Standardtext',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      'i18n://sv-se@store/no-results.txt': 'Inga butiker hittades.',
      'store/no-results': 'Inga butiker hittades.',
    });
  });

  it('answers the given default, or null, for a node that is not stored', async () => {
    const response = await nodes({ 'header/finns-inte': 'Standard', 'header/saknas': null });
    expect(response.json()).toEqual({ 'header/finns-inte': 'Standard', 'header/saknas': null });
  });

  it('reads an unknown language from en-us, where no Swedish label is served', async () => {
    const response = await nodes({ 'i18n://de-de@store/no-results.txt': 'No stores' });
    expect(response.json()).toEqual({ 'i18n://de-de@store/no-results.txt': 'No stores' });
  });

  it('answers the default when another version than the stored one is asked for', async () => {
    const response = await nodes({ 'store/no-results#99': 'Annan version' });
    expect(response.json()).toEqual({ 'store/no-results#99': 'Annan version' });
  });

  it('rejects a body that is not an object of strings with 400 naming the field', async () => {
    const response = await nodes({ 'header/login': 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe('body.header/login');
    expect((await nodes([1, 2])).statusCode).toBe(400);
  });

  it('rejects a uri without a path', async () => {
    const response = await nodes({ 'i18n://sv-se@': null });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /djedi/embed/', () => {
  it('answers 204, no editor overlay, for everyone', async () => {
    const response = await t.app.inject({ url: '/djedi/embed/' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });
});
