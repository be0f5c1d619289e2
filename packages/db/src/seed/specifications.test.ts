import { beforeAll, describe, expect, it } from 'vitest';
import { hasDoubledWord, titleNamesBrand } from '@bygg/domain/product-title';
import {
  buildBrands,
  buildCategories,
  buildSuppliers,
  expandTemplates,
  selectProducts,
  supplierFor,
  type SupplierRow,
} from './catalog.ts';
import { loadSeedData } from './data.ts';
import { PRODUCT_TYPES, productTypeOf } from './product-types.ts';
import { buildProducts, type ProductModel } from './products.ts';
import { buildSpecifications, formatNumber } from './specifications.ts';

const data = loadSeedData();
const categories = buildCategories(data.categories);
const brands = buildBrands(data.brands);
const suppliers = buildSuppliers(categories);
const leaves = categories.filter((c) => c.level === 3);
const pathOf = new Map(categories.map((c) => [c.id, c.path]));
const brandName = new Map(brands.map((b) => [b.id, b.name]));

let products: ProductModel[];
beforeAll(() => {
  const specs = selectProducts(
    expandTemplates(data),
    6_000,
    leaves.map((c) => c.path),
  );
  products = buildProducts({ specs, categories, brands, suppliers, now: new Date(2026, 0, 1) });
});

const spec = (p: ProductModel, key: string) => p.specifications.find((s) => s.key === key)?.value;
const supplies = (supplier: SupplierRow, path: string) =>
  supplier.areas.some((area) => path === area || path.startsWith(`${area}/`));

describe('suppliers', () => {
  it('has a supplier for every leaf of the category tree and every type', () => {
    for (const leaf of leaves) expect(() => supplierFor(suppliers, leaf.path, null)).not.toThrow();
    expect(Object.keys(PRODUCT_TYPES).sort()).toEqual(
      categories
        .filter((c) => c.level === 2)
        .map((c) => c.path)
        .sort(),
    );
  });

  it("gives every product a supplier whose area holds the product's category", () => {
    for (const p of products) {
      const supplier = suppliers.find((s) => s.id === p.supplierId);
      expect(supplier, p.title).toBeDefined();
      expect(supplies(supplier as SupplierRow, pathOf.get(p.categoryId) ?? ''), p.title).toBe(true);
    }
  });

  it('never has the gravel merchant supply decking', () => {
    const gravel = suppliers.find((s) => s.name === 'Norrtälje Grus och Sten AB') as SupplierRow;
    const decking = products.filter((p) => (pathOf.get(p.categoryId) ?? '').includes('/trall'));
    expect(decking.length).toBeGreaterThan(0);
    for (const p of decking) expect(p.supplierId).not.toBe(gravel.id);
  });

  it('takes one brand from one supplier within a kind of product', () => {
    const seen = new Map<string, number>();
    for (const p of products) {
      if (p.brandId === null) continue;
      const middle = (pathOf.get(p.categoryId) ?? '').split('/').slice(0, 2).join('/');
      const key = `${p.brandId}|${middle}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) expect(p.supplierId, p.title).toBe(earlier);
      seen.set(key, p.supplierId);
    }
  });
});

describe('titles and descriptions', () => {
  it('never doubles a word such as the brand in a title', () => {
    for (const p of products) expect(hasDoubledWord(p.title), p.title).toBe(false);
  });

  it("describes each product with its own kind's use, not another's", () => {
    const uses = Object.values(PRODUCT_TYPES).map((t) => t.use);
    for (const p of products) {
      const own = productTypeOf(pathOf.get(p.categoryId) ?? '').use;
      expect(p.description.startsWith(p.title), p.title).toBe(true);
      expect(p.description).toContain(own);
      for (const use of uses) if (use !== own) expect(p.description).not.toContain(use);
    }
  });

  it('names the maker in the description only when the title does not name the brand', () => {
    for (const p of products) {
      const brand = p.brandId === null ? null : brandName.get(p.brandId);
      if (!brand) continue;
      expect(p.description.includes(` från ${brand}.`), p.description).toBe(
        !titleNamesBrand(p.title, brand),
      );
    }
  });
});

describe('specifications', () => {
  it('gives every product a category, material and weight, and certifications where its kind has them', () => {
    for (const p of products) {
      const type = productTypeOf(pathOf.get(p.categoryId) ?? '');
      expect(spec(p, 'category'), p.title).toBeTruthy();
      expect(spec(p, 'material'), p.title).toBeTruthy();
      expect(spec(p, 'weight'), p.title).toMatch(/^(ca )?\d[\d ]*(,\d+)? kg(\/m)?$/);
      // Wood certifications are kept for wooden products only (an MDF moulding has none).
      if (type.certifications.some((c) => !/NTR|PEFC|FSC/.test(c))) {
        expect(spec(p, 'certifications'), p.title).toBeTruthy();
      }
      const keys = p.specifications.map((s) => s.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('reads timber dimensions, length and strength class from the title and computes the weight per metre', () => {
    const rows = buildSpecifications({
      productId: 1,
      title: 'Regel 45x95 mm C24 hyvlad gran 3,6 m',
      brand: 'Moelven',
      categoryPath: 'travaror/konstruktionsvirke/reglar',
      categoryName: 'Reglar',
      unit: 'lpm',
      labels: [],
      pricePosition: 0.5,
    });
    const value = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(value).toMatchObject({
      category: 'Reglar',
      brand: 'Moelven',
      dimensions: '45 × 95 mm',
      length: '3,6 m',
      material: 'Gran',
      strength_class: 'C24',
      finish: 'Hyvlad',
      // 0,045 × 0,095 m × 470 kg/m³ = 2,0 kg per metre.
      weight: '2 kg/m',
    });
    expect(rows.find((r) => r.key === 'weight')?.label).toBe('Vikt per löpmeter');
    expect(value.certifications).toContain('EN 14081-1');
  });

  it('computes a board weight from its size, thickness and density', () => {
    const rows = buildSpecifications({
      productId: 2,
      title: 'Gipsskiva Gyproc standard 12,5 mm 900x2400 mm',
      brand: 'Gyproc',
      categoryPath: 'skivmaterial/gipsskivor/innervaggsgips',
      categoryName: 'Innerväggsgips',
      unit: 'st',
      labels: ['Basta'],
      pricePosition: 0.2,
    });
    const value = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(value).toMatchObject({
      dimensions: '900 × 2 400 mm',
      thickness: '12,5 mm',
      material: 'Gips med kartongyta',
      // 0,9 × 2,4 × 0,0125 m³ × 720 kg/m³ = 19,4 kg.
      weight: '19 kg',
      labels: 'Basta',
    });
  });

  it('reads volume, colour and gloss of paint, and classes of tools and workwear', () => {
    const paint = buildSpecifications({
      productId: 3,
      title: 'Väggfärg matt glans 7 vit 2,7 l',
      brand: 'Alcro',
      categoryPath: 'farg/inomhusfarg/vaggfarg',
      categoryName: 'Väggfärg',
      unit: 'st',
      labels: [],
      pricePosition: 0.5,
    });
    expect(Object.fromEntries(paint.map((r) => [r.key, r.value]))).toMatchObject({
      volume: '2,7 l',
      colour: 'Vit',
      gloss: 'Glans 7',
      weight: '3,6 kg',
    });
    const drill = buildSpecifications({
      productId: 4,
      title: 'Makita Borrskruvdragare 18V 2x4,0Ah',
      brand: 'Makita',
      categoryPath: 'verktyg/elverktyg/borrskruvdragare',
      categoryName: 'Borrskruvdragare',
      unit: 'st',
      labels: [],
      pricePosition: 0.5,
    });
    expect(Object.fromEntries(drill.map((r) => [r.key, r.value]))).toMatchObject({
      voltage: '18 V',
      capacity: '4,0 Ah',
    });
    const shoe = buildSpecifications({
      productId: 5,
      title: 'Skyddssko S3 stl 43',
      brand: null,
      categoryPath: 'arbetsklader-och-skydd/skyddsskor/skyddsskor-hoga',
      categoryName: 'Skyddsskor höga',
      unit: 'st',
      labels: [],
      pricePosition: 0.5,
    });
    expect(shoe.find((r) => r.key === 'protection_class')?.value).toBe('S3');
    expect(shoe.find((r) => r.key === 'certifications')?.value).toContain('EN ISO 20345');
  });

  it('does not take a colour or décor word for the material outside wood products', () => {
    const laminate = buildSpecifications({
      productId: 6,
      title: 'Laminatgolv ek natur 8 mm AC4 1-stav',
      brand: 'Pergo',
      categoryPath: 'golv/laminatgolv/laminatgolv',
      categoryName: 'Laminatgolv',
      unit: 'm²',
      labels: [],
      pricePosition: 0.5,
    });
    const value = Object.fromEntries(laminate.map((r) => [r.key, r.value]));
    expect(value.material).toBe('HDF med dekorpapper och slitskikt');
    expect(value.wear_class).toBe('AC4');
    expect(value.certifications).not.toMatch(/FSC|PEFC/);
  });

  it('formats numbers the Swedish way', () => {
    expect(formatNumber(2400)).toBe('2 400');
    expect(formatNumber(0.35, 2)).toBe('0,35');
    expect(formatNumber(3, 1)).toBe('3');
  });
});
