import { z } from 'zod';
import { PRODUCT_COUNT_CAP } from '@bygg/domain/limits';
import { paginated, QueryInt } from './common.ts';
import { PriceOfferSchema } from './prices.ts';
import { StockEntrySchema } from './stock.ts';
import {
  DEFAULT_PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
  TOO_MANY_PRODUCTS_MESSAGE,
} from './constants.ts';
import { DB_INT_MAX, outOfRangeIdIssue, PathIdSchema, QueryIdSchema } from './input.ts';

// Zod-free constants browser code needs live in constants.ts (issue 3); re-exported here.
export { DEFAULT_PRODUCT_PAGE_SIZE, PRODUCT_SORTS, TOO_MANY_PRODUCTS_MESSAGE };

export const MAX_PRODUCT_PAGE_SIZE = 100;

/** Storefront spec §3 "Assortment filter". */
export const AssortmentFilterSchema = z.enum(['all', 'web', 'central']);
export type AssortmentFilter = z.infer<typeof AssortmentFilterSchema>;

/**
 * Storefront spec §3 "Sort options", each in its natural order; a leading '-' reverses it:
 * - popular: most popular first;
 * - price: cheapest best offer first (products without a visible price last either way);
 * - discounts: largest campaign reduction (in per cent) first, products without one last;
 * - availability: best stock status in the chosen store first (HIGH, LOW, OUT, UNKNOWN);
 *   without store_id, products orderable online (shippable) first.
 * Ties are broken by popularity, then by product id, so pages never overlap.
 * The values are PRODUCT_SORTS (constants.ts).
 */
export const ProductSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSortSchema>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = 'ska vara en slug: a–z, 0–9 och bindestreck';

/** A repeatable and comma-separated query parameter: `brand=a,b` or `brand=a&brand=b`. */
function queryList<T extends z.ZodType>(item: T, max = 50) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' || Array.isArray(value)
        ? (Array.isArray(value) ? value : [value])
            .flatMap((part) => String(part).split(','))
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item).max(max, `högst ${max} värden`),
  );
}

const QueryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'ska vara true eller false' })
  .transform((value) => value === 'true' || value === '1');

const StoreIdQuery = QueryIdSchema;

/** Kronor incl. VAT, as the shopper types them in the price filter. */
const SekQuery = z.coerce.number().min(0).max(10_000_000);

/** A category path ('travaror/konstruktionsvirke') or a single category slug. */
const CategoryQuery = z
  .string()
  .trim()
  .transform((value) => value.replace(/^\/+|\/+$/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'ange en kategori')
      .max(300)
      .regex(
        /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/,
        'ska vara en kategorisökväg, t.ex. travaror/konstruktionsvirke',
      ),
  );

/** Free text; blank counts as absent. */
const TextQuery = z
  .string()
  .trim()
  .max(200, 'högst 200 tecken')
  .transform((value) => value || undefined);

/**
 * GET /api/v2.0/products/ (storefront spec §7 and the paginated helper of trade-area §7).
 * price_min/price_max are kronor incl. VAT and compare with the best offer in the store.
 */
export const ProductListQuerySchema = z
  .object({
    page: QueryInt(1, PRODUCT_COUNT_CAP).default(1),
    page_size: QueryInt(1, MAX_PRODUCT_PAGE_SIZE).default(DEFAULT_PRODUCT_PAGE_SIZE),
    category: CategoryQuery.optional(),
    brand: queryList(z.string().regex(SLUG, SLUG_MESSAGE)).optional(),
    supplier_ids: queryList(QueryIdSchema).optional(),
    q: TextQuery.optional(),
    store_id: StoreIdQuery.optional(),
    assortment: AssortmentFilterSchema.default('all'),
    sort: ProductSortSchema.default('popular'),
    in_stock: QueryBoolean.default(false),
    price_min: SekQuery.optional(),
    price_max: SekQuery.optional(),
    /** A campaign's slug: only products with a price of that campaign now (404 when unknown). */
    campaign: z.string().regex(SLUG, SLUG_MESSAGE).max(100).optional(),
    /** The store's local assortment: articles it keeps in stock itself (needs store_id). */
    local_assortment: QueryBoolean.default(false),
    /** Facets to count for the current filter; 'brand' adds facets.brands to the reply. */
    facets: queryList(z.enum(['brand'], { error: 'okänd facett, tillåtet: brand' }), 5).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.local_assortment && query.store_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['local_assortment'],
        message: 'local_assortment kräver store_id',
      });
    }
    if ((query.page - 1) * query.page_size >= PRODUCT_COUNT_CAP) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: TOO_MANY_PRODUCTS_MESSAGE });
    }
    if (query.in_stock && query.store_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['in_stock'], message: 'in_stock kräver store_id' });
    }
    if (
      query.price_min !== undefined &&
      query.price_max !== undefined &&
      query.price_min > query.price_max
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['price_max'],
        message: 'price_max får inte vara lägre än price_min',
      });
    }
  });
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ImageSourceSchema = z.object({ width: z.number().int(), src: z.string() });

/** A picture with its srcset sources (/media/products/{image_key}/{width}.webp). */
export const ProductImageSchema = z.object({
  alt: z.string(),
  sources: z.array(ImageSourceSchema),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

export const BrandRefSchema = z.object({ name: z.string(), slug: z.string() });

/**
 * A product in lists and cards (storefront spec §3 "Product"). article_id is the article the
 * best offer belongs to (the first visible article when no price is shown), so a card's
 * add-to-cart button adds what its price says. `stock` is sent only when a store_id was
 * given: the article's stock in that store's own warehouse, null when the store has no
 * record of it. best_offer is null when the price is hidden or missing.
 */
export const ProductSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** The product page, /produkt/{slug}. */
  url: z.string(),
  brand: BrandRefSchema.nullable(),
  article_id: z.number().int(),
  /** How many sellable variants (articles) the product has. */
  article_count: z.number().int().positive(),
  cover_image: ProductImageSchema.nullable(),
  /** Sales unit: st, pkt, lpm, rulle, säck, m², m. */
  unit: z.string(),
  best_offer: PriceOfferSchema.nullable(),
  /** The first ERP article number of the first variant, shown as 'Art.nr'. */
  first_article_reference: z.string().nullable(),
  erp_article_numbers: z.array(z.string()),
  stock: StockEntrySchema.nullable().optional(),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * A brand facet: how many products of the current filter, ignoring the brand filter itself
 * (so choosing one brand still shows the others' counts), carry the brand.
 */
export const BrandFacetSchema = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int().nonnegative(),
});
export type BrandFacet = z.infer<typeof BrandFacetSchema>;

/** Brands with at least one product, most products first; only when facets=brand was asked. */
export const ProductFacetsSchema = z.object({ brands: z.array(BrandFacetSchema) });

export const ProductPageSchema = paginated(ProductSchema).extend({
  facets: ProductFacetsSchema.optional(),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** Numeric product id or product slug: /products/123/ or /products/regel-45x95-gran/. */
export const ProductRefParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ska vara ett produkt-id eller en slug')
    .max(200)
    // Digits are an id (productRef): one beyond every table's id names nothing (404).
    .superRefine((value, ctx) => {
      if (/^\d+$/.test(value) && Number(value) > DB_INT_MAX) ctx.addIssue(outOfRangeIdIssue());
    }),
});

export const ArticleIdParamsSchema = z.object({ id: PathIdSchema });

export const StoreQuerySchema = z.object({ store_id: StoreIdQuery.optional() });
export type StoreQuery = z.infer<typeof StoreQuerySchema>;

export const ArticleOptionSchema = z.object({
  name: z.string(),
  value: z.string(),
  unit: z.string().nullable(),
});

/** A sellable variant (SKU) of a product; id is the 7-digit article number. */
export const ArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  options: z.array(ArticleOptionSchema),
  erp_article_numbers: z.array(z.string()),
  /** Article source code: D, TP, J, G, A or Z (storefront spec §3). */
  source_code: z.string(),
  gtin: z.string().nullable(),
  /** Availability bit flags in effect (in the store when store_id was given). */
  availability: z.number().int().min(0).max(127),
  stock_type: z.number().int().min(0).max(7),
  /** Contents of one sales unit in the comparison unit, e.g. { unit: 'm²', quantity: 2.131 }. */
  comparison: z.object({ unit: z.string(), quantity: z.number() }).nullable(),
  offer: PriceOfferSchema.nullable(),
  /** Only with store_id: stock in the store's own warehouse, null without a record there. */
  stock: StockEntrySchema.nullable().optional(),
});
export type Article = z.infer<typeof ArticleSchema>;

export const CategoryRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  /** /produkter/{path} */
  url: z.string(),
});
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

/** One entry of a product's choice tree (storefront spec §3 "Product choice tree"). */
export const ChoiceTreeEntrySchema = z.object({
  name: z.string(),
  label: z.string(),
  choices: z.array(z.object({ value: z.string(), label: z.string() })),
  deps: z.array(z.string()),
  /** Chosen values of deps plus this entry, joined with '|' → the article ids still possible. */
  articles: z.record(z.string(), z.array(z.number().int())),
  article_skus: z.record(z.string(), z.array(z.string())),
});

export const SustainabilitySchema = z.object({
  rating: z.enum(['Rekommenderas', 'Accepteras', 'Undviks']),
  grade: z.enum(['A', 'B', 'C+', 'C-', 'D']),
  labels: z.array(z.string()),
});

/** One row of the product page's specifications table (issue 22). */
export const ProductSpecificationSchema = z.object({
  /** Stable key: dimensions, length, thickness, material, weight, certifications, … */
  key: z.string(),
  /** Swedish label, e.g. 'Vikt'. */
  label: z.string(),
  /** Shown value with its unit, e.g. '2,4 kg'. */
  value: z.string(),
});
export type ProductSpecification = z.infer<typeof ProductSpecificationSchema>;

export const ProductDetailImageSchema = ProductImageSchema.extend({
  width: z.number().int(),
  height: z.number().int(),
});

/** GET /api/v2.0/products/{id or slug}/ — everything the product page shows. */
export const ProductDetailSchema = ProductSchema.extend({
  description: z.string(),
  supplier: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  category: CategoryRefSchema,
  /** From the top category down to the product's own category. */
  breadcrumbs: z.array(CategoryRefSchema),
  images: z.array(ProductDetailImageSchema),
  /** Visible articles only, in position order. */
  articles: z.array(ArticleSchema),
  /** Hidden articles are pruned from the tree; null for a product without variants. */
  choices_tree: z.array(ChoiceTreeEntrySchema).nullable(),
  sustainability: SustainabilitySchema.nullable(),
  /** The specifications table: dimensions, material, weight, certifications …; empty when none. */
  specifications: z.array(ProductSpecificationSchema),
  is_web_assortment: z.boolean(),
  is_central_assortment: z.boolean(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** GET /api/v2.0/articles/{id}/ — one article with the summary of its product. */
export const ArticleDetailSchema = ArticleSchema.extend({ product: ProductSchema });
export type ArticleDetail = z.infer<typeof ArticleDetailSchema>;

/** GET /api/v2.0/articles/{id}/offer/?store_id= — one article's offer in a store. */
export const ArticleOfferSchema = z.object({
  article_id: z.number().int(),
  store_id: z.number().int().nullable(),
  offer: PriceOfferSchema.nullable(),
});
export type ArticleOffer = z.infer<typeof ArticleOfferSchema>;

/** GET /api/v2.0/products/{id}/prices/?store_id= — offers of the product's articles. */
export const ProductPricesSchema = z.object({
  store_id: z.number().int().nullable(),
  results: z.array(PriceOfferSchema),
});
export type ProductPrices = z.infer<typeof ProductPricesSchema>;

export const StockedWarehousesQuerySchema = z.object({
  /** Which variant; default the product's first visible article. */
  article_id: QueryIdSchema.optional(),
});

/** GET /api/v2.0/products/{id}/stocked_warehouses/ — the article's stock in every store. */
export const StockedWarehousesSchema = z.object({
  article_id: z.number().int(),
  stocked_warehouses: z.array(StockEntrySchema),
});
export type StockedWarehouses = z.infer<typeof StockedWarehousesSchema>;

/** GET /api/v2.0/products/stock/?slug=&store_id= — stock per article of a product in a store. */
export const ProductStockQuerySchema = z.object({
  slug: z.string().regex(SLUG, SLUG_MESSAGE).max(200),
  store_id: StoreIdQuery,
});
export const ProductStockSchema = z.object({
  slug: z.string(),
  store_id: z.number().int(),
  results: z.array(StockEntrySchema),
});
export type ProductStock = z.infer<typeof ProductStockSchema>;

/**
 * Recommendation lists, each computed from the catalogue:
 * - popular: most popular products, within the category when page_slug is a category path;
 * - related: products of the same category as the product page_slug names (then its parent);
 * - campaign: products on a campaign now, largest reduction first; page_slug may name the
 *   campaign.
 */
export const RECOMMENDATION_KEYS = ['popular', 'related', 'campaign'] as const;
export const RecommendationKeySchema = z.enum(RECOMMENDATION_KEYS);

export const RecommendationsQuerySchema = z.object({
  key: RecommendationKeySchema,
  /** The category tree (the spec's backend TREE). */
  tree_id: z.string().trim().min(1).max(50).optional(),
  page_slug: z
    .string()
    .trim()
    .max(300)
    .transform((value) => value.replace(/^\/+|\/+$/g, '') || undefined)
    .optional(),
  store_id: StoreIdQuery.optional(),
  count: QueryInt(1, 24).default(12),
});
export type RecommendationsQuery = z.infer<typeof RecommendationsQuerySchema>;

export const RecommendationsSchema = z.object({
  recommendations: z.array(
    z.object({ key: RecommendationKeySchema, products: z.array(ProductSchema) }),
  ),
});
export type Recommendations = z.infer<typeof RecommendationsSchema>;

export const SuggestQuerySchema = z.object({
  q: z.string().trim().min(1, 'ange minst ett tecken').max(100, 'högst 100 tecken'),
});

/** Completions: up to 5 products, 3 brands and 3 categories; prefix matches first. */
export const SuggestionSchema = z.object({
  text: z.string(),
  type: z.enum(['product', 'brand', 'category']),
  /** Storefront path: /produkt/{slug}, /produkter?brand={slug} or /produkter/{path}. */
  url: z.string(),
});
export const SuggestSchema = z.object({ q: z.string(), suggestions: z.array(SuggestionSchema) });
export type Suggest = z.infer<typeof SuggestSchema>;

/**
 * GET /api/v2.0/products/by_page_slugs/ — the products of campaign and category pages.
 * Each slug names a campaign (its products on campaign now) or a category path (its
 * products); unknown slugs match nothing.
 */
export const PageProductsQuerySchema = z.object({
  page_slugs: queryList(
    z
      .string()
      .max(300)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, SLUG_MESSAGE),
    20,
  ).refine((slugs) => slugs.length > 0, 'ange minst en sidslug'),
  store_id: StoreIdQuery.optional(),
  assortment: AssortmentFilterSchema.default('all'),
  count: QueryInt(1, MAX_PRODUCT_PAGE_SIZE).default(DEFAULT_PRODUCT_PAGE_SIZE),
});
export type PageProductsQuery = z.infer<typeof PageProductsQuerySchema>;

export const PageProductsSchema = z.object({
  data: z.object({ products: z.array(ProductSchema) }),
});
export type PageProducts = z.infer<typeof PageProductsSchema>;
