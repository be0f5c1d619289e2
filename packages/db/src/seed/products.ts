import { AVAILABILITY, STOCK_TYPE } from '@bygg/domain/availability';
import { productSearchText } from '@bygg/domain/search-text';
import type { OrganisationId } from '@bygg/domain/organisations';
import { slugify } from '@bygg/domain/slug';
import type { ArticleOption, ChoiceTreeEntry } from '../schema/catalog.ts';
import {
  type BrandRow,
  type CategoryRow,
  type ProductSpec,
  type SupplierRow,
  articleIdOf,
  buildChoiceTree,
  comparisonOf,
  gtinOf,
  sourceCodeOf,
  supplierFor,
  UNIT_WORDS,
} from './catalog.ts';
import type { ProductSpecification } from '../schema/catalog.ts';
import { buildSpecifications, describe } from './specifications.ts';
import { hashString, unit } from './random.ts';
import { shelfPriceOre } from './text.ts';

export type ArticleModel = {
  id: number;
  productId: number;
  position: number;
  title: string;
  options: ArticleOption[];
  erpArticleNumbers: string[];
  sourceCode: string;
  availability: number;
  stockType: number;
  gtin: string;
  comparisonUnit: string | null;
  comparisonQuantityMilli: number | null;
  /** Store-chain list price, öre incl. VAT. */
  listPriceOre: number;
  /** Building-supply list price, öre incl. VAT. */
  supplyListPriceOre: number;
};

export type ProductModel = {
  id: number;
  slug: string;
  title: string;
  description: string;
  brandId: number | null;
  supplierId: number;
  categoryId: number;
  unit: string;
  popularity: number;
  isWebAssortment: boolean;
  isCentralAssortment: boolean;
  organisationIds: OrganisationId[];
  searchText: string;
  createdAt: Date;
  articles: ArticleModel[];
  choiceTree: ChoiceTreeEntry[] | null;
  /** The specifications table (issue 22). */
  specifications: ProductSpecification[];
};

export type ImageRow = {
  productId: number;
  position: number;
  imageKey: string;
  alt: string;
  width: number;
  height: number;
  background: string;
};

export type SustainabilityRow = {
  productId: number;
  rating: string;
  grade: string;
  labels: string[];
};

/** Soft background tints per top category, so generated images look like a catalogue. */
const BACKGROUNDS = [
  '#f4efe6',
  '#eef2f5',
  '#f6f1e9',
  '#eef3ee',
  '#f2eef4',
  '#f7f3ec',
  '#eceff1',
  '#f3f0ea',
];

/** Consumer-oriented top categories the building-supply chain carries less of. */
const CONSUMER_TOPS = new Set(['farg', 'verktyg', 'el', 'mark-och-tradgard', 'golv', 'vvs']);

/** Made-to-order goods: windows, doors and garage doors are not kept in stock. */
const MADE_TO_ORDER = /^fonster-och-dorrar\/(fonster|ytterdorrar|innerdorrar|garageportar)\//;

export type BuildProductsInput = {
  specs: readonly ProductSpec[];
  categories: readonly CategoryRow[];
  brands: readonly BrandRow[];
  suppliers: readonly SupplierRow[];
  now: Date;
};

export function buildProducts(input: BuildProductsInput): ProductModel[] {
  const categoryByPath = new Map(input.categories.map((c) => [c.path, c]));
  const categoryOrder = new Map(input.categories.map((c, i) => [c.path, i]));
  const brandByName = new Map(input.brands.map((b) => [b.name, b]));
  // Ids follow the category tree, then the title; code-unit order is enough and fast.
  const sortKey = (s: ProductSpec) =>
    `${String(categoryOrder.get(s.categoryPath) ?? 0).padStart(4, '0')}\u0000${s.title}\u0000${s.brand ?? ''}`;
  const sorted = input.specs
    .map((spec) => ({ spec, key: sortKey(spec) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.spec);
  // Each product's price position in its leaf (log scale), which places its typical weight.
  const priceRange = new Map<string, [number, number]>();
  const logPrice = (spec: ProductSpec) => Math.log(Math.max(1, spec.articles[0]?.priceSek ?? 1));
  for (const spec of sorted) {
    const p = logPrice(spec);
    const range = priceRange.get(spec.categoryPath);
    if (!range) priceRange.set(spec.categoryPath, [p, p]);
    else priceRange.set(spec.categoryPath, [Math.min(range[0], p), Math.max(range[1], p)]);
  }
  const slugs = new Set<string>();
  let articleIndex = 0;
  const day = 86_400_000;
  return sorted.map((spec, i) => {
    const id = i + 1;
    const category = categoryByPath.get(spec.categoryPath);
    if (!category) throw new Error(`Unknown category ${spec.categoryPath}`);
    const brand = spec.brand ? brandByName.get(spec.brand) : undefined;
    const top = spec.categoryPath.split('/')[0] ?? '';
    const h = hashString(spec.key);
    const base = slugify(
      brand && !spec.title.includes(brand.name) ? `${spec.title} ${brand.name}` : spec.title,
    );
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    const isWebAssortment = unit(h, 1) >= 0.08;
    const isCentralAssortment = isWebAssortment && unit(h, 2) < 0.8;
    const supplyShare = CONSUMER_TOPS.has(top) ? 0.45 : 0.85;
    const organisationIds: OrganisationId[] =
      unit(h, 3) < supplyShare ? ['store-chain', 'building-supply'] : ['store-chain'];
    const madeToOrder = MADE_TO_ORDER.test(spec.categoryPath);
    const supplierId = supplierFor(input.suppliers, spec.categoryPath, brand?.name ?? null).id;
    const specifications = buildSpecifications({
      productId: id,
      title: spec.title,
      brand: brand?.name ?? null,
      categoryPath: spec.categoryPath,
      categoryName: category.name,
      unit: spec.unit,
      labels: sustainabilityOf({ id })?.labels ?? [],
      pricePosition: (() => {
        const [min, max] = priceRange.get(spec.categoryPath) ?? [0, 0];
        return max > min ? (logPrice(spec) - min) / (max - min) : 0.5;
      })(),
    });
    const articles: ArticleModel[] = spec.articles.map((a, position) => {
      const articleId = articleIdOf(articleIndex++);
      const u = unit(articleId, 5);
      let availability: number = AVAILABILITY.SELLABLE | AVAILABILITY.BOOKABLE;
      if (isWebAssortment) availability |= AVAILABILITY.SHIPPABLE;
      if (madeToOrder) availability |= AVAILABILITY.NON_STOCKED_ITEM;
      if (u < 0.01) availability |= AVAILABILITY.HIDDEN;
      else if (u < 0.02) availability |= AVAILABILITY.HIDDEN_PRICE;
      else if (u < 0.04) availability |= AVAILABILITY.HIDDEN_STOCK;
      const stockType = madeToOrder
        ? STOCK_TYPE.UNSTOCKED
        : u > 0.98
          ? STOCK_TYPE.STOCKED | STOCK_TYPE.TEMP_OUT_OF_STOCK
          : STOCK_TYPE.STOCKED;
      const comparison = comparisonOf(a.title, spec.unit, a.packOf);
      const erp = String(10_000_000 + (hashInt(articleId) % 89_999_999));
      return {
        id: articleId,
        productId: id,
        position,
        title: a.title,
        options: a.options,
        erpArticleNumbers:
          unit(articleId, 6) < 0.05
            ? [erp, `${erp.slice(0, 6)}-${sourceCodeOf(articleId)}`]
            : [erp],
        sourceCode: sourceCodeOf(articleId),
        availability,
        stockType,
        gtin: gtinOf(articleId),
        comparisonUnit: comparison?.unit ?? null,
        comparisonQuantityMilli: comparison?.milli ?? null,
        listPriceOre: shelfPriceOre(a.priceSek),
        supplyListPriceOre: shelfPriceOre(a.priceSek * (0.97 + unit(articleId, 7) * 0.08)),
      };
    });
    const choiceTree =
      spec.choiceVars.length > 0 && articles.length > 1
        ? buildChoiceTree(
            spec.choiceVars,
            articles.map((a, k) => ({
              id: a.id,
              erp: a.erpArticleNumbers[0] ?? '',
              choiceValues: spec.articles[k]?.choiceValues ?? {},
            })),
          )
        : null;
    return {
      id,
      slug,
      title: spec.title,
      description: describe(
        spec.title,
        brand?.name ?? null,
        spec.categoryPath,
        specifications,
        UNIT_WORDS[spec.unit] ?? spec.unit,
      ),
      brandId: brand?.id ?? null,
      supplierId,
      categoryId: category.id,
      unit: spec.unit,
      popularity: Math.floor(unit(h, 4) ** 3 * 10_000),
      isWebAssortment,
      isCentralAssortment,
      organisationIds,
      searchText: productSearchText({
        title: spec.title,
        brand: brand?.name ?? null,
        category: category.name,
      }),
      createdAt: new Date(input.now.getTime() - (200 + (h % 600)) * day),
      articles,
      choiceTree,
      specifications,
    };
  });
}

function hashInt(n: number): number {
  return hashString(String(n));
}

export function imagesOf(product: ProductModel, topIndex: number): ImageRow[] {
  const count = 1 + (hashInt(product.id) % 3);
  const landscape = unit(product.id, 8) < 0.3;
  return Array.from({ length: count }, (_, k) => ({
    productId: product.id,
    position: k,
    imageKey: `p${product.id}-${k + 1}`,
    alt: k === 0 ? product.title : `${product.title}, bild ${k + 1}`,
    width: landscape ? 1600 : 1200,
    height: 1200,
    background: BACKGROUNDS[(topIndex + k) % BACKGROUNDS.length] ?? '#f4efe6',
  }));
}

const LABELS = ['Svanen', 'EU Blomman', 'Basta', 'Sundahus', 'BVB'] as const;

export function sustainabilityOf(product: Pick<ProductModel, 'id'>): SustainabilityRow | null {
  if (unit(product.id, 9) >= 0.3) return null;
  const r = unit(product.id, 10);
  const rating = r < 0.5 ? 'Rekommenderas' : r < 0.85 ? 'Accepteras' : 'Undviks';
  const g = unit(product.id, 12);
  const grade =
    rating === 'Rekommenderas'
      ? g < 0.5
        ? 'A'
        : 'B'
      : rating === 'Accepteras'
        ? g < 0.5
          ? 'C+'
          : 'C-'
        : 'D';
  const labels =
    rating === 'Undviks'
      ? []
      : LABELS.filter((_, k) => unit(product.id, 20 + k) < (k === 2 ? 0.6 : 0.25));
  return { productId: product.id, rating, grade, labels };
}
