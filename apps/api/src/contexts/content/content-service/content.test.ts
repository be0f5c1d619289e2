import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '@bygg/db/orm';
import { djediNodes } from '@bygg/db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';

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

  it('rejects a version that is not a positive whole number, naming the uri', async () => {
    const response = await nodes({ 'store/no-results#senaste': null });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe('body.store/no-results#senaste');
  });

  it('stores a default the first time it is seen; a later, different default does not replace it', async () => {
    const first = await nodes({ 'l10n://footer/ny-etikett.txt': 'Första standardtext' });
    expect(first.json()).toEqual({ 'l10n://footer/ny-etikett.txt': 'Första standardtext' });
    // Another spelling of the same node with another default answers the stored value.
    const second = await nodes({ 'l10n://local@footer/ny-etikett': 'Annan standardtext' });
    expect(second.json()).toEqual({ 'l10n://local@footer/ny-etikett': 'Första standardtext' });
    const stored = await t.database.database.db
      .select({ value: djediNodes.value, version: djediNodes.version })
      .from(djediNodes)
      .where(eq(djediNodes.uri, 'l10n://local@footer/ny-etikett.txt'));
    expect(stored).toEqual([{ value: 'Första standardtext', version: 1 }]);
  });

  it('does not store a default sent for a language that fell back to en-us, nor with a version', async () => {
    await nodes({ 'i18n://fr-fr@header/bonjour.txt': 'Bonjour', 'header/pinnad#2': 'Pinnad' });
    const after = await nodes({ 'i18n://en-us@header/bonjour.txt': null, 'header/pinnad': null });
    expect(after.json()).toEqual({
      'i18n://en-us@header/bonjour.txt': null,
      'header/pinnad': null,
    });
  });

  it('sanitises a rich-text default before storing it', async () => {
    const uri = 'i18n://sv-se@header/rik-standard.html';
    const response = await nodes({ [uri]: '<p onclick="x()">Hej<script>alert(1)</script></p>' });
    expect(response.json()).toEqual({ [uri]: '<p>Hej</p>' });
  });

  it('answers many nodes in one call, each keyed as it was asked for', async () => {
    const body = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`i18n://sv-se@batch/etikett-${i}.txt`, `Text ${i}`]),
    );
    const response = await nodes(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body);
    expect((await nodes({ ...body, 'store/no-results': null })).json()['store/no-results']).toBe(
      'Inga butiker hittades.',
    );
  });
});
