import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@bygg/contracts/products';
import type { SearchResult } from '@bygg/contracts/search';
import { sql } from '@bygg/db/orm';
import { rebuildSearchIndex } from '@bygg/db/search/refresh';
import { createArticle } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';

// Inflection, compounds and the head-noun ranking of GET search/ and products/?q= (issue 22)
// on a catalogue of this file's own products, so each expectation names the products it is
// about. Compounds split into the parts the catalogue itself uses (skruv, panel, fönster,
// glas, and inner from innerdörr and innerpanel), as in the demo catalogue. Popularity is
// set against the wanted order where ranking is tested.

let t: TestApp;
const TITLES = {
  innerdörr: 'Innerdörr slät vit 9x21',
  glasdörr: 'Glasdörr härdat glas 9x21',
  fodersats: 'Fodersats dörr vitmålad',
  träskruv: 'Träskruv förzinkad 4,2x45 mm',
  skruvdragare: 'Skruvdragare 18 V',
  sågadBräda: 'Bräda 22x100 mm sågad gran',
  hyvladBräda: 'Hyvlad bräda 21x70 mm furu',
  handtag: 'Handtag bygel svart',
  fönsterhandtag: 'Fönsterhandtag vit låsbart',
  granpanel: 'Innerpanel gran pärlspont 12x95 mm',
  furupanel: 'Innerpanel furu fasspont 12x95 mm',
  laminatgolv: 'Laminatgolv ek natur 8 mm',
  laminatlist: 'Golvlist för laminat ek',
  gipsskiva: 'Gipsskiva standard 12,5 mm 900x2500 mm',
  hård1: 'Hård gipsskiva 12,5 mm 900x2500 mm',
  hård2: 'Hård gipsskiva 15,4 mm 1200x2500 mm stötålig',
  hård3: 'Hård gipsskiva 12,5 mm 900x2700 mm för tak',
  regel: 'Regel 45x95 mm C24 gran',
  reglersats: 'Golvvärme reglersats',
  mutter: 'Mutter M8 förzinkad',
  skruv: 'Skruv M6 förzinkad',
  panel: 'Panel furu obehandlad',
  fönster: 'Fönster trä 1-luft',
} as const;
type Key = keyof typeof TITLES;

beforeAll(async () => {
  t = await buildTestApp({ seeded: false });
  const db = t.database.database.db;
  for (const title of Object.values(TITLES)) {
    const article = await createArticle(db, { title });
    // The case: the hard boards are the popular ones, the standard board is not.
    const popularity = title.startsWith('Hård') ? 900 : title === TITLES.fodersats ? 800 : 10;
    await db.execute(
      sql`update products set popularity = ${popularity} where id = ${article.productId}`,
    );
  }
  await rebuildSearchIndex(db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function found(q: string): Promise<string[]> {
  const res = await t.app.inject({
    url: `/api/v2.0/search/?q=${encodeURIComponent(q)}&count=10`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<SearchResult>().products.map((p) => p.text);
}

const titles = (...keys: Key[]) => keys.map((k) => TITLES[k]);

describe('search/ understands Swedish inflection (Hunspell sv_SE)', () => {
  it('"dörrar" finds the doors first, before a door casing that says "dörr"', async () => {
    const result = await found('dörrar');
    expect(result.slice(0, 2).sort()).toEqual(titles('innerdörr', 'glasdörr').sort());
    expect(result).toContain(TITLES.fodersats);
  });

  it('"skruvarna" finds the screws, the plain word and the compound', async () => {
    const result = await found('skruvarna');
    expect(result.slice(0, 2).sort()).toEqual(titles('skruv', 'träskruv').sort());
  });

  it('"brädorna" finds both boards', async () => {
    const result = await found('brädorna');
    expect(result.slice(0, 2).sort()).toEqual(titles('sågadBräda', 'hyvladBräda').sort());
  });

  it('"handtagen" finds the handle first, then the window handle', async () => {
    expect(await found('handtagen')).toEqual(titles('handtag', 'fönsterhandtag'));
  });

  it('"reglar" (a plural the stemmer cuts to regl) finds Regel before a "reglersats"', async () => {
    const result = await found('reglar');
    expect(result[0]).toBe(TITLES.regel);
  });

  it('"muttrar" (mutter with its e dropped) finds Mutter', async () => {
    expect(await found('muttrar')).toEqual([TITLES.mutter]);
  });
});

describe('search/ understands compounds', () => {
  it('"granpanel" finds the panel whose title says "Innerpanel gran", not the pine one', async () => {
    expect(await found('granpanel')).toEqual([TITLES.granpanel]);
  });

  it('"laminatgolf" (a typo in the last part) finds Laminatgolv first', async () => {
    const result = await found('laminatgolf');
    expect(result[0]).toBe(TITLES.laminatgolv);
  });

  it('"laminatgolvet" (a compound the dictionary lacks, inflected) finds Laminatgolv', async () => {
    const result = await found('laminatgolvet');
    expect(result[0]).toBe(TITLES.laminatgolv);
  });
});

describe('ranking by the head noun', () => {
  it('"gipsskiva" puts the standard board first although the hard boards sell more', async () => {
    const result = await found('gipsskiva');
    expect(result[0]).toBe(TITLES.gipsskiva);
    expect(result.slice(1).sort()).toEqual(titles('hård1', 'hård2', 'hård3').sort());
  });

  it('products/?q= ranks as search/ does', async () => {
    for (const q of ['gipsskiva', 'dörrar', 'reglar']) {
      const res = await t.app.inject({
        url: `/api/v2.0/products/?q=${encodeURIComponent(q)}&page_size=10`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<ProductPage>().results.map((p) => p.title)).toEqual(await found(q));
    }
  });
});
