import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Image widths the API renders for `srcset` (/media/products/{image_key}/{width}.webp). */
export const PRODUCT_IMAGE_WIDTHS = [160, 320, 640, 960, 1280] as const;

/** The three-level category tree (BK04 in spirit); tree_id is the spec's backend 'TREE'. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    treeId: text('tree_id').notNull().default('TREE'),
    parentId: integer('parent_id'),
    level: smallint('level').notNull(),
    slug: text('slug').notNull(),
    /** Slash-joined slugs from the root, e.g. travaror/konstruktionsvirke/reglar. */
    path: text('path').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    uniqueIndex('categories_tree_path_uq').on(t.treeId, t.path),
    index('categories_parent_idx').on(t.parentId),
  ],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique('brands_slug_uq'),
  name: text('name').notNull(),
  productAreas: text('product_areas'),
});

export const suppliers = pgTable('suppliers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique('suppliers_slug_uq'),
  name: text('name').notNull(),
  /** Swedish organisationsnummer, NNNNNN-NNNN. */
  orgNumber: text('org_number').notNull(),
  city: text('city').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  description: text('description'),
});

/**
 * A product page (a family when it has several articles). The catalogue is shared; each
 * organisation sells the products listed in organisation_ids.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    /** A leaf (level 3) category. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** Sales unit: st, pkt, lpm, rulle, säck, m², m. */
    unit: text('unit').notNull(),
    /** VAT in basis points: 2500 = 25 %. */
    vatRateBp: integer('vat_rate_bp').notNull().default(2500),
    popularity: integer('popularity').notNull().default(0),
    isWebAssortment: boolean('is_web_assortment').notNull().default(true),
    isCentralAssortment: boolean('is_central_assortment').notNull().default(false),
    organisationIds: text('organisation_ids').array().notNull(),
    /** Lower-cased title, brand and category names; searched with ILIKE through a trigram index. */
    searchText: text('search_text').notNull(),
    /** Swedish search tokens (words, stems, compound parts, folded forms, codes): src/search/. */
    searchTokens: text('search_tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The tokens of the title alone, which rank first. */
    searchTitleTokens: text('search_title_tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_uq').on(t.slug),
    index('products_category_idx').on(t.categoryId),
    // The default listing order ('popular') walks this index instead of sorting 100k rows.
    index('products_popularity_idx').on(t.popularity.desc(), t.id),
    index('products_brand_idx').on(t.brandId),
    index('products_supplier_idx').on(t.supplierId),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_tokens_idx').using('gin', t.searchTokens),
  ],
);

/** The search vocabulary: every word of the catalogue with its stem (typo and compound lookups). */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    term: text('term').primaryKey(),
    stem: text('stem').notNull(),
    /** The stem with å/ä/ö folded. */
    folded: text('folded').notNull(),
    /** A compound part found inside catalogue words only, never written alone. */
    isPart: boolean('is_part').notNull().default(false),
  },
  (t) => [
    index('search_vocabulary_stem_idx').on(t.stem),
    index('search_vocabulary_folded_idx').on(t.folded),
  ],
);

/** Searchable things other than products: categories, brands, stores and CMS pages. */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: serial('id').primaryKey(),
    /** bk04_categories | brands | stores | cms_pages */
    kind: text('kind').notNull(),
    refId: text('ref_id').notNull(),
    /** Null: shown to every organisation. */
    organisationId: text('organisation_id'),
    text: text('text').notNull(),
    url: text('url').notNull(),
    path: text('path').notNull(),
    trackingCode: text('tracking_code').notNull(),
    tokens: text('tokens').array().notNull(),
    titleTokens: text('title_tokens').array().notNull(),
    /** Tie-break inside a kind (lower first), e.g. category level. */
    sortKey: integer('sort_key').notNull().default(0),
  },
  (t) => [
    uniqueIndex('search_documents_kind_ref_uq').on(t.kind, t.refId),
    index('search_documents_tokens_idx').using('gin', t.tokens),
  ],
);

export type ArticleOption = { name: string; value: string; unit: string | null };

/**
 * A sellable SKU. The id IS the spec's 7-digit article_id (e.g. 1234567), so price, stock and
 * cart rows reference it directly and the big stock table stays narrow.
 */
export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    /** Full title of this SKU (the product title plus the chosen options). */
    title: text('title').notNull(),
    options: jsonb('options').$type<ArticleOption[]>().notNull().default([]),
    erpArticleNumbers: text('erp_article_numbers').array().notNull(),
    /** Article source code: D, TP, J, G, A, Z (storefront spec §3). */
    sourceCode: text('source_code').notNull(),
    /** Default availability bit flags (domain/availability.ts). */
    availability: integer('availability').notNull(),
    /** Stock type bits: stocked 1, unstocked 2, temp_out_of_stock 4. */
    stockType: smallint('stock_type').notNull(),
    gtin: text('gtin'),
    /** Unit-price basis, e.g. 'm²' for a pack of flooring or 'l' for a can of paint. */
    comparisonUnit: text('comparison_unit'),
    /** How many comparison units one sales unit holds, in thousandths (2.131 m² → 2131). */
    comparisonQuantityMilli: integer('comparison_quantity_milli'),
  },
  (t) => [index('articles_product_idx').on(t.productId)],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Deterministic key; the API renders /media/products/{image_key}/{width}.webp from it. */
    imageKey: text('image_key').notNull(),
    alt: text('alt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Background colour of the rendered image, '#rrggbb'. */
    background: text('background').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    uniqueIndex('product_images_key_uq').on(t.imageKey),
  ],
);

/** One choice-tree entry (storefront spec §3, Product choice tree). */
export type ChoiceTreeEntry = {
  name: string;
  label: string;
  choices: Array<{ value: string; label: string }>;
  /** Names of the earlier entries this choice depends on. */
  deps: string[];
  /** Chosen values of deps plus this entry, joined with '|' → article ids still possible. */
  articles: Record<string, number[]>;
  /** Same keys → ERP article numbers of those articles. */
  article_skus: Record<string, string[]>;
};

export const productChoiceTrees = pgTable('product_choice_trees', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  tree: jsonb('tree').$type<ChoiceTreeEntry[]>().notNull(),
});

export const productSustainability = pgTable('product_sustainability', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** Rekommenderas | Accepteras | Undviks */
  rating: text('rating').notNull(),
  /** A | B | C+ | C- | D */
  grade: text('grade').notNull(),
  /** Svanen, EU Blomman, Basta, Sundahus, BVB */
  labels: text('labels').array().notNull(),
});

/**
 * One row of a product's specifications table ('Specifikationer'): a stable key (for tests
 * and filters), the Swedish label and the shown value with its unit, e.g.
 * { key: 'weight', label: 'Vikt', value: '1,9 kg' }.
 */
export type ProductSpecification = { key: string; label: string; value: string };

/** Structured attributes per product (issue 22): dimensions, material, weight, certifications … */
export const productSpecifications = pgTable('product_specifications', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** In the order they are shown. */
  attributes: jsonb('attributes').$type<ProductSpecification[]>().notNull(),
});
