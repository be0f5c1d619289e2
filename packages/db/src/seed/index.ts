import { ORGANISATIONS, type OrganisationId } from '@bygg/domain/organisations';
import { slugify } from '@bygg/domain/slug';
import { desc, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../client.ts';
import { queryRows } from '../client.ts';
import { copyJson } from '../copy-format.ts';
import { hashPassword } from '../passwords.ts';
import * as schema from '../schema/index.ts';
import {
  buildBrands,
  buildCategories,
  buildSuppliers,
  expandTemplates,
  selectProducts,
} from './catalog.ts';
import { buildCms, buildDjedi, type CmsContext } from './cms.ts';
import { seedCommerce } from './commerce.ts';
import { loadSeedData } from './data.ts';
import {
  buildCampaigns,
  buildNetPrices,
  buildPrices,
  HISTORY_COLUMNS,
  PRICE_COLUMNS,
} from './prices.ts';
import { buildProducts, imagesOf, sustainabilityOf } from './products.ts';
import { rebuildSearchIndex } from '../search/refresh.ts';
import { deferIndexesAndForeignKeys, deferTriggers, restoreDeferred } from './deferred-ddl.ts';
import { STOCK_COLUMNS, stockRows } from './stock.ts';
import { buildStores, REGIONS, type OrganisationSeed } from './stores.ts';
import { seedDemoProjects } from './projects.ts';
import { accountStore, buildTradeHistory } from './trade-history.ts';
import { seedTradeQuotes } from './trade-quotes.ts';
import { seedTradeOffers } from './trade-offers.ts';
import { DEMO_USERS, PUNCHOUT_BUYERS, TRADE_COMPANIES } from './users.ts';
import { WINDOW_CONFIGURATOR, buildWindowConfiguratorProduct } from './window-configurator.ts';
import { acceptedTerms, STORE_TERMS } from '@bygg/domain/trade-terms';

export { DEMO_USERS } from './users.ts';
export type { DemoUser } from './users.ts';

/** Bump when the generated data changes shape, so old databases can be told apart. */
export const SEED_VERSION = '3';
export const DEFAULT_STORE_COUNT = 62;
export const MAX_STORE_COUNT = 200;
const SEED_LOCK_KEY = 7_310_202;

export type SeedOptions = {
  /** Number of products (default 5,000; the templates give at most about 105,000). */
  scale?: number | undefined;
  /** Local stores of the store chain (default 62, at most 200); the central store is extra. */
  stores?: number | undefined;
  /** Dates (campaigns, price history, stock timestamps) are relative to this. */
  now?: Date | undefined;
  log?: ((message: string) => void) | undefined;
};

export type SeedReport = {
  scale: number;
  stores: number;
  durationMs: number;
  steps: Array<{ step: string; ms: number; rows: number }>;
};

const TABLES_IN_LOAD_ORDER = [
  'organisations',
  'regions',
  'warehouses',
  'stores',
  'opening_hours',
  'store_stocked_warehouses',
  'categories',
  'brands',
  'suppliers',
  'products',
  'articles',
  'product_images',
  'product_choice_trees',
  'product_specifications',
  'product_sustainability',
  'campaigns',
  'prices',
  'price_history',
  'stock',
  'cms_nodes',
  'djedi_nodes',
  'trade_companies',
  'net_prices',
  'trade_users',
  'trade_user_stores',
  'trade_projects',
  'trade_project_users',
  'trade_project_files',
  'product_configurators',
  'punchout_buyers',
  'punchout_sessions',
  // Issue 5: carts and orders reference the catalogue and stores, so they go too.
  'gift_card_articles',
  'gift_cards',
  'gift_card_redemptions',
  'carts',
  'cart_items',
  'cart_gift_cards',
  'vouchers',
  'orders',
  'order_lines',
  'idempotency_keys',
  'search_vocabulary',
  'search_documents',
  'schema_seed',
];

/**
 * The bulk-loaded tables: loaded without their secondary indexes and foreign keys, which are
 * made once afterwards (deferred-ddl.ts, ADR 050).
 */
const BULK_TABLES = [
  'products',
  'articles',
  'product_images',
  'product_choice_trees',
  'product_specifications',
  'product_sustainability',
  'prices',
  'price_history',
  'stock',
  'search_products',
];
/**
 * Of those, the tables the search rebuild writes: their indexes are made after it (the
 * rebuild rewrites every product row), the others' when the bulk load is done (the steps
 * after it, the rebuild's query among them, read them).
 */
const SEARCH_TABLES = ['products', 'search_products'];
/**
 * Bulk tables with triggers of their own (the sort keys' change marks and the stock keys, ADR
 * 053): off for the load, on again with the indexes; the stock keys are then rebuilt in one
 * statement and the sort keys from scratch on first use (their state went with the truncate).
 */
const TRIGGER_TABLES = ['products', 'articles', 'prices', 'stock'];

/** Tables whose ids the seed sets itself; their sequences are moved past the seeded ids. */
const EXPLICIT_ID_TABLES = [
  'warehouses',
  'stores',
  'brands',
  'suppliers',
  'products',
  'campaigns',
  'cms_nodes',
  'trade_companies',
  'trade_invoices',
];

export async function isSeeded(database: DatabaseHandle | Database): Promise<boolean> {
  const db = 'bulkCopy' in database ? database.db : database;
  const rows = await db
    .select({ id: schema.schemaSeed.id })
    .from(schema.schemaSeed)
    .orderBy(desc(schema.schemaSeed.id))
    .limit(1);
  return rows.length > 0;
}

/** Seeds unless the data is already there; safe when several processes start together. */
export async function ensureSeeded(
  database: DatabaseHandle,
  opts: SeedOptions = {},
): Promise<SeedReport | null> {
  return database.withAdvisoryLock(SEED_LOCK_KEY, async (db) =>
    (await isSeeded(db)) ? null : runSeed(database, opts),
  );
}

/** Replaces all demo data (TRUNCATE, then bulk COPY). Deterministic for a given `now`. */
export async function seed(database: DatabaseHandle, opts: SeedOptions = {}): Promise<SeedReport> {
  return database.withAdvisoryLock(SEED_LOCK_KEY, () => runSeed(database, opts));
}

let expanded: ReturnType<typeof expandTemplates> | undefined;
/** The template expansion is pure and takes about a second, so a process does it once. */
function allProductSpecs() {
  expanded ??= expandTemplates(loadSeedData());
  return expanded;
}

const passwordHashes = new Map<string, Promise<string>>();
/** scrypt is deliberately slow; tests seed many times, so each demo password is hashed once. */
function demoPasswordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

async function runSeed(database: DatabaseHandle, opts: SeedOptions): Promise<SeedReport> {
  const { db } = database;
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const now = opts.now ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const storeCount = Math.min(
    MAX_STORE_COUNT,
    Math.max(1, Math.round(opts.stores ?? DEFAULT_STORE_COUNT)),
  );
  const steps: SeedReport['steps'] = [];
  const step = async (name: string, fn: () => Promise<number> | number) => {
    const t = performance.now();
    const rows = await fn();
    const ms = Math.round(performance.now() - t);
    steps.push({ step: name, ms, rows });
    log(`${name.padEnd(28)} ${String(rows).padStart(9)} rows ${String(ms).padStart(7)} ms`);
  };

  const data = loadSeedData();
  const organisations = Object.fromEntries(
    (Object.keys(ORGANISATIONS) as OrganisationId[]).map((id) => {
      const o = ORGANISATIONS[id];
      return [
        id,
        { id, name: o.name, domain: `${slugify(o.name.split(' ')[0] ?? o.name)}.example` },
      ];
    }),
  ) as Record<OrganisationId, OrganisationSeed>;

  await step('truncate', async () => {
    await db.execute(
      sql.raw(`TRUNCATE ${TABLES_IN_LOAD_ORDER.join(', ')} RESTART IDENTITY CASCADE`),
    );
    return 0;
  });

  // Started now, awaited by the steps that store them: scrypt runs on libuv's threads while
  // the load goes on.
  const userHashes = Promise.all(DEMO_USERS.map((u) => demoPasswordHash(u.password)));
  const buyerHashes = Promise.all(PUNCHOUT_BUYERS.map((b) => demoPasswordHash(b.password)));
  // Unhandled until awaited: a failure is reported by the step that awaits it.
  userHashes.catch(() => {});
  buyerHashes.catch(() => {});

  await step('defer indexes, foreign keys', async () => {
    // A seed stopped half-way left some dropped: made again first, then all are dropped.
    await restoreDeferred(db);
    return (
      (await deferIndexesAndForeignKeys(db, BULK_TABLES)) +
      (await deferTriggers(db, TRIGGER_TABLES))
    );
  });

  await step('organisations, regions', async () => {
    await db.insert(schema.organisations).values(
      (Object.keys(organisations) as OrganisationId[]).map((id) => ({
        id,
        name: ORGANISATIONS[id].name,
        storeNamePrefix: ORGANISATIONS[id].storeNamePrefix,
        affiliation: ORGANISATIONS[id].affiliation,
        domain: organisations[id].domain,
      })),
    );
    await db.insert(schema.regions).values(REGIONS.map((r) => ({ ...r })));
    return 2 + REGIONS.length;
  });

  const built = buildStores({
    data,
    organisations,
    storeChainStores: storeCount,
    buildingSupplyStores: Math.min(20, Math.max(3, Math.round(storeCount / 3))),
    now,
  });
  await step('stores, warehouses, hours', async () => {
    await db
      .insert(schema.warehouses)
      .values(built.warehouses.map(({ carries: _c, size: _s, ...w }) => w));
    await db.insert(schema.stores).values(built.stores.map(({ size: _s, ...s }) => s));
    await database.bulkCopy(
      'opening_hours',
      ['store_id', 'day_num', 'date', 'open_time', 'close_time', 'holiday'],
      built.openingHours.map((h) => [
        h.storeId,
        h.dayNum,
        h.date,
        h.openTime,
        h.closeTime,
        h.holiday,
      ]),
    );
    await db.insert(schema.storeStockedWarehouses).values(built.stockedWarehouses);
    return (
      built.stores.length +
      built.warehouses.length +
      built.openingHours.length +
      built.stockedWarehouses.length
    );
  });

  const categories = buildCategories(data.categories);
  const brands = buildBrands(data.brands);
  const suppliers = buildSuppliers(categories);
  await step('categories, brands, suppliers', async () => {
    await db
      .insert(schema.categories)
      .values(categories.map(({ topName: _t, ...c }) => ({ ...c, treeId: 'TREE' })));
    await db.insert(schema.brands).values(brands);
    await db.insert(schema.suppliers).values(suppliers.map(({ areas: _a, ...s }) => s));
    return categories.length + brands.length + suppliers.length;
  });

  let products: ReturnType<typeof buildProducts> = [];
  // The generated catalogue's size (the scale asked for); the configurable window comes on top.
  let generated = 0;
  await step('generate catalogue', () => {
    const leafOrder = categories.filter((c) => c.level === 3).map((c) => c.path);
    const specs = selectProducts(
      allProductSpecs(),
      Math.max(1, Math.round(opts.scale ?? 5_000)),
      leafOrder,
    );
    products = buildProducts({ specs, categories, brands, suppliers, now: today });
    generated = products.length;
    // Issue 22: the store chain's configurable Elitfönster window ("Bygg ditt fönster").
    products.push(
      buildWindowConfiguratorProduct({ products, categories, brands, suppliers, now: today }),
    );
    return products.length;
  });
  const updatedAt = today;

  await step('products', () =>
    database.bulkCopy(
      'products',
      [
        'id',
        'slug',
        'title',
        'description',
        'brand_id',
        'supplier_id',
        'category_id',
        'unit',
        'vat_rate_bp',
        'popularity',
        'is_web_assortment',
        'is_central_assortment',
        'organisation_ids',
        'search_text',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (const p of products) {
          yield [
            p.id,
            p.slug,
            p.title,
            p.description,
            p.brandId,
            p.supplierId,
            p.categoryId,
            p.unit,
            2500,
            p.popularity,
            p.isWebAssortment,
            p.isCentralAssortment,
            p.organisationIds,
            p.searchText,
            p.createdAt,
            updatedAt,
          ];
        }
      })(),
    ),
  );
  await step('articles', () =>
    database.bulkCopy(
      'articles',
      [
        'id',
        'product_id',
        'position',
        'title',
        'options',
        'erp_article_numbers',
        'source_code',
        'availability',
        'stock_type',
        'gtin',
        'comparison_unit',
        'comparison_quantity_milli',
      ],
      (function* () {
        for (const p of products) {
          for (const a of p.articles) {
            yield [
              a.id,
              a.productId,
              a.position,
              a.title,
              copyJson(a.options),
              a.erpArticleNumbers,
              a.sourceCode,
              a.availability,
              a.stockType,
              a.gtin,
              a.comparisonUnit,
              a.comparisonQuantityMilli,
            ];
          }
        }
      })(),
    ),
  );
  const topIndexByCategory = new Map<number, number>();
  {
    const tops = new Map<number, number>();
    for (const c of categories) {
      if (c.level === 1) tops.set(c.id, tops.size);
    }
    const parent = new Map(categories.map((c) => [c.id, c.parentId]));
    for (const c of categories) {
      let id: number | null | undefined = c.id;
      while (id != null && !tops.has(id)) id = parent.get(id);
      topIndexByCategory.set(c.id, id != null ? (tops.get(id) ?? 0) : 0);
    }
  }
  await step('product images', () =>
    database.bulkCopy(
      'product_images',
      ['product_id', 'position', 'image_key', 'alt', 'width', 'height', 'background'],
      (function* () {
        for (const p of products) {
          for (const i of imagesOf(p, topIndexByCategory.get(p.categoryId) ?? 0)) {
            yield [i.productId, i.position, i.imageKey, i.alt, i.width, i.height, i.background];
          }
        }
      })(),
    ),
  );
  await step('choice trees, specifications, sustainability', async () => {
    const trees = await database.bulkCopy(
      'product_choice_trees',
      ['product_id', 'tree'],
      products.filter((p) => p.choiceTree).map((p) => [p.id, copyJson(p.choiceTree)]),
    );
    const specifications = await database.bulkCopy(
      'product_specifications',
      ['product_id', 'attributes'],
      products.map((p) => [p.id, copyJson(p.specifications)]),
    );
    const labels = await database.bulkCopy(
      'product_sustainability',
      ['product_id', 'rating', 'grade', 'labels'],
      products
        .map(sustainabilityOf)
        .flatMap((s) => (s ? [[s.productId, s.rating, s.grade, s.labels]] : [])),
    );
    return trees + specifications + labels;
  });

  const campaigns = buildCampaigns(today);
  await step('campaigns, prices, history', async () => {
    await db.insert(schema.campaigns).values(campaigns.map(({ isLimitedTime: _l, ...c }) => c));
    const { prices, history } = buildPrices(products, built.stores, campaigns, today);
    const a = await database.bulkCopy('prices', PRICE_COLUMNS, prices);
    const b = await database.bulkCopy('price_history', HISTORY_COLUMNS, history);
    return a + b;
  });

  await step('stock', () =>
    database.bulkCopy('stock', STOCK_COLUMNS, stockRows(products, built.warehouses, now)),
  );

  // The bulk load is done: the steps after it query these tables.
  await step('indexes, foreign keys', () =>
    restoreDeferred(
      db,
      BULK_TABLES.filter((t) => !SEARCH_TABLES.includes(t)),
    ),
  );

  // What the stock triggers keep, for all the stock loaded without them; no product is left
  // marked changed (the sort keys are built whole on first use).
  await step('stock keys', async () => {
    await db.execute(sql`select product_stock_keys_rebuild()`);
    await db.execute(sql`delete from product_sort_key_changes`);
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product_stock_keys`,
    );
    return Number(row?.n ?? 0);
  });

  await step('cms, labels', async () => {
    const categoryPath = new Map(categories.map((c) => [c.id, c.path]));
    let count = 0;
    let nextId = 1;
    for (const org of Object.values(organisations)) {
      const ctx: CmsContext = {
        organisationId: org.id,
        name: org.name,
        domain: org.domain,
        campaigns,
        imageFor(prefix) {
          const p = products.find((x) => (categoryPath.get(x.categoryId) ?? '').startsWith(prefix));
          return p ? `/media/products/p${p.id}-1/960.webp` : null;
        },
        productsIn(prefix, count) {
          return products
            .filter((x) => (categoryPath.get(x.categoryId) ?? '').startsWith(prefix))
            .slice(0, count)
            .map((x) => ({
              slug: x.slug,
              title: x.title,
              image: `/media/products/p${x.id}-1/960.webp`,
              brand: brands.find((b) => b.id === x.brandId) ?? null,
            }));
        },
      };
      const nodes = buildCms(ctx, nextId);
      nextId += nodes.length;
      await db.insert(schema.cmsNodes).values(nodes.map((n) => ({ ...n, updatedAt: today })));
      const labels = buildDjedi(ctx);
      await db
        .insert(schema.djediNodes)
        .values(labels.map((l) => ({ ...l, version: 1, updatedAt: today })));
      count += nodes.length + labels.length;
    }
    return count;
  });

  await step('trade companies, accounts, users', async () => {
    await db
      .insert(schema.tradeCompanies)
      .values(TRADE_COMPANIES.map(({ hasNetPrices: _h, accounts: _a, ...c }) => c));
    const accounts = TRADE_COMPANIES.flatMap((c) =>
      c.accounts.map((a) => ({
        companyId: c.id,
        storeId: accountStore(built.stores, c.organisationId, a.store).id,
        customerNumber: a.customerNumber,
        creditLimitOre: a.creditLimitOre,
        paymentTermsDays: a.paymentTermsDays,
        termsAcceptedAt: a.termsAccepted ? today : null,
        termsVersion: a.termsAccepted ? STORE_TERMS.version : null,
        terms: a.termsAccepted ? acceptedTerms() : null,
        createdAt: today,
      })),
    );
    await db.insert(schema.storeCustomers).values(accounts);
    const net = await database.bulkCopy(
      'net_prices',
      ['company_id', 'article_id', 'price_ore'],
      buildNetPrices(
        products,
        TRADE_COMPANIES.filter((c) => c.hasNetPrices).map((c) => c.id),
      ),
    );
    const hashes = await userHashes;
    const users = await db
      .insert(schema.tradeUsers)
      .values(
        DEMO_USERS.map((u, i) => ({
          organisationId: u.organisationId,
          username: u.username,
          name: u.name,
          passwordHash: hashes[i] ?? '',
          kind: u.kind,
          role: u.role,
          companyId: u.companyId,
          mayProjects: u.rights.projects,
          mayOffers: u.rights.offers,
          mayOrders: u.rights.orders,
          mayInvoices: u.rights.invoices,
          regionId: u.regionId,
          isActive: true,
          createdAt: today,
        })),
      )
      .returning({ id: schema.tradeUsers.id, username: schema.tradeUsers.username });
    const links = DEMO_USERS.flatMap((u) => {
      const userId = users.find((x) => x.username === u.username)?.id;
      if (!userId) throw new Error(`Demo user ${u.username} not inserted`);
      return u.storeRefs.map((ref) => ({
        userId,
        storeId: accountStore(built.stores, u.organisationId, ref).id,
      }));
    });
    if (links.length > 0) await db.insert(schema.tradeUserStores).values(links);
    return TRADE_COMPANIES.length + accounts.length + net + users.length + links.length;
  });

  await step('window configurator, punch-out buyers', async () => {
    const window = products.find((p) => p.slug === WINDOW_CONFIGURATOR.slug);
    if (!window) throw new Error('the window configurator product was not built');
    await db.insert(schema.productConfigurators).values({
      organisationId: WINDOW_CONFIGURATOR.organisationId,
      brandSlug: WINDOW_CONFIGURATOR.brandSlug,
      productId: window.id,
      model: WINDOW_CONFIGURATOR.model,
    });
    const hashes = await buyerHashes;
    await db.insert(schema.punchoutBuyers).values(
      PUNCHOUT_BUYERS.map(({ password: _p, ...b }, i) => ({
        ...b,
        passwordHash: hashes[i] ?? '',
        createdAt: today,
      })),
    );
    return 1 + PUNCHOUT_BUYERS.length;
  });

  await step('trade invoices, events', async () => {
    const history = buildTradeHistory(TRADE_COMPANIES, built.stores, products, today);
    if (history.invoices.length > 0) {
      await db
        .insert(schema.tradeInvoices)
        .values(
          history.invoices.map(({ lines: _l, ...invoice }) => ({ ...invoice, createdAt: today })),
        );
      await db
        .insert(schema.tradeInvoiceLines)
        .values(history.invoices.flatMap((i) => i.lines.map((l) => ({ ...l, invoiceId: i.id }))));
    }
    if (history.events.length > 0) await db.insert(schema.tradeEvents).values(history.events);
    return history.invoices.length + history.events.length;
  });

  // Issue 18: a few projects per demo company, with access and invoices on them (their
  // files are generated by the API on its first start: demo-files.ts in the trade context).
  await step('trade projects', () => seedDemoProjects(db, built.stores, today));
  await step('trade quotes', () => seedTradeQuotes(db, TRADE_COMPANIES, built.stores, today));
  await step('trade offers', () => seedTradeOffers(db, today));

  await step('gift cards', () =>
    seedCommerce(db, {
      now: today,
      productIds: products.map((p) => p.id),
      articleIds: new Set(products.flatMap((p) => p.articles.map((a) => a.id))),
      categoryId: categories.find((c) => c.level === 3)?.id ?? 0,
    }),
  );

  // After the bulk load: the index is built from the stored rows, as later refreshes are.
  await step('search index', () => rebuildSearchIndex(db));

  await step('search indexes, foreign keys', () => restoreDeferred(db));

  await step('sequences, analyze', async () => {
    for (const table of EXPLICIT_ID_TABLES) {
      await db.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
        ),
      );
    }
    await db.execute(sql`ANALYZE`);
    return EXPLICIT_ID_TABLES.length;
  });

  const durationMs = Math.round(performance.now() - started);
  await db.insert(schema.schemaSeed).values({
    seedVersion: SEED_VERSION,
    scale: generated,
    storeCount: built.stores.length,
    seededAt: new Date(),
    dataNow: now,
    durationMs,
  });
  log(`${'total'.padEnd(28)} ${''.padStart(14)} ${String(durationMs).padStart(7)} ms`);
  return { scale: generated, stores: built.stores.length, durationMs, steps };
}

/** The seed row of the data now in the database, or null. */
export async function seedInfo(database: DatabaseHandle | Database) {
  const db = 'bulkCopy' in database ? database.db : database;
  const rows = await queryRows<{
    seed_version: string;
    scale: number;
    store_count: number;
    seeded_at: Date;
    data_now: Date;
    duration_ms: number;
  }>(
    db,
    sql`select seed_version, scale, store_count, seeded_at, data_now, duration_ms from schema_seed order by id desc limit 1`,
  );
  return rows[0] ?? null;
}
