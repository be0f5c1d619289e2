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
import { addDays, amountExclVat, invoiceAmounts, ocrReference } from '@bygg/domain/invoice';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { productSearchText } from '@bygg/domain/search-text';
import { REGIONS } from '@bygg/domain/stores';
import { acceptedTerms, STORE_TERMS } from '@bygg/domain/trade-terms';

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
    /** Spec §9 region 1–7; 4 (Stockholm) unless told. */
    regionId?: number;
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
      regionId: options.regionId ?? 4,
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
  username: string;
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

/** The company's customer account with a store (what makes the store one of its users'). */
export async function createStoreCustomer(
  db: Database,
  company: { id: number },
  store: TestStore,
  options: { paymentTermsDays?: number; termsAccepted?: boolean } = {},
): Promise<void> {
  await db
    .insert(schema.storeCustomers)
    .values({
      companyId: company.id,
      storeId: store.id,
      customerNumber: unique('kundnr'),
      creditLimitOre: 10_000_000,
      paymentTermsDays: options.paymentTermsDays ?? 30,
      termsAcceptedAt: options.termsAccepted ? new Date() : null,
      termsVersion: options.termsAccepted ? STORE_TERMS.version : null,
      terms: options.termsAccepted ? acceptedTerms() : null,
    })
    .onConflictDoNothing();
}

export type TestRights = { projects: boolean; offers: boolean; orders: boolean; invoices: boolean };

/**
 * A trade user who can log in, of a company of their own unless one is given ('editor' users
 * have none). `stores`: the company gets a customer account with each (so they are the
 * user's stores). An ordinary user has every right unless `rights` says otherwise.
 */
export async function createTradeUser(
  db: Database,
  options: {
    organisation?: OrganisationId;
    role?: 'admin' | 'user' | 'editor';
    company?: { id: number } | null;
    stores?: readonly TestStore[];
    password?: string;
    rights?: Partial<TestRights>;
    /** Limited to one region (1–7). */
    regionId?: number | null;
    isActive?: boolean;
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
  const rights = { projects: true, offers: true, orders: true, invoices: true, ...options.rights };
  const [user] = await db
    .insert(schema.tradeUsers)
    .values({
      organisationId: organisation,
      username,
      name: `Test ${username}`,
      passwordHash: await hashPassword(password),
      kind: role === 'editor' ? 'editor' : 'customer',
      role,
      companyId: company?.id ?? null,
      mayProjects: rights.projects,
      mayOffers: rights.offers,
      mayOrders: rights.orders,
      mayInvoices: rights.invoices,
      regionId: options.regionId ?? null,
      isActive: options.isActive ?? true,
    })
    .returning({ id: schema.tradeUsers.id });
  if (!user) throw new Error('no user inserted');
  for (const store of options.stores ?? []) {
    if (company) await createStoreCustomer(db, company, store);
  }
  return {
    id: user.id,
    companyId: company?.id ?? null,
    username,
    credentials: { username, password },
  };
}

/** A store's staff user (kind and role staff, issue 20): their stores are trade_user_stores rows. */
export async function createStaffUser(
  db: Database,
  options: { organisation?: OrganisationId; stores: readonly TestStore[]; password?: string },
): Promise<TestTradeUser> {
  const organisation = options.organisation ?? 'store-chain';
  const username = `${unique('butik')}@test.example`;
  const password = options.password ?? 'Testlösen2026!';
  const [user] = await db
    .insert(schema.tradeUsers)
    .values({
      organisationId: organisation,
      username,
      name: `Personal ${username}`,
      passwordHash: await hashPassword(password),
      kind: 'staff',
      role: 'staff',
      companyId: null,
    })
    .returning({ id: schema.tradeUsers.id });
  if (!user) throw new Error('no user inserted');
  for (const store of options.stores) {
    await db.insert(schema.tradeUserStores).values({ userId: user.id, storeId: store.id });
  }
  return { id: user.id, companyId: null, username, credentials: { username, password } };
}

/**
 * An invoice of the company from the store, with one line per amount (öre incl. VAT, 25 %),
 * its number 900000 + a sequence so it never meets the API's 700000 + id numbers.
 */
export async function createInvoice(
  db: Database,
  options: {
    company: { id: number };
    store: TestStore;
    issuedOn: string;
    dueOn?: string;
    status?: 'unpaid' | 'paid' | 'credited';
    amounts?: number[];
    orderId?: number | null;
    projectId?: number | null;
  },
): Promise<{ id: number; number: string; totalOre: number }> {
  sequence += 1;
  const number = String(900_000 + (process.pid % 1000) * 100 + sequence);
  const lines = (options.amounts ?? [12_500]).map((sumInclOre, position) => ({
    position,
    articleId: null,
    title: `Testvara ${position + 1}`,
    quantity: 1,
    unit: 'st',
    unitPriceOre: amountExclVat(sumInclOre, 2500),
    sumOre: amountExclVat(sumInclOre, 2500),
    sumInclOre,
    vatRateBp: 2500,
  }));
  const amounts = invoiceAmounts(lines);
  const [invoice] = await db
    .insert(schema.tradeInvoices)
    .values({
      organisationId: options.store.organisation,
      number,
      companyId: options.company.id,
      storeId: options.store.id,
      orderId: options.orderId ?? null,
      projectId: options.projectId ?? null,
      issuedOn: options.issuedOn,
      dueOn: options.dueOn ?? addDays(options.issuedOn, 30),
      status: options.status ?? 'unpaid',
      netOre: amounts.netOre,
      vatOre: amounts.vatOre,
      totalOre: amounts.totalOre,
      paidOre: options.status === 'paid' ? amounts.totalOre : 0,
      vat: amounts.vat,
      ocr: ocrReference(number),
      invoiceAddress: { street: 'Fakturagatan 1', postcode: '11122', city: 'Stockholm' },
    })
    .returning({ id: schema.tradeInvoices.id });
  if (!invoice) throw new Error('no invoice inserted');
  await db
    .insert(schema.tradeInvoiceLines)
    .values(lines.map(({ sumInclOre: _s, ...line }) => ({ ...line, invoiceId: invoice.id })));
  return { id: invoice.id, number, totalOre: amounts.totalOre };
}

/**
 * A project of the company in the store (issue 18), number P-9xxx so it never meets the API's
 * P-1001 upwards; `users` get access (the creator too, when given).
 */
export async function createProject(
  db: Database,
  options: {
    company: { id: number };
    store: TestStore;
    name?: string;
    status?: 'active' | 'finished';
    createdBy?: { id: number } | null;
    users?: readonly { id: number }[];
    endCustomerName?: string;
    city?: string;
  },
): Promise<{ id: number; number: string; name: string }> {
  sequence += 1;
  const number = `P-9${String((process.pid % 100) * 100 + sequence).padStart(5, '0')}`;
  const name = options.name ?? unique('Projekt');
  const [project] = await db
    .insert(schema.tradeProjects)
    .values({
      organisationId: options.store.organisation,
      companyId: options.company.id,
      storeId: options.store.id,
      number,
      name,
      endCustomerName: options.endCustomerName ?? '',
      city: options.city ?? '',
      status: options.status ?? 'active',
      createdByUserId: options.createdBy?.id ?? null,
    })
    .returning({ id: schema.tradeProjects.id });
  if (!project) throw new Error('no project inserted');
  const users = [...(options.users ?? []), ...(options.createdBy ? [options.createdBy] : [])];
  if (users.length > 0) {
    await db
      .insert(schema.tradeProjectUsers)
      .values(users.map((user) => ({ projectId: project.id, userId: user.id })))
      .onConflictDoNothing();
  }
  return { id: project.id, number, name };
}

/** A file row of a project (its bytes are not stored: for access checks, not downloads). */
export async function createProjectFile(
  db: Database,
  project: { id: number },
  kind: 'image' | 'document' = 'document',
): Promise<{ id: number }> {
  const [file] = await db
    .insert(schema.tradeProjectFiles)
    .values({
      projectId: project.id,
      kind,
      storageKey: `projects/${project.id}/${unique('fil')}.pdf`,
      originalName: 'ritning.pdf',
      sanitisedName: 'ritning.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1000,
    })
    .returning({ id: schema.tradeProjectFiles.id });
  if (!file) throw new Error('no file inserted');
  return { id: file.id };
}
