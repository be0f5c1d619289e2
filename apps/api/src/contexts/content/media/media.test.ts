import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages } from '@bygg/db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { PICTOGRAM_CATEGORIES, productImageSvg } from './pictograms.ts';
import { RENDER_VERSION } from './service.ts';
import { productColour, SHAPE_NAMES, shapeOf, TYPE_SHAPES } from './type-pictograms.ts';

let t: TestApp;
let imageKey: string;

beforeAll(async () => {
  t = await buildTestApp();
  const [image] = await t.database.database.db.select().from(productImages).limit(1);
  imageKey = image?.imageKey as string;
});

afterAll(async () => {
  await t?.close();
});

describe('productImageSvg', () => {
  it('draws a pictogram for every top-level category of the demo tree', () => {
    expect(PICTOGRAM_CATEGORIES).toHaveLength(15);
  });

  it('uses the background colour it is given', () => {
    const svg = productImageSvg({
      width: 10,
      height: 10,
      background: '#123456',
      topCategory: 'el',
    });
    expect(svg).toContain('fill="#123456"');
  });
});

describe('pictures per kind of product (issue 22)', () => {
  const svg = (categoryPath: string, title: string, imageKey = 'p1-1') =>
    productImageSvg({
      width: 100,
      height: 100,
      background: '#f4efe6',
      topCategory: categoryPath.split('/')[0] ?? '',
      categoryPath,
      title,
      imageKey,
    });

  it('has a drawing for every kind of product, and most kinds differ', () => {
    expect(Object.keys(TYPE_SHAPES)).toHaveLength(81);
    for (const shape of Object.values(TYPE_SHAPES)) expect(SHAPE_NAMES).toContain(shape);
    expect(new Set(Object.values(TYPE_SHAPES)).size).toBeGreaterThan(45);
  });

  it('draws timber, paint and a power tool differently though all are in the same box', () => {
    const timber = svg('travaror/konstruktionsvirke/reglar', 'Regel 45x95 mm C24 gran 3,0 m');
    const paint = svg('farg/inomhusfarg/vaggfarg', 'Väggfärg matt vit 2,7 l');
    const drill = svg('verktyg/elverktyg/borrskruvdragare', 'Makita Borrskruvdragare 18V');
    expect(new Set([timber, paint, drill]).size).toBe(3);
    expect(shapeOf('travaror/konstruktionsvirke/reglar')).toBe('plank');
    expect(shapeOf('farg/inomhusfarg/vaggfarg')).toBe('can');
  });

  it('colours the drawing from the title and varies it per product', () => {
    expect(productColour('Takplåt trapetsprofil svart 3,0 m', 'tak/takplat/x')).toBe('#2d2f31');
    expect(productColour('Trall 28x120 mm tryckimpregnerad NTR AB grön', 'travaror/x/y')).toBe(
      '#6f8a3c',
    );
    const red = svg('tak/takplat/profilerad-takplat', 'Takplåt tegelröd');
    const black = svg('tak/takplat/profilerad-takplat', 'Takplåt svart');
    expect(red).not.toBe(black);
    expect(svg('golv/laminatgolv/laminatgolv', 'Laminatgolv ek', 'p1-1')).not.toBe(
      svg('golv/laminatgolv/laminatgolv', 'Laminatgolv ek', 'p2-1'),
    );
  });

  it('falls back to the top category pictogram for an unknown kind', () => {
    expect(svg('el/okand/x', 'Något')).toContain(
      productImageSvg({ width: 100, height: 100, background: '#f4efe6', topCategory: 'el' }).split(
        '\n',
      )[2],
    );
  });
});

describe('GET /media/products/{imageKey}/{width}.webp', () => {
  it('renders a WebP of the asked width, cached for a year, and keeps it on disk', async () => {
    const response = await t.app.inject({ url: `/media/products/${imageKey}/320.webp` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(320);
    const file = path.join(
      t.dataDir,
      'media',
      'products',
      `v${RENDER_VERSION}`,
      imageKey,
      '320.webp',
    );
    expect((await stat(file)).size).toBe(response.rawPayload.length);
    const again = await t.app.inject({ url: `/media/products/${imageKey}/320.webp` });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('rejects a width that is not one of the srcset widths with 400', async () => {
    const response = await t.app.inject({ url: `/media/products/${imageKey}/333.webp` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe('params.width');
  });

  it('rejects a file name that is not {width}.webp with 400', async () => {
    const response = await t.app.inject({ url: `/media/products/${imageKey}/big.png` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe('params.file');
  });

  it('answers 404 for an unknown image key', async () => {
    const response = await t.app.inject({ url: '/media/products/finns-inte/320.webp' });
    expect(response.statusCode).toBe(404);
  });
});
