import type { OrganisationId } from '@bygg/contracts/common';
import type { BrandFacet } from '@bygg/contracts/products';
import type { PriceOffer } from '@bygg/contracts/prices';
import {
  type Article,
  type ArticleDetail,
  type ArticleOffer,
  type CategoryRef,
  type PageProductsQuery,
  type Product,
  type ProductDetail,
  type ProductImage,
  type ProductListQuery,
  type ProductPrices,
  type ProductStock,
  type Recommendations,
  type RecommendationsQuery,
  type StockedWarehouses,
  type Suggest,
} from '@bygg/contracts/products';
import type { StockEntry, StockStore } from '@bygg/contracts/stock';
import { PRODUCT_IMAGE_WIDTHS, type ChoiceTreeEntry } from '@bygg/db/schema/catalog';
import { isHidden, isStockHidden } from '@bygg/domain/availability';
import { PRODUCT_COUNT_CAP, SEARCH_SUGGESTIONS_PER_GROUP } from '@bygg/domain/limits';
import { compareStockEntries, stockStatusFromQuantity } from '@bygg/domain/stock';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import { TtlCache } from '@bygg/domain/ttl-cache';
import { ASSORTMENT_TREE_ID } from '../categories/service.ts';
import {
  effectiveAvailability,
  isListed,
  showsPrice,
  visibleStock,
} from '@bygg/domain/availability-rules';
import { CountCache } from './count-cache.ts';
import type { ListingFilter, StoreContext } from './listing-query.ts';
import { buildOffer, type PricingService } from '../../pricing/index.ts';
import {
  sortKeysCount,
  sortKeysServe,
  sortKeysWorthBuilding,
  keysCurrent,
  MARKED_REFRESH_LIMIT,
  windowHolds,
  type SortKeyWindow,
} from './sort-keys.ts';
import type {
  ArticleRow,
  CategoryRow,
  ImageRow,
  ProductDetailRow,
  ProductRow,
  ProductsRepository,
} from './repository.ts';

/** The assortment's category tree (the spec's backend 'TREE'). */
const DEFAULT_TREE_ID = ASSORTMENT_TREE_ID;
/** Stores, categories and counts change only with an import; a minute keeps edits visible. */
export const LOOKUP_CACHE_SECONDS = 60;
const COUNT_CACHE_ENTRIES = 2_000;
const SUGGEST_PRODUCTS = 5;

/**
 * Who is asking. companyId is the logged-in trade customer's company, which unlocks its net
 * prices; it comes from the session, never from a request parameter.
 */
export type Viewer = { companyId: number | null };
export const ANONYMOUS: Viewer = { companyId: null };

/** The viewer of a request: the session's trade company, or anonymous. */
export function viewerOf(request: {
  sessionUser?: { companyId: number | null } | null | undefined;
}): Viewer {
  return { companyId: request.sessionUser?.companyId ?? null };
}

export type ProductRef = { id: number } | { slug: string };

/** A product id in the path may be its number or its slug. */
export function productRef(value: string): ProductRef {
  return /^\d+$/.test(value) ? { id: Number(value) } : { slug: value };
}

export type ProductListResult = {
  count: number;
  page: number;
  hasNext: boolean;
  results: Product[];
  /** Only when the query asked for facets=brand. */
  brandFacets?: BrandFacet[];
};

type Context = {
  organisation: OrganisationId;
  store: StoreContext | null;
  viewer: Viewer;
  now: Date;
};

/** An article as the request may see it: listed, with its offer and stock. */
type LoadedArticle = {
  row: ArticleRow;
  availability: number;
  offer: PriceOffer | null;
  /** Stock in the store's own warehouse; undefined without a store, null without a record. */
  stock: StockEntry | null | undefined;
};

type LoadedProduct = { row: ProductRow; articles: LoadedArticle[]; card: Product };

type CategoryIndex = {
  rows: CategoryRow[];
  byId: Map<number, CategoryRow>;
  byPath: Map<string, CategoryRow>;
};

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export function imageSources(imageKey: string): ProductImage['sources'] {
  return PRODUCT_IMAGE_WIDTHS.map((width) => ({
    width,
    src: `/media/products/${imageKey}/${width}.webp`,
  }));
}

function toImage(row: ImageRow): ProductImage {
  return { alt: row.alt, sources: imageSources(row.imageKey) };
}

function stockStore(store: StoreContext): StockStore {
  return {
    id: store.id,
    external_id: store.externalId,
    is_central: store.isCentral,
    name: store.name,
    slug: store.slug,
  };
}

function categoryRef(row: CategoryRow): CategoryRef {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    path: row.path,
    url: `/produkter/${row.path}`,
  };
}

/**
 * The choice tree without the articles this request may not see; choices left without any
 * article are dropped too.
 */
export function pruneChoiceTree(
  tree: ChoiceTreeEntry[],
  visible: ReadonlySet<number>,
): ChoiceTreeEntry[] {
  return tree.map((entry) => {
    const articles: Record<string, number[]> = {};
    const skus: Record<string, string[]> = {};
    for (const [key, ids] of Object.entries(entry.articles)) {
      const keep = ids.map((id, i) => [id, i] as const).filter(([id]) => visible.has(id));
      if (keep.length === 0) continue;
      articles[key] = keep.map(([id]) => id);
      const entrySkus = entry.article_skus[key] ?? [];
      skus[key] = keep.flatMap(([, i]) => (entrySkus[i] === undefined ? [] : [entrySkus[i]]));
    }
    const values = new Set(Object.keys(articles).map((key) => key.split('|').at(-1)));
    return {
      ...entry,
      choices: entry.choices.filter((choice) => values.has(choice.value)),
      articles,
      article_skus: skus,
    };
  });
}

export class ProductsService {
  private readonly stores: TtlCache<number, StoreContext | null>;
  private readonly categoryIndexes: TtlCache<string, CategoryIndex>;
  private readonly counts: CountCache;
  private readonly facets: CountCache<BrandFacet[]>;
  private readonly sortKeyRefreshes = new Map<OrganisationId, Promise<SortKeyWindow>>();

  constructor(
    private readonly repository: ProductsRepository,
    private readonly pricing: PricingService,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string, error: unknown) => void = (message, error) =>
      console.error(message, error),
  ) {
    this.stores = new TtlCache(LOOKUP_CACHE_SECONDS * 1000);
    this.categoryIndexes = new TtlCache(LOOKUP_CACHE_SECONDS * 1000);
    this.counts = new CountCache(LOOKUP_CACHE_SECONDS * 1000, COUNT_CACHE_ENTRIES);
    this.facets = new CountCache(LOOKUP_CACHE_SECONDS * 1000, COUNT_CACHE_ENTRIES);
  }

  /** GET products/ — one page of the listing (the paginated helper's shape). */
  async list(
    organisation: OrganisationId,
    query: ProductListQuery,
    viewer: Viewer,
  ): Promise<ProductListResult> {
    const ctx = await this.context(organisation, query.store_id, viewer);
    const category = query.category
      ? await this.category(DEFAULT_TREE_ID, query.category, 'query.category')
      : undefined;
    const filter: ListingFilter = {
      organisation,
      store: ctx.store,
      assortment: query.assortment,
      categoryIds: category ? category.ids : undefined,
      brandSlugs: query.brand?.length ? query.brand : undefined,
      supplierIds: query.supplier_ids?.length ? query.supplier_ids : undefined,
      text: query.q ? await this.repository.searchPlan(query.q) : undefined,
      inStock: query.in_stock,
      priceMinOre: query.price_min === undefined ? undefined : Math.round(query.price_min * 100),
      priceMaxOre: query.price_max === undefined ? undefined : Math.round(query.price_max * 100),
      campaignIds: query.campaign
        ? await this.campaignIds(organisation, query.campaign)
        : undefined,
      localAssortment: query.local_assortment || undefined,
    };
    // The query schema refuses pages that start past the count cap; the last one is cut at it.
    const offset = (query.page - 1) * query.page_size;
    const limit = Math.min(query.page_size, PRODUCT_COUNT_CAP - offset);
    const fromSortKeys =
      sortKeysServe(filter, query.sort) &&
      (sortKeysWorthBuilding(filter, query.sort)
        ? await this.sortKeysFresh(organisation, ctx.now)
        : keysCurrent(await this.repository.sortKeyState(organisation), ctx.now));
    const ids = await this.repository.listingPage(
      filter,
      query.sort,
      { limit, offset },
      ctx.now,
      undefined,
      fromSortKeys,
    );
    // A page that is neither full nor past the end tells the total without a count query.
    const knownTotal = ids.length < limit && (ids.length > 0 || offset === 0);
    const [count, results, brandFacets] = await Promise.all([
      knownTotal ? offset + ids.length : this.count(filter, ctx.now, fromSortKeys),
      this.cards(ids, ctx),
      query.facets?.includes('brand') ? this.brandFacets(filter, ctx.now) : undefined,
    ]);
    const total = Math.min(count, PRODUCT_COUNT_CAP);
    return {
      count: total,
      page: query.page,
      hasNext: offset + limit < total,
      results,
      ...(brandFacets ? { brandFacets } : {}),
    };
  }

  /**
   * Whether the precomputed sort keys hold at `now` (read on every request: a write marks its
   * products in its own transaction, migration 0029). When a campaign started or ended since
   * they were built, or a few products were written since, only those are rebuilt (a few
   * thousand rows at most, awaited). Without keys, with a clock before them or after a bulk
   * write (more marks than MARKED_REFRESH_LIMIT), the whole rebuild (seconds at 100,000
   * products) runs in the background and this request takes the live query, as every request
   * does until it is done. A failed rebuild is logged and the live query answers.
   */
  private async sortKeysFresh(organisation: OrganisationId, now: Date): Promise<boolean> {
    const state = await this.repository.sortKeyState(organisation);
    if (keysCurrent(state, now)) return true;
    const running = this.sortKeyRefreshes.get(organisation);
    if (running) return false;
    const { window } = state;
    const incremental =
      window !== null && window.validFrom <= now && state.marked <= MARKED_REFRESH_LIMIT;
    const refresh = (async () => {
      const ids = incremental
        ? await this.repository.productsWithPriceChanges(organisation, window.validFrom, now)
        : undefined;
      return this.repository.refreshSortKeys(organisation, now, ids);
    })().finally(() => {
      this.sortKeyRefreshes.delete(organisation);
    });
    this.sortKeyRefreshes.set(organisation, refresh);
    const settled = refresh.then(
      (fresh) => windowHolds(fresh, now),
      (error: unknown) => {
        this.log('Could not rebuild the listing sort keys', error);
        return false;
      },
    );
    return incremental ? settled : false;
  }

  /** Waits for sort-key rebuilds still running (the app's close hook, before the pool ends). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.sortKeyRefreshes.values()]);
  }

  /** Rebuilds the sort keys now: after a price import, and to warm them (benchmark, tests). */
  async refreshSortKeys(organisation: OrganisationId, productIds?: number[]): Promise<void> {
    await this.repository.refreshSortKeys(organisation, this.clock(), productIds);
  }

  private async campaignIds(organisation: OrganisationId, slug: string): Promise<number[]> {
    const ids = await this.repository.campaignIdsBySlug(organisation, [slug]);
    if (ids.length === 0) throw new NotFoundError(`Kampanjen ${slug} finns inte (query.campaign)`);
    return ids;
  }

  /** Brand counts of the filter without its brand choice (cached like the counts). */
  private brandFacets(filter: ListingFilter, now: Date): Promise<BrandFacet[]> {
    const unbranded: ListingFilter = { ...filter, brandSlugs: undefined };
    const key = JSON.stringify({ ...unbranded, store: filter.store?.id ?? null });
    return this.facets.get(key, () => this.repository.brandFacets(unbranded, now));
  }

  /** GET products/{id or slug}/ — the product page. */
  async detail(
    organisation: OrganisationId,
    ref: ProductRef,
    storeId: number | undefined,
    viewer: Viewer,
  ): Promise<ProductDetail> {
    const ctx = await this.context(organisation, storeId, viewer);
    const row = await this.repository.productDetail(organisation, ref);
    if (!row) throw productNotFound(ref);
    // The cover is the first of the pictures the page reads anyway.
    const pictures = this.repository.images(row.id);
    const [loaded, images, categories] = await Promise.all([
      this.assemble(
        [row],
        ctx,
        pictures.then((all) => all.slice(0, 1)),
      ),
      pictures,
      this.categoryIndex(DEFAULT_TREE_ID),
    ]);
    const product = loaded.get(row.id);
    if (!product) throw productNotFound(ref);
    return this.toDetail(row, product, images, categories);
  }

  /** GET products/{id}/prices/ — the offers of the product's articles in the store. */
  async prices(
    organisation: OrganisationId,
    ref: ProductRef,
    storeId: number | undefined,
    viewer: Viewer,
  ): Promise<ProductPrices> {
    const ctx = await this.context(organisation, storeId, viewer);
    const product = await this.loadOne(ref, ctx);
    return {
      store_id: ctx.store?.id ?? null,
      results: product.articles.flatMap((article) => (article.offer ? [article.offer] : [])),
    };
  }

  /**
   * GET products/{id}/stocked_warehouses/ — the article's stock in every store of the
   * organisation. Entries whose availability hides the article or its stock are left out
   * (storefront spec §4, 'stores with stock'); warehouse entries first, then by stock rank.
   */
  async stockedWarehouses(
    organisation: OrganisationId,
    ref: ProductRef,
    articleId: number | undefined,
  ): Promise<StockedWarehouses> {
    // Only the articles' chain-wide availability decides which exist here (as the product
    // page lists them without a store); with the article named, its stock is read meanwhile.
    const [articles, stockRows] = await Promise.all([
      this.repository.articleAvailabilities(organisation, ref),
      articleId === undefined
        ? undefined
        : this.repository.stockAcrossStores(organisation, articleId),
    ]);
    const listed = articles.filter((a) =>
      isListed(effectiveAvailability(a.availability, null, null)),
    );
    if (listed.length === 0) throw productNotFound(ref);
    const article = articleId === undefined ? listed[0] : listed.find((a) => a.id === articleId);
    if (!article) {
      throw new NotFoundError(`Artikeln ${articleId} finns inte för produkten`);
    }
    const rows = stockRows ?? (await this.repository.stockAcrossStores(organisation, article.id));
    const entries: StockEntry[] = [];
    for (const row of rows) {
      const availability = effectiveAvailability(article.availability, row.availability, row.link);
      if (isHidden(availability) || isStockHidden(availability)) continue;
      entries.push({
        article_id: article.id,
        status: stockStatusFromQuantity(row.quantityOnHand),
        availability,
        stock_type: row.stockType,
        quantity_on_hand: row.quantityOnHand,
        warehouse: row.warehouseCode,
        store:
          row.storeId === null
            ? null
            : {
                id: row.storeId,
                external_id: row.storeExternalId ?? '',
                is_central: row.storeIsCentral ?? false,
                name: row.storeName ?? '',
                slug: row.storeSlug ?? '',
              },
      });
    }
    return { article_id: article.id, stocked_warehouses: entries.sort(compareStockEntries) };
  }

  /**
   * GET products/stock/?slug=&store_id= — each article's stock in every warehouse the store
   * sells from: its own (with the store) and the supplying ones (warehouse entries).
   */
  async stockBySlug(
    organisation: OrganisationId,
    slug: string,
    storeId: number,
  ): Promise<ProductStock> {
    const ctx = await this.context(organisation, storeId, ANONYMOUS);
    const store = ctx.store as StoreContext;
    const product = await this.repository.productIdBySlug(organisation, slug);
    if (!product) throw productNotFound({ slug });
    const articles = (await this.repository.articles([product.id])).filter((a) =>
      isListed(a.availability),
    );
    const rows = await this.repository.stockForStore(
      store.id,
      articles.map((a) => a.id),
    );
    const byArticle = groupBy(rows, (row) => row.articleId);
    const results: StockEntry[] = [];
    for (const article of articles) {
      const own = byArticle.get(article.id)?.find((row) => row.warehouseId === store.warehouseId);
      const ownAvailability = effectiveAvailability(
        article.availability,
        own?.availability ?? null,
        store.ownLink,
      );
      if (!isListed(ownAvailability)) continue;
      const entries: StockEntry[] = [];
      for (const row of byArticle.get(article.id) ?? []) {
        const availability = effectiveAvailability(
          article.availability,
          row.availability,
          row.link,
        );
        if (isHidden(availability)) continue;
        const isOwn = row.warehouseId === store.warehouseId;
        entries.push({
          article_id: article.id,
          ...toStockFields(availability, row.quantityOnHand),
          stock_type: row.stockType,
          warehouse: row.warehouseCode,
          store: isOwn ? stockStore(store) : null,
        });
      }
      results.push(...entries.sort(compareStockEntries));
    }
    return { slug, store_id: store.id, results };
  }

  /** GET articles/{id}/ — one article with its product's card. */
  async article(
    organisation: OrganisationId,
    articleId: number,
    storeId: number | undefined,
    viewer: Viewer,
  ): Promise<ArticleDetail> {
    const ctx = await this.context(organisation, storeId, viewer);
    const { product, article } = await this.loadArticle(articleId, ctx);
    return { ...toArticle(article), product: product.card };
  }

  /**
   * Several articles with their products' cards by the rules of articles/{id}/, in a fixed
   * number of queries however many ids (the picklist prices up to 200 lines at once). Ids that
   * do not exist or are not listed in the store are left out of the map.
   */
  async articlesById(
    organisation: OrganisationId,
    articleIds: readonly number[],
    storeId: number | undefined,
    viewer: Viewer,
  ): Promise<Map<number, ArticleDetail>> {
    const ctx = await this.context(organisation, storeId, viewer);
    const productIds = await this.repository.articleProductIds(articleIds);
    const rows = await this.repository.products(ctx.organisation, productIds);
    const wanted = new Set(articleIds);
    const result = new Map<number, ArticleDetail>();
    for (const product of (await this.assemble(rows, ctx)).values()) {
      for (const article of product.articles) {
        if (wanted.has(article.row.id)) {
          result.set(article.row.id, { ...toArticle(article), product: product.card });
        }
      }
    }
    return result;
  }

  /** GET articles/{id}/offer/ — one article's offer in the store (null when hidden or unpriced). */
  async articleOffer(
    organisation: OrganisationId,
    articleId: number,
    storeId: number | undefined,
    viewer: Viewer,
  ): Promise<ArticleOffer> {
    const ctx = await this.context(organisation, storeId, viewer);
    const { article } = await this.loadArticle(articleId, ctx);
    return { article_id: articleId, store_id: ctx.store?.id ?? null, offer: article.offer };
  }

  /** GET products/recommendations/ — see RECOMMENDATION_KEYS in the contracts. */
  async recommendations(
    organisation: OrganisationId,
    query: RecommendationsQuery,
    viewer: Viewer,
  ): Promise<Recommendations> {
    const ctx = await this.context(organisation, query.store_id, viewer);
    const treeId = query.tree_id ?? DEFAULT_TREE_ID;
    const categories = await this.categoryIndex(treeId);
    if (categories.rows.length === 0) {
      const message = `Kategoriträdet ${treeId} finns inte`;
      throw new BadRequestError(message, [{ path: 'query.tree_id', message }]);
    }
    const base: ListingFilter = { organisation, store: ctx.store, assortment: 'all' };
    const slug = query.page_slug;
    const category = slug ? findCategory(categories, slug) : undefined;
    // Campaigns and the product of the slug in one statement; a campaign wins over a product.
    const targets = slug
      ? await this.repository.pageSlugTargets(organisation, slug, !category && !slug.includes('/'))
      : { campaignIds: [], product: null };
    const campaignIds = targets.campaignIds;
    const product = campaignIds.length === 0 ? targets.product : null;

    let ids: number[] = [];
    if (query.key === 'related') {
      if (product) ids = await this.related(base, categories, product, query.count, ctx.now);
    } else if (query.key === 'campaign') {
      const active =
        campaignIds.length > 0
          ? campaignIds
          : await this.repository.activeCampaignIds(organisation, ctx.now);
      ids = await this.repository.listingPage(
        { ...base, pages: { categoryIds: [], campaignIds: active } },
        'discounts',
        { limit: query.count, offset: 0 },
        ctx.now,
      );
    } else {
      const scope: ListingFilter = category
        ? { ...base, categoryIds: descendants(categories, category) }
        : campaignIds.length > 0
          ? { ...base, pages: { categoryIds: [], campaignIds } }
          : product
            ? { ...base, excludeProductIds: [product.id] }
            : base;
      ids = await this.repository.listingPage(
        scope,
        'popular',
        { limit: query.count, offset: 0 },
        ctx.now,
      );
    }
    return { recommendations: [{ key: query.key, products: await this.cards(ids, ctx) }] };
  }

  /** GET products/suggest/ — completions for the search field (issue 4 replaces the matching). */
  async suggest(organisation: OrganisationId, q: string): Promise<Suggest> {
    const [products, brands, categories] = await Promise.all([
      this.repository.suggestProducts(organisation, q, SUGGEST_PRODUCTS),
      this.repository.suggestBrands(organisation, q, SEARCH_SUGGESTIONS_PER_GROUP),
      this.repository.suggestCategories(DEFAULT_TREE_ID, q, SEARCH_SUGGESTIONS_PER_GROUP),
    ]);
    return {
      q,
      suggestions: [
        ...products.map((s) => ({
          text: s.text,
          type: 'product' as const,
          url: `/produkt/${s.key}`,
        })),
        ...brands.map((s) => ({
          text: s.text,
          type: 'brand' as const,
          url: `/produkter?brand=${encodeURIComponent(s.key)}`,
        })),
        ...categories.map((s) => ({
          text: s.text,
          type: 'category' as const,
          url: `/produkter/${s.key}`,
        })),
      ],
    };
  }

  /** GET products/by_page_slugs/ — products of campaign and category pages. */
  async pageProducts(
    organisation: OrganisationId,
    query: PageProductsQuery,
    viewer: Viewer,
  ): Promise<Product[]> {
    const ctx = await this.context(organisation, query.store_id, viewer);
    const [categories, campaignIds] = await Promise.all([
      this.categoryIndex(DEFAULT_TREE_ID),
      this.repository.campaignIdsBySlug(organisation, query.page_slugs),
    ]);
    const categoryIds = query.page_slugs.flatMap((slug) => {
      const category = findCategory(categories, slug);
      return category ? descendants(categories, category) : [];
    });
    if (categoryIds.length === 0 && campaignIds.length === 0) return [];
    const ids = await this.repository.listingPage(
      {
        organisation,
        store: ctx.store,
        assortment: query.assortment,
        pages: { categoryIds, campaignIds },
      },
      'popular',
      { limit: query.count, offset: 0 },
      ctx.now,
    );
    return this.cards(ids, ctx);
  }

  // --- building blocks -------------------------------------------------------------------

  private async context(
    organisation: OrganisationId,
    storeId: number | undefined,
    viewer: Viewer,
  ): Promise<Context> {
    const now = this.clock();
    if (storeId === undefined) return { organisation, store: null, viewer, now };
    const store = await this.stores.get(storeId, () => this.repository.storeContext(storeId));
    if (!store || store.organisationId !== organisation) {
      const message = `Butiken ${storeId} finns inte`;
      throw new BadRequestError(message, [{ path: 'query.store_id', message }]);
    }
    return { organisation, store, viewer, now };
  }

  private categoryIndex(treeId: string): Promise<CategoryIndex> {
    return this.categoryIndexes.get(treeId, async () => {
      const rows = await this.repository.categories(treeId);
      return {
        rows,
        byId: new Map(rows.map((row) => [row.id, row])),
        byPath: new Map(rows.map((row) => [row.path, row])),
      };
    });
  }

  /** A category filter: the category and all its descendants; unknown → 404. */
  private async category(
    treeId: string,
    value: string,
    field: string,
  ): Promise<{ row: CategoryRow; ids: number[] }> {
    const index = await this.categoryIndex(treeId);
    const row = findCategory(index, value);
    if (!row) throw new NotFoundError(`Kategorin ${value} finns inte (${field})`);
    return { row, ids: descendants(index, row) };
  }

  /**
   * The matches counted up to the cap, from the sort keys when they hold (`keysFresh`, or
   * their window read, which never starts a rebuild): the live count reads every listed
   * article, the long tail of distinct filters has no cached count (issue 21).
   */
  private count(filter: ListingFilter, now: Date, keysFresh = false): Promise<number> {
    const key = JSON.stringify({ ...filter, store: filter.store?.id ?? null });
    return this.counts.get(key, async () => {
      const fromSortKeys =
        sortKeysCount(filter) &&
        (keysFresh || keysCurrent(await this.repository.sortKeyState(filter.organisation), now));
      return this.repository.listingCount(
        filter,
        now,
        PRODUCT_COUNT_CAP + 1,
        undefined,
        fromSortKeys,
      );
    });
  }

  /** Same leaf category first, then the rest of its parent category; never the product itself. */
  private async related(
    base: ListingFilter,
    categories: CategoryIndex,
    product: { id: number; categoryId: number },
    count: number,
    now: Date,
  ): Promise<number[]> {
    const page = { limit: count, offset: 0 };
    const same = await this.repository.listingPage(
      { ...base, categoryIds: [product.categoryId], excludeProductIds: [product.id] },
      'popular',
      page,
      now,
    );
    const parentId = categories.byId.get(product.categoryId)?.parentId;
    const parent = parentId == null ? undefined : categories.byId.get(parentId);
    if (same.length >= count || !parent) return same;
    const more = await this.repository.listingPage(
      {
        ...base,
        categoryIds: descendants(categories, parent),
        excludeProductIds: [product.id, ...same],
      },
      'popular',
      { limit: count - same.length, offset: 0 },
      now,
    );
    return [...same, ...more];
  }

  /** Product cards in the order of `ids`; products with nothing listed are left out. */
  private async cards(ids: readonly number[], ctx: Context): Promise<Product[]> {
    if (ids.length === 0) return [];
    const { rows, covers } = await this.repository.productsWithCovers(ctx.organisation, ids);
    const loaded = await this.assemble(rows, ctx, covers);
    return ids.flatMap((id) => {
      const product = loaded.get(id);
      return product ? [product.card] : [];
    });
  }

  private async loadOne(ref: ProductRef, ctx: Context): Promise<LoadedProduct> {
    const row =
      'id' in ref
        ? (await this.repository.products(ctx.organisation, [ref.id]))[0]
        : await this.repository.productDetail(ctx.organisation, ref);
    const product = row ? (await this.assemble([row], ctx)).get(row.id) : undefined;
    if (!product) throw productNotFound(ref);
    return product;
  }

  private async loadArticle(
    articleId: number,
    ctx: Context,
  ): Promise<{ product: LoadedProduct; article: LoadedArticle }> {
    const productId = await this.repository.articleProductId(articleId);
    const rows =
      productId === null ? [] : await this.repository.products(ctx.organisation, [productId]);
    const product = rows[0] ? (await this.assemble(rows, ctx)).get(rows[0].id) : undefined;
    const article = product?.articles.find((a) => a.row.id === articleId);
    if (!product || !article) throw new NotFoundError(`Artikeln ${articleId} finns inte`);
    return { product, article };
  }

  /**
   * Articles with their stock in the store, cover pictures (unless the caller has them),
   * and the viewer's prices (net and lowest 30-day prices included, one statement of the
   * pricing context): a fixed number of
   * statements in two rounds, whatever the number of products (no N+1).
   */
  private async assemble(
    rows: readonly ProductRow[],
    ctx: Context,
    knownCovers?: ImageRow[] | Promise<ImageRow[]>,
  ): Promise<Map<number, LoadedProduct>> {
    const productIds = rows.map((row) => row.id);
    const [{ articles, stock }, covers] = await Promise.all([
      this.repository.articlesWithStock(productIds, ctx.store?.warehouseId ?? null),
      knownCovers ?? this.repository.coverImages(productIds),
    ]);
    const articleIds = articles.map((a) => a.id);
    const storeId = ctx.store?.id ?? null;
    const prices = await this.pricing.priceArticles({
      organisation: ctx.organisation,
      storeId,
      companyId: ctx.viewer.companyId,
      articleIds,
      at: ctx.now,
    });
    const stockByArticle = new Map(stock.map((row) => [row.articleId, row]));
    const articlesByProduct = groupBy(articles, (a) => a.productId);
    const coverByProduct = new Map(covers.map((c) => [c.productId, c]));

    const result = new Map<number, LoadedProduct>();
    for (const row of rows) {
      const loaded: LoadedArticle[] = [];
      for (const article of articlesByProduct.get(row.id) ?? []) {
        const stockRow = stockByArticle.get(article.id);
        const availability = effectiveAvailability(
          article.availability,
          stockRow?.availability ?? null,
          ctx.store ? ctx.store.ownLink : null,
        );
        if (!isListed(availability)) continue;
        const price = prices.get(article.id);
        const offer =
          price && showsPrice(availability)
            ? buildOffer({
                articleId: article.id,
                price,
                vatRateBp: row.vatRateBp,
                salesUnit: row.unit,
                comparison:
                  article.comparisonUnit && article.comparisonQuantityMilli
                    ? { unit: article.comparisonUnit, milli: article.comparisonQuantityMilli }
                    : null,
              })
            : null;
        let stockEntry: StockEntry | null | undefined;
        if (ctx.store) {
          stockEntry = stockRow
            ? {
                article_id: article.id,
                ...toStockFields(availability, stockRow.quantityOnHand),
                stock_type: stockRow.stockType,
                warehouse: ctx.store.warehouseCode,
                store: stockStore(ctx.store),
              }
            : null;
        }
        loaded.push({ row: article, availability, offer, stock: stockEntry });
      }
      if (loaded.length === 0) continue;
      const cover = coverByProduct.get(row.id);
      result.set(row.id, { row, articles: loaded, card: toCard(row, loaded, cover) });
    }
    return result;
  }

  private toDetail(
    row: ProductDetailRow,
    product: LoadedProduct,
    images: ImageRow[],
    categories: CategoryIndex,
  ): ProductDetail {
    const category = categories.byId.get(row.categoryId);
    if (!category) throw new Error(`Product ${row.id} has no category ${row.categoryId}`);
    const breadcrumbs: CategoryRef[] = [];
    for (let c: CategoryRow | undefined = category; c;) {
      breadcrumbs.unshift(categoryRef(c));
      c = c.parentId === null ? undefined : categories.byId.get(c.parentId);
    }
    const visible = new Set(product.articles.map((a) => a.row.id));
    return {
      ...product.card,
      description: row.description,
      supplier:
        row.supplierId === null
          ? null
          : { id: row.supplierId, name: row.supplierName ?? '', slug: row.supplierSlug ?? '' },
      category: categoryRef(category),
      breadcrumbs,
      images: images.map((image) => ({
        ...toImage(image),
        width: image.width,
        height: image.height,
      })),
      articles: product.articles.map(toArticle),
      choices_tree: row.choiceTree ? pruneChoiceTree(row.choiceTree, visible) : null,
      sustainability:
        row.sustainabilityRating && row.sustainabilityGrade
          ? ({
              rating: row.sustainabilityRating,
              grade: row.sustainabilityGrade,
              labels: row.sustainabilityLabels ?? [],
            } as ProductDetail['sustainability'])
          : null,
      specifications: row.specifications ?? [],
      is_web_assortment: row.isWebAssortment,
      is_central_assortment: row.isCentralAssortment,
    };
  }
}

function productNotFound(ref: ProductRef): NotFoundError {
  return new NotFoundError(`Produkten ${'id' in ref ? ref.id : ref.slug} finns inte`);
}

function toStockFields(availability: number, quantity: number | null) {
  const shown = visibleStock(availability, quantity);
  return { status: shown.status, availability, quantity_on_hand: shown.quantity };
}

/** A path ('travaror/konstruktionsvirke') or a slug that names exactly one category. */
function findCategory(index: CategoryIndex, value: string): CategoryRow | undefined {
  const byPath = index.byPath.get(value);
  if (byPath || value.includes('/')) return byPath;
  const bySlug = index.rows.filter((row) => row.slug === value);
  return bySlug.length === 1 ? bySlug[0] : undefined;
}

function descendants(index: CategoryIndex, category: CategoryRow): number[] {
  const prefix = `${category.path}/`;
  return index.rows
    .filter((row) => row.id === category.id || row.path.startsWith(prefix))
    .map((row) => row.id);
}

function toArticle(article: LoadedArticle): Article {
  const { row } = article;
  return {
    id: row.id,
    title: row.title,
    position: row.position,
    options: row.options.map((o) => ({ name: o.name, value: o.value, unit: o.unit ?? null })),
    erp_article_numbers: row.erpArticleNumbers,
    source_code: row.sourceCode,
    gtin: row.gtin,
    availability: article.availability,
    stock_type: row.stockType,
    comparison:
      row.comparisonUnit && row.comparisonQuantityMilli
        ? { unit: row.comparisonUnit, quantity: row.comparisonQuantityMilli / 1000 }
        : null,
    offer: article.offer,
    ...(article.stock === undefined ? {} : { stock: article.stock }),
  };
}

/**
 * The card: the best offer is the cheapest visible price among the listed articles, and
 * article_id is its article (the first listed article when no price is shown).
 */
function toCard(row: ProductRow, articles: LoadedArticle[], cover: ImageRow | undefined): Product {
  const first = articles[0] as LoadedArticle;
  let best: LoadedArticle | undefined;
  for (const article of articles) {
    if (article.offer && (!best?.offer || article.offer.price < best.offer.price)) best = article;
  }
  const chosen = best ?? first;
  const erp = [...new Set(articles.flatMap((a) => a.row.erpArticleNumbers))];
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    url: `/produkt/${row.slug}`,
    brand: row.brandName && row.brandSlug ? { name: row.brandName, slug: row.brandSlug } : null,
    article_id: chosen.row.id,
    article_count: articles.length,
    cover_image: cover ? toImage(cover) : null,
    unit: row.unit,
    best_offer: best?.offer ?? null,
    first_article_reference: first.row.erpArticleNumbers[0] ?? null,
    erp_article_numbers: erp,
    ...(chosen.stock === undefined ? {} : { stock: chosen.stock }),
  };
}
