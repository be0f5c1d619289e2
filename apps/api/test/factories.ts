// Test data factories (as epic-stack's tests/db-utils.ts): each test makes the rows it talks
// about, with names of its own, instead of depending on the demo seed's magic values (which
// store has which bits, which article is in stock). They work on an empty migrated database
// (buildTestApp({ seeded: false })) and on top of the small seed alike: the seed moves its
// sequences past the ids it sets, and every name made here is unique.
import type { OrganisationId } from '@bygg/contracts/common';
import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { hashPassword } from '@bygg/db/passwords';
import * as schema from '@bygg/db/schema/index';
import { AVAILABILITY, STOCK_TYPE } from '@bygg/domain/availability';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { productSearchText } from '@bygg/domain/search-text';
import { REGIONS } from '@bygg/domain/stores';

let sequence = 0;
/** A name no other factory call of this process has made: 'butik-4711-3'. */
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}`;
}

/** Category and article ids come from the ERP, not from a sequence: the next free one. */
async function nextId(db: Database, table: 'articles' | 'categories'): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select coalesce(max(id), 0) + 1 as id from ${sql.identifier(table)}`,
  );
  return Number(row?.id);
}

/** The organisation's row and the regions, when an empty database lacks them. */
export async function ensureOrganisation(
  db: Database,
  organisation: OrganisationId = 'store-chain',
): Promise<void> {
  const config = ORGANISATIONS[organisation];
  await db
    .insert(schema.organisations)
    .values({
      id: organisation,
      name: config.name,
      storeNamePrefix: config.storeNamePrefix,
      affiliation: config.affiliation,
      domain: `${organisation}.example`,
    })
    .onConflictDoNothing();
  await db
    .insert(schema.regions)
    .values(Object.entries(REGIONS).map(([id, name]) => ({ id: Number(id), name })))
    .onConflictDoNothing();
}

export type TestStore = {
  id: number;
  organisation: OrganisationId;
  externalId: string;
  slug: string;
  name: string;
  warehouseId: number;
};

/**
 * A store with a warehouse of its own that it sells from (sellable, shippable, bookable),
 * in Stockholm unless told otherwise.
 */
export async function createStore(
  db: Database,
  options: {
    organisation?: OrganisationId;
    name?: string;
    isCentral?: boolean;
    proffsEnabled?: boolean;
  } = {},
): Promise<TestStore> {
  const organisation = options.organisation ?? 'store-chain';
  await ensureOrganisation(db, organisation);
  const code = unique('lager');
  const [warehouse] = await db
    .insert(schema.warehouses)
    .values({ organisationId: organisation, code, name: `Lager ${code}` })
    .returning({ id: schema.warehouses.id });
  if (!warehouse) throw new Error('no warehouse inserted');
  const slug = unique('butik');
  const name = options.name ?? `${ORGANISATIONS[organisation].storeNamePrefix} ${slug}`;
  const [store] = await db
    .insert(schema.stores)
    .values({
      organisationId: organisation,
      externalId: slug,
      slug,
      name,
      isCentral: options.isCentral ?? false,
      proffsEnabled: options.proffsEnabled ?? true,
      warehouseId: warehouse.id,
      address: 'Testgatan 1',
      zipCode: '11122',
      city: 'Stockholm',
      county: 'Stockholms län',
      regionId: 4,
      lat: 59.33,
      lon: 18.06,
    })
    .returning({ id: schema.stores.id });
  if (!store) throw new Error('no store inserted');
  await db.insert(schema.storeStockedWarehouses).values({
    storeId: store.id,
    warehouseId: warehouse.id,
    availability: AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE | AVAILABILITY.BOOKABLE,
  });
  return { id: store.id, organisation, externalId: slug, slug, name, warehouseId: warehouse.id };
}

export type TestArticle = { id: number; productId: number; slug: string; title: string };

/**
 * A sellable article of a product of its own, with a chain-wide list price (öre incl. VAT,
 * valid from a year ago) and, when a store is given, that many units in its warehouse.
 */
export async function createArticle(
  db: Database,
  options: {
    organisation?: OrganisationId;
    title?: string;
    priceOre?: number;
    vatRateBp?: number;
    stock?: { store: TestStore; quantity: number };
  } = {},
): Promise<TestArticle> {
  const organisation = options.organisation ?? options.stock?.store.organisation ?? 'store-chain';
  await ensureOrganisation(db, organisation);
  const slug = unique('artikel');
  const title = options.title ?? `Testregel ${slug}`;
  const categorySlug = unique('kategori');
  const [category] = await db
    .insert(schema.categories)
    .values({
      id: await nextId(db, 'categories'),
      level: 3,
      slug: categorySlug,
      path: `test/${categorySlug}`,
      name: 'Testkategori',
      sortOrder: 0,
    })
    .returning({ id: schema.categories.id });
  if (!category) throw new Error('no category inserted');
  const [product] = await db
    .insert(schema.products)
    .values({
      slug,
      title,
      description: `${title}.`,
      categoryId: category.id,
      unit: 'st',
      vatRateBp: options.vatRateBp ?? 2500,
      organisationIds: [organisation],
      searchText: productSearchText({ title, brand: null, category: 'Testkategori' }),
    })
    .returning({ id: schema.products.id });
  if (!product) throw new Error('no product inserted');
  const id = await nextId(db, 'articles');
  await db.insert(schema.articles).values({
    id,
    productId: product.id,
    title,
    erpArticleNumbers: [String(100_000 + id)],
    sourceCode: 'D',
    availability: AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE | AVAILABILITY.BOOKABLE,
    stockType: STOCK_TYPE.STOCKED,
  });
  await db.insert(schema.prices).values({
    organisationId: organisation,
    articleId: id,
    priceOre: options.priceOre ?? 10_000,
    validFrom: new Date(Date.UTC(2000, 0, 1)),
  });
  if (options.stock) {
    await db.insert(schema.stock).values({
      articleId: id,
      warehouseId: options.stock.store.warehouseId,
      quantityOnHand: options.stock.quantity,
      availability: AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE | AVAILABILITY.BOOKABLE,
      stockType: STOCK_TYPE.STOCKED,
      updatedAt: new Date(),
    });
  }
  return { id, productId: product.id, slug, title };
}

export type TestTradeUser = {
  id: number;
  companyId: number | null;
  /** What the login call takes. */
  credentials: { username: string; password: string };
};

/** A trade company of the organisation (a customer buying on account). */
export async function createTradeCompany(
  db: Database,
  options: { organisation?: OrganisationId; name?: string } = {},
): Promise<{ id: number; name: string }> {
  const organisation = options.organisation ?? 'store-chain';
  await ensureOrganisation(db, organisation);
  const name = options.name ?? `Testbygg ${unique('ab')}`;
  sequence += 1;
  const [company] = await db
    .insert(schema.tradeCompanies)
    .values({
      organisationId: organisation,
      name,
      orgNumber: `55${String(process.pid % 10_000).padStart(4, '0')}-${String(sequence).padStart(4, '0')}`,
      customerNumber: unique('kund'),
      city: 'Stockholm',
    })
    .returning({ id: schema.tradeCompanies.id });
  if (!company) throw new Error('no company inserted');
  return { id: company.id, name };
}

/**
 * A trade user who can log in, member of the given stores (none by default), of a company
 * of their own unless one is given ('editor' users have none).
 */
export async function createTradeUser(
  db: Database,
  options: {
    organisation?: OrganisationId;
    role?: 'admin' | 'user' | 'editor';
    company?: { id: number } | null;
    stores?: readonly TestStore[];
    password?: string;
  } = {},
): Promise<TestTradeUser> {
  const organisation = options.organisation ?? 'store-chain';
  const role = options.role ?? 'user';
  const company =
    options.company !== undefined
      ? options.company
      : role === 'editor'
        ? null
        : await createTradeCompany(db, { organisation });
  const username = `${unique('proffs')}@test.example`;
  const password = options.password ?? 'Testlösen2026!';
  const [user] = await db
    .insert(schema.tradeUsers)
    .values({
      organisationId: organisation,
      username,
      name: `Test ${username}`,
      passwordHash: await hashPassword(password),
      role,
      companyId: company?.id ?? null,
    })
    .returning({ id: schema.tradeUsers.id });
  if (!user) throw new Error('no user inserted');
  if (options.stores && options.stores.length > 0) {
    await db
      .insert(schema.tradeUserStores)
      .values(options.stores.map((store) => ({ userId: user.id, storeId: store.id })));
  }
  return { id: user.id, companyId: company?.id ?? null, credentials: { username, password } };
}
