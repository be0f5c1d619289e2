import { AVAILABILITY, STOCK_TYPE } from '@bygg/domain/availability';
import { productSearchText } from '@bygg/domain/search-text';
import {
  ELITFONSTER_WINDOW,
  WINDOW_STEPS,
  WINDOW_STEP_LABELS,
  allWindowSelections,
  configureWindow,
  type WindowModel,
  type WindowSelection,
  type WindowStep,
} from '@bygg/domain/window-configurator';
import type { ChoiceTreeEntry, ProductSpecification } from '../schema/catalog.ts';
import {
  type BrandRow,
  type CategoryRow,
  type SupplierRow,
  articleIdOf,
  gtinOf,
  supplierFor,
} from './catalog.ts';
import type { ArticleModel, ProductModel } from './products.ts';

/**
 * "Bygg ditt fönster" (issue 22): the store chain's configurable Elitfönster window. Every
 * makeable choice of the model is a real article (made to order, priced by the price table
 * like any other), and the product's choice tree maps each path of choices to its article.
 */
export const WINDOW_CONFIGURATOR = {
  organisationId: 'store-chain',
  brandSlug: 'elitfonster',
  brandName: 'Elitfönster',
  categoryPath: 'fonster-och-dorrar/fonster/sidohangda-fonster',
  slug: 'elitfonster-bygg-ditt-fonster-tra-aluminium',
  title: 'Träfönster aluminiumbeklätt, måttbeställt',
  model: ELITFONSTER_WINDOW,
} as const;

function choiceLabel(model: WindowModel, step: WindowStep, value: string): string {
  switch (step) {
    case 'width':
    case 'height':
      return `${value} dm`;
    case 'glazing':
      return model.glazings.find((g) => g.value === value)?.label ?? value;
    case 'depth':
      return model.depths.find((d) => d.value === value)?.label ?? value;
    case 'opening':
      return model.openings.find((o) => o.value === value)?.label ?? value;
    case 'colour':
      return model.colours.find((c) => c.value === value)?.label ?? value;
  }
}

function weightRange(model: WindowModel): string {
  const areas = model.widthsDm.flatMap((w) => model.heightsDm.map((h) => (w * h) / 100));
  const min = Math.round(Math.min(...areas) * 30);
  const max = Math.round(Math.max(...areas) * 40);
  return `${min}–${max} kg beroende på storlek och glas`;
}

/** The choice tree of the configurator's articles (storefront spec §3). */
export function windowChoiceTree(
  model: WindowModel,
  articles: ReadonlyArray<{ id: number; erp: string; selection: WindowSelection }>,
): ChoiceTreeEntry[] {
  return WINDOW_STEPS.map((name, depth) => {
    const deps = WINDOW_STEPS.slice(0, depth);
    const values: string[] = [];
    const byPath: Record<string, number[]> = {};
    const skus: Record<string, string[]> = {};
    for (const a of articles) {
      const value = String(a.selection[name]);
      if (!values.includes(value)) values.push(value);
      const path = [...deps, name].map((n) => String(a.selection[n])).join('|');
      (byPath[path] ??= []).push(a.id);
      (skus[path] ??= []).push(a.erp);
    }
    return {
      name,
      label: WINDOW_STEP_LABELS[name],
      choices: values.map((value) => ({ value, label: choiceLabel(model, name, value) })),
      deps: [...deps],
      articles: byPath,
      article_skus: skus,
    };
  });
}

/**
 * The configurable product, appended after the generated catalogue: its id follows the last
 * product's, its article ids continue the catalogue's id sequence (articleIdOf is a
 * bijection, so they never collide).
 */
export function buildWindowConfiguratorProduct(input: {
  products: readonly ProductModel[];
  categories: readonly CategoryRow[];
  brands: readonly BrandRow[];
  suppliers: readonly SupplierRow[];
  now: Date;
}): ProductModel {
  const c = WINDOW_CONFIGURATOR;
  const category = input.categories.find((x) => x.path === c.categoryPath);
  const brand = input.brands.find((b) => b.name === c.brandName);
  if (!category || !brand) throw new Error('Elitfönster or the window category is missing');
  const id = input.products.reduce((max, p) => Math.max(max, p.id), 0) + 1;
  let next = input.products.reduce((n, p) => n + p.articles.length, 0);
  const articles: Array<ArticleModel & { selection: WindowSelection }> = [];
  for (const selection of allWindowSelections(c.model)) {
    const result = configureWindow(c.model, selection, c.brandName);
    if (!result.ok) continue;
    const articleId = articleIdOf(next++);
    articles.push({
      id: articleId,
      productId: id,
      position: articles.length,
      title: result.window.description,
      options: result.window.options,
      erpArticleNumbers: [`EF-${result.window.key.replaceAll('|', '-').toUpperCase()}`],
      sourceCode: 'TP',
      availability:
        AVAILABILITY.SELLABLE |
        AVAILABILITY.BOOKABLE |
        AVAILABILITY.SHIPPABLE |
        AVAILABILITY.NON_STOCKED_ITEM,
      stockType: STOCK_TYPE.UNSTOCKED,
      gtin: gtinOf(articleId),
      comparisonUnit: null,
      comparisonQuantityMilli: null,
      listPriceOre: result.window.listPriceOre,
      supplyListPriceOre: result.window.listPriceOre,
      selection,
    });
  }
  const specifications: ProductSpecification[] = [
    { key: 'material', label: 'Material', value: 'Furu, utsida aluminiumbeklädd' },
    {
      key: 'sizes',
      label: 'Modulmått',
      value: `Bredd ${c.model.widthsDm.join(', ')} dm; höjd ${c.model.heightsDm.join(', ')} dm`,
    },
    { key: 'glazing', label: 'Glas', value: '2-glas eller 3-glas isolerruta' },
    // About 30 kg/m² with 2-glas, 40 kg/m² with 3-glas, over the model's sizes.
    { key: 'weight', label: 'Vikt', value: weightRange(c.model) },
    { key: 'delivery', label: 'Leverans', value: 'Tillverkas på beställning' },
  ];
  return {
    id,
    slug: c.slug,
    title: c.title,
    description:
      'Måttbeställt träfönster från Elitfönster med aluminiumbeklädd utsida. Välj modulmått, ' +
      '2- eller 3-glas, karmdjup, öppning och karmfärg i "Bygg ditt fönster"; pris och U-värde ' +
      'räknas fram för just ditt fönster.',
    brandId: brand.id,
    supplierId: supplierFor(input.suppliers, c.categoryPath, brand.name).id,
    categoryId: category.id,
    unit: 'st',
    popularity: 500,
    isWebAssortment: true,
    isCentralAssortment: false,
    organisationIds: [c.organisationId],
    searchText: productSearchText({ title: c.title, brand: brand.name, category: category.name }),
    createdAt: input.now,
    articles: articles.map(({ selection: _s, ...a }) => a),
    choiceTree: windowChoiceTree(
      c.model,
      articles.map((a) => ({
        id: a.id,
        erp: a.erpArticleNumbers[0] ?? '',
        selection: a.selection,
      })),
    ),
    specifications,
  };
}
