import { slugify } from '@bygg/domain/slug';
import type { ArticleOption, ChoiceTreeEntry } from '../schema/catalog.ts';
import type { BrandJson, CategoryJson, SeedData, TemplateJson } from './data.ts';
import { createRandom, hashString, unit } from './random.ts';
import { areaOf, ean13, leadingNumber, orgNumber, shelfPriceOre } from './text.ts';

export type CategoryRow = {
  id: number;
  parentId: number | null;
  level: number;
  slug: string;
  path: string;
  name: string;
  sortOrder: number;
  topName: string;
};

export function buildCategories(tree: readonly CategoryJson[]): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const walk = (
    nodes: readonly CategoryJson[],
    parentId: number | null,
    topName: string | null,
  ) => {
    nodes.forEach((node, index) => {
      const row: CategoryRow = {
        id: rows.length + 1,
        parentId,
        level: node.level,
        slug: node.slug,
        path: node.path,
        name: node.name,
        sortOrder: index,
        topName: topName ?? node.name,
      };
      rows.push(row);
      walk(node.children ?? [], row.id, topName ?? node.name);
    });
  };
  walk(tree, null, null);
  return rows;
}

export type BrandRow = { id: number; slug: string; name: string; productAreas: string };

export function buildBrands(brands: readonly BrandJson[]): BrandRow[] {
  return brands.map((b, i) => ({
    id: i + 1,
    slug: b.slug,
    name: b.name,
    productAreas: b.product_areas,
  }));
}

/**
 * Fictional supplier companies (any likeness to a real company is unintended), each with the
 * parts of the category tree it supplies: a path prefix, top-level or second-level. A
 * product's supplier is one whose area holds the product's category (issue 22: no gravel
 * merchant for decking), the same for every product of one brand in that area.
 */
const SUPPLIER_NAMES: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  [
    'Norrlandsvirke',
    'Sundsvall',
    ['travaror/konstruktionsvirke', 'travaror/tryckimpregnerat-virke'],
  ],
  ['Bergslagens Trävaror', 'Örebro', ['travaror/konstruktionsvirke', 'travaror/hyvlat-virke']],
  ['Västkust Byggprodukter', 'Göteborg', ['skivmaterial', 'isolering/fukt-och-vindskydd']],
  [
    'Skånsk Byggimport',
    'Malmö',
    ['skivmaterial/specialskivor', 'byggkemi', 'golv/golvunderlag-och-tillbehor'],
  ],
  ['Mälardalens Skivmaterial', 'Västerås', ['skivmaterial']],
  ['Nordisk Isoleringshandel', 'Gävle', ['isolering']],
  [
    'Smålands Fönsterfabrik',
    'Växjö',
    ['fonster-och-dorrar/fonster', 'fonster-och-dorrar/ytterdorrar'],
  ],
  [
    'Dalarnas Dörrindustri',
    'Falun',
    [
      'fonster-och-dorrar/ytterdorrar',
      'fonster-och-dorrar/innerdorrar',
      'fonster-och-dorrar/garageportar',
    ],
  ],
  ['Östgöta Järnhandel', 'Linköping', ['jarn-och-infastning', 'verktyg/handverktyg']],
  [
    'Roslagens Infästning',
    'Norrtälje',
    [
      'jarn-och-infastning/skruv',
      'jarn-och-infastning/spik',
      'jarn-och-infastning/plugg-och-ankare',
      'jarn-och-infastning/byggbeslag',
    ],
  ],
  ['Vänerns Takprodukter', 'Karlstad', ['tak']],
  [
    'Gotlands Kalk och Murbruk',
    'Visby',
    [
      'mur-betong-och-grund/murbruk-och-puts',
      'mur-betong-och-grund/betong-och-cement',
      'mur-betong-och-grund/block-och-tegel',
    ],
  ],
  ['Hallands Golvgrossist', 'Halmstad', ['golv']],
  ['Upplands Färgdepå', 'Uppsala', ['farg']],
  ['Kalmarsunds Byggkemi', 'Kalmar', ['byggkemi']],
  ['Norrbottens Verktygsgrossist', 'Luleå', ['verktyg']],
  [
    'Jämtlands Trädgårdsprodukter',
    'Östersund',
    [
      'mark-och-tradgard/tradgardsredskap',
      'mark-och-tradgard/vattning',
      'mark-och-tradgard/snorojning',
    ],
  ],
  ['Blekinge Elgrossist', 'Karlskrona', ['el']],
  ['Sörmlands VVS-grossist', 'Eskilstuna', ['vvs']],
  ['Västerbottens Skyddsutrustning', 'Umeå', ['arbetsklader-och-skydd']],
  [
    'Vätterns Trä och Limträ',
    'Jönköping',
    ['travaror/limtra-och-lvl', 'travaror/konstruktionsvirke'],
  ],
  ['Kustlandets Panel', 'Hudiksvall', ['travaror/panel', 'travaror/hyvlat-virke']],
  [
    'Göta Älvs Betongvaror',
    'Trollhättan',
    ['mur-betong-och-grund', 'mark-och-tradgard/markbelaggning'],
  ],
  ['Siljans Lister och Foder', 'Mora', ['travaror/lister-och-foder']],
  [
    'Tornedalens Byggvaror',
    'Haparanda',
    ['travaror/tryckimpregnerat-virke', 'mur-betong-och-grund/armering'],
  ],
  [
    'Ångermanlands Sågverk',
    'Härnösand',
    ['travaror/konstruktionsvirke', 'travaror/tryckimpregnerat-virke', 'travaror/panel'],
  ],
  [
    'Lagans Markprodukter',
    'Laholm',
    [
      'mark-och-tradgard/markbelaggning',
      'mark-och-tradgard/markduk-och-dranering',
      'mur-betong-och-grund/grundlaggning-och-dranering',
    ],
  ],
  [
    'Vikens Beslag',
    'Helsingborg',
    [
      'jarn-och-infastning/gangjarn-hakar-och-handtag',
      'jarn-och-infastning/las-och-sakerhet',
      'fonster-och-dorrar/dorr-och-fonstertillbehor',
    ],
  ],
  [
    'Tivedens Snickerier',
    'Karlsborg',
    ['fonster-och-dorrar/innerdorrar', 'fonster-och-dorrar/fonster'],
  ],
  ['Klarälvens Takpapp', 'Hagfors', ['tak/takpapp-och-underlag']],
  [
    'Österlens Kakel och Klinker',
    'Simrishamn',
    ['golv/klinker-och-kakel', 'byggkemi/kakelfix-och-fog', 'byggkemi/tatskikt-och-vatrum'],
  ],
  [
    'Hälsinge Elinstallationsmaterial',
    'Bollnäs',
    ['el/installationsmaterial', 'el/skarvsladdar-och-grenuttag'],
  ],
  ['Södertörns Rörgrossist', 'Södertälje', ['vvs/ror-och-kopplingar', 'vvs/avlopp', 'vvs/varme']],
  [
    'Vindelälvens Verktyg',
    'Vindeln',
    ['verktyg/elverktyg', 'verktyg/batterier-och-laddare', 'verktyg/verktygstillbehor'],
  ],
  [
    'Kinda Kanal Färgfabrik',
    'Linköping',
    ['farg/inomhusfarg', 'farg/utomhusfarg', 'farg/grundfarg-och-spackel'],
  ],
  ['Fyrstadens Byggplåt', 'Trollhättan', ['tak/takplat', 'tak/takavvattning', 'tak/taksakerhet']],
  ['Mälaröarnas Trädgård och Mark', 'Ekerö', ['mark-och-tradgard']],
  ['Bohusläns Båt- och Byggfärg', 'Uddevalla', ['farg/lack-olja-och-bets', 'farg/utomhusfarg']],
  ['Vättersbygdens Arbetskläder', 'Motala', ['arbetsklader-och-skydd']],
  [
    'Norrtälje Grus och Sten',
    'Norrtälje',
    ['mark-och-tradgard/grus-sand-och-jord', 'mark-och-tradgard/markbelaggning'],
  ],
];

export type SupplierRow = {
  id: number;
  slug: string;
  name: string;
  orgNumber: string;
  city: string;
  email: string;
  phone: string;
  description: string;
  /** Category path prefixes the supplier supplies. */
  areas: readonly string[];
};

export function buildSuppliers(categories: readonly CategoryRow[] = []): SupplierRow[] {
  const nameOf = new Map(categories.map((c) => [c.path, c.name]));
  return SUPPLIER_NAMES.map(([base, city, areas], i) => {
    const name = `${base} AB`;
    const slug = slugify(base);
    const n = String(hashString(name) % 1_000_000).padStart(6, '0');
    const names = areas.map((a) => (nameOf.get(a) ?? a).toLowerCase());
    const list =
      names.length > 1 ? `${names.slice(0, -1).join(', ')} och ${names.at(-1)}` : (names[0] ?? '');
    return {
      id: i + 1,
      slug,
      name,
      orgNumber: orgNumber(`556${n}`),
      city,
      email: `order@${slug}.example`,
      phone: `010-${String(100 + (hashString(slug) % 900))} ${String(10 + (i % 90))} ${String(10 + ((i * 7) % 90))}`,
      description: `${name} är en grossist i ${city} som levererar ${list} till bygghandeln.`,
      areas,
    };
  });
}

/**
 * The supplier of a product: among those whose area holds its category, the most specific
 * ones (second level before top level), one picked by the brand (or, unbranded, by the leaf),
 * so a brand comes from the same supplier throughout an area.
 */
export function supplierFor(
  suppliers: readonly SupplierRow[],
  categoryPath: string,
  brand: string | null,
): SupplierRow {
  let best: SupplierRow[] = [];
  let bestLength = 0;
  for (const supplier of suppliers) {
    for (const area of supplier.areas) {
      if (categoryPath !== area && !categoryPath.startsWith(`${area}/`)) continue;
      if (area.length > bestLength) {
        best = [supplier];
        bestLength = area.length;
      } else if (area.length === bestLength && !best.includes(supplier)) best.push(supplier);
    }
  }
  const pick = best[hashString(brand ?? categoryPath) % Math.max(1, best.length)];
  if (!pick) throw new Error(`No supplier supplies ${categoryPath}`);
  return pick;
}

/** One sellable SKU before ids are assigned. */
export type ArticleSpec = {
  title: string;
  options: ArticleOption[];
  /** Chain list price in SEK before shelf rounding. */
  priceSek: number;
  /** Option values by choice variable, for the choice tree. */
  choiceValues: Record<string, string>;
  /** Pack size when this SKU is a multipack of a single item. */
  packOf: number | null;
};

export type ProductSpec = {
  key: string;
  /** 0 = the template's own expansion, 1 = another brand of the same item, 2 = multipacks. */
  level: 0 | 1 | 2;
  title: string;
  brand: string | null;
  categoryPath: string;
  unit: string;
  templateId: string;
  choiceVars: string[];
  articles: ArticleSpec[];
};

const CHOICE_LABELS: Record<string, string> = {
  size: 'Storlek',
  u: 'U-värde',
  color: 'Kulör',
  vol: 'Volym',
};

const CHOICE_UNITS: Record<string, string | null> = {
  u: 'W/m²K',
  size: 'dm',
  color: null,
  vol: null,
};

/** Variables that become a choice tree instead of separate products (windows, doors, paint). */
function choiceVarsFor(categoryPath: string, template: TemplateJson): string[] {
  const vars = Object.keys(template.vars);
  if (categoryPath.startsWith('fonster-och-dorrar/fonster/') && vars.includes('size')) {
    return vars.includes('u') ? ['size', 'u'] : ['size'];
  }
  if (categoryPath.startsWith('fonster-och-dorrar/innerdorrar/') && vars.includes('size')) {
    return ['size'];
  }
  if (/^farg\/(inomhusfarg|utomhusfarg)\//.test(categoryPath) && vars.includes('vol')) {
    return vars.includes('color') ? ['color', 'vol'] : ['vol'];
  }
  return [];
}

function cartesian(vars: Record<string, string[]>): Array<Record<string, string>> {
  let combos: Array<Record<string, string>> = [{}];
  for (const [name, values] of Object.entries(vars)) {
    const next: Array<Record<string, string>> = [];
    for (const combo of combos) for (const v of values) next.push({ ...combo, [name]: v });
    combos = next;
  }
  return combos;
}

function fill(title: string, values: Record<string, string>, brand: string | null): string {
  return title
    .replace(/\{(\w+)\}/g, (_, name: string) =>
      name === 'brand' ? (brand ?? '') : (values[name] ?? ''),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The family title: the template without its choice variables (and their labels). */
function familyTitle(title: string, choiceVars: readonly string[]): string {
  let t = title;
  if (choiceVars.includes('u')) t = t.replace(/U-värde\s*\{u\}/, '');
  for (const name of choiceVars) t = t.replace(`{${name}}`, '');
  return t;
}

function scalePosition(template: TemplateJson, values: Record<string, string>): number | undefined {
  const name = template.price_scale_var;
  const mode = template.price_scale_mode;
  if (!name || !mode) return undefined;
  const list = template.vars[name];
  const value = values[name];
  if (!list || value === undefined || list.length < 2) return undefined;
  if (mode === 'index') return list.indexOf(value) / (list.length - 1);
  const measure = mode === 'area' ? areaOf : leadingNumber;
  const nums = list.map((v) => measure(v)).filter((n): n is number => n !== undefined);
  const x = measure(value);
  if (x === undefined || nums.length < 2) return undefined;
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  return max === min ? 0 : (x - min) / (max - min);
}

function priceOf(template: TemplateJson, values: Record<string, string>, key: string): number {
  const position = scalePosition(template, values) ?? unit(hashString(`${key}:range`));
  const base =
    template.price_min_sek + position * (template.price_max_sek - template.price_min_sek);
  const noise = 1 + (unit(hashString(`${key}:noise`)) - 0.5) * 0.08;
  return base * noise;
}

function optionOf(name: string, value: string): ArticleOption {
  return { name: CHOICE_LABELS[name] ?? name, value, unit: CHOICE_UNITS[name] ?? null };
}

/** Bigger packs cost less per piece. */
function packDiscount(pieces: number): number {
  return pieces >= 40 ? 0.85 : pieces >= 20 ? 0.88 : pieces >= 10 ? 0.9 : pieces >= 5 ? 0.94 : 0.97;
}

/**
 * Multipacks of a single item, the way building merchants sell them: small parts in 5/10/25
 * packs, timber in bundles (bunt) priced from its length, sacks by the full pallet (helpall).
 */
function multipacks(
  unitCode: string,
  single: ArticleSpec,
): Array<{ suffix: string; pieces: number; priceSek: number }> {
  const price = single.priceSek;
  const packs = (sizes: number[], label: (n: number) => string, perPiece = price) =>
    sizes.map((n) => ({ suffix: label(n), pieces: n, priceSek: perPiece * n * packDiscount(n) }));
  if (unitCode === 'st') {
    if (price < 100) return packs([5, 10, 25], (n) => `${n}-pack`);
    if (price < 400) return packs([5, 10], (n) => `${n}-pack`);
    if (price < 1500) return packs([2], (n) => `${n}-pack`);
    return [];
  }
  if (unitCode === 'lpm' && price < 400) {
    const length = [...single.title.matchAll(/(\d+(?:,\d+)?) m(?![\p{L}\d²])/gu)].at(-1)?.[1];
    if (!length) return [];
    const perPiece = price * Number(length.replace(',', '.'));
    return packs(price < 100 ? [10, 24, 48] : [10], (n) => `bunt om ${n} st`, perPiece);
  }
  if (unitCode === 'rulle' && price < 400) return packs([3], (n) => `${n}-pack`);
  if (unitCode === 'säck' && price < 400) return packs([48], (n) => `helpall ${n} säckar`);
  return [];
}

/**
 * Every product the templates can make, in three levels (README §4 of the reference data):
 * the expansion itself, the same items from the template's other brands, and multipacks.
 */
export function expandTemplates(data: SeedData): ProductSpec[] {
  const specs: ProductSpec[] = [];
  for (const category of data.templates) {
    for (const template of category.templates) {
      const choiceVars = choiceVarsFor(category.category_path, template);
      const hasBrandPlaceholder = template.title.includes('{brand}');
      const brandSets: Array<{ brand: string | null; level: 0 | 1 }> = hasBrandPlaceholder
        ? template.brands.map((brand) => ({ brand, level: 0 as const }))
        : [{ brand: null, level: 0 as const }];
      const groups = new Map<string, Array<Record<string, string>>>();
      for (const combo of cartesian(template.vars)) {
        const groupKey = Object.entries(combo)
          .filter(([name]) => !choiceVars.includes(name))
          .map(([, v]) => v)
          .join('|');
        const list = groups.get(groupKey) ?? [];
        list.push(combo);
        groups.set(groupKey, list);
      }
      for (const combos of groups.values()) {
        const first = combos[0];
        if (!first) continue;
        for (const set of brandSets) {
          const titleTemplate =
            choiceVars.length > 0 ? familyTitle(template.title, choiceVars) : template.title;
          const title = fill(titleTemplate, first, set.brand);
          if (title === '') continue;
          // Without {brand} the item carries one of the template's brands as metadata; the
          // others become level-1 products (the same item from another maker).
          const brandChoices =
            set.brand !== null
              ? [set.brand]
              : template.brands.length > 0
                ? template.brands
                : [null];
          const primaryIndex = hashString(title) % brandChoices.length;
          brandChoices.forEach((brand, index) => {
            const level: 0 | 1 = index === primaryIndex ? set.level : 1;
            const key = `${template.id}|${title}|${brand ?? ''}`;
            const articles = combos.map((combo) => ({
              title: fill(template.title, combo, set.brand),
              options: choiceVars.map((name) => optionOf(name, combo[name] ?? '')),
              priceSek: priceOf(
                template,
                combo,
                `${template.id}|${fill(template.title, combo, set.brand)}|${brand ?? ''}`,
              ),
              choiceValues: Object.fromEntries(choiceVars.map((name) => [name, combo[name] ?? ''])),
              packOf: null,
            }));
            specs.push({
              key,
              level,
              title,
              brand,
              categoryPath: category.category_path,
              unit: template.unit,
              templateId: template.id,
              choiceVars,
              articles,
            });
            const single = articles[0];
            if (choiceVars.length > 0 || !single) return;
            for (const pack of multipacks(template.unit, single)) {
              specs.push({
                key: `${key}|${pack.suffix}`,
                level: 2,
                title: `${title}, ${pack.suffix}`,
                brand,
                categoryPath: category.category_path,
                unit: 'pkt',
                templateId: template.id,
                choiceVars,
                articles: [
                  {
                    ...single,
                    title: `${single.title}, ${pack.suffix}`,
                    priceSek: pack.priceSek,
                    packOf: pack.pieces,
                  },
                ],
              });
            }
          });
        }
      }
    }
  }
  return specs;
}

/**
 * Picks `count` products: level 0 first, then 1, then 2; within a level the leaves take turns
 * and within a leaf the templates take turns, so a small catalogue still covers the tree.
 */
export function selectProducts(
  specs: readonly ProductSpec[],
  count: number,
  leafOrder: readonly string[],
): ProductSpec[] {
  const random = createRandom('select-products');
  const ordered: ProductSpec[] = [];
  for (const level of [0, 1, 2] as const) {
    const byLeaf = new Map<string, Map<string, ProductSpec[]>>();
    for (const spec of specs) {
      if (spec.level !== level) continue;
      const leaf = byLeaf.get(spec.categoryPath) ?? new Map<string, ProductSpec[]>();
      const list = leaf.get(spec.templateId) ?? [];
      list.push(spec);
      leaf.set(spec.templateId, list);
      byLeaf.set(spec.categoryPath, leaf);
    }
    const leafQueues = leafOrder
      .map((path) => byLeaf.get(path))
      .filter((leaf): leaf is Map<string, ProductSpec[]> => leaf !== undefined)
      .map((leaf) => interleave([...leaf.values()].map((list) => random.shuffle(list))));
    ordered.push(...interleave(leafQueues));
    if (ordered.length >= count) break;
  }
  return ordered.slice(0, count);
}

function interleave<T>(lists: readonly T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++)
    for (const list of lists) if (i < list.length) out.push(list[i] as T);
  return out;
}

export const UNIT_WORDS: Record<string, string> = {
  st: 'styck',
  pkt: 'paket',
  lpm: 'löpmeter',
  rulle: 'rulle',
  säck: 'säck',
  'm²': 'kvadratmeter',
  m: 'meter',
};

/** Unit-price basis parsed from the title: litres of paint, m² of flooring, kg in a sack. */
export function comparisonOf(
  title: string,
  unitCode: string,
  packOf: number | null,
): { unit: string; milli: number } | null {
  if (packOf !== null) return { unit: 'st', milli: packOf * 1000 };
  if (!['st', 'pkt', 'säck'].includes(unitCode)) return null;
  const matches = [...title.matchAll(/(\d+(?:,\d+)?)\s?(l|m²|kg)(?![\p{L}\d])/gu)];
  const last = matches.at(-1);
  if (!last?.[1] || !last[2]) return null;
  const qty = Number(last[1].replace(',', '.'));
  return qty > 0 ? { unit: last[2], milli: Math.round(qty * 1000) } : null;
}

/** The choice tree of a family (storefront spec §3, Product choice tree). */
export function buildChoiceTree(
  choiceVars: readonly string[],
  articles: ReadonlyArray<{ id: number; erp: string; choiceValues: Record<string, string> }>,
): ChoiceTreeEntry[] {
  return choiceVars.map((name, depth) => {
    const deps = choiceVars.slice(0, depth);
    const values: string[] = [];
    const byPath: Record<string, number[]> = {};
    const skusByPath: Record<string, string[]> = {};
    for (const article of articles) {
      const value = article.choiceValues[name] ?? '';
      if (!values.includes(value)) values.push(value);
      const path = [...deps, name].map((n) => article.choiceValues[n] ?? '').join('|');
      (byPath[path] ??= []).push(article.id);
      (skusByPath[path] ??= []).push(article.erp);
    }
    return {
      name,
      label: CHOICE_LABELS[name] ?? name,
      choices: values.map((value) => ({ value, label: name === 'u' ? `${value} W/m²K` : value })),
      deps,
      articles: byPath,
      article_skus: skusByPath,
    };
  });
}

/** Article ids: a bijection of 0..8 999 999 onto 7-digit numbers, so they look unordered. */
export function articleIdOf(index: number): number {
  return 1_000_000 + ((index * 7_654_321 + 1_234_567) % 9_000_000);
}

export function gtinOf(articleId: number): string {
  return ean13(`73${String(articleId).padStart(10, '0')}`);
}

export const SOURCE_CODES = ['D', 'TP', 'J', 'G', 'A', 'Z'] as const;
const SOURCE_WEIGHTS = [0.6, 0.15, 0.1, 0.08, 0.05, 0.02];

export function sourceCodeOf(articleId: number): string {
  let u = unit(articleId, 11);
  for (let i = 0; i < SOURCE_CODES.length; i++) {
    u -= SOURCE_WEIGHTS[i] ?? 0;
    if (u < 0) return SOURCE_CODES[i] ?? 'D';
  }
  return 'D';
}

export function chainPriceOre(priceSek: number): number {
  return shelfPriceOre(priceSek);
}
