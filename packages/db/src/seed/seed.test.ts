import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../client.ts';
import { verifyPassword } from '../passwords.ts';
import { refreshProductSearch } from '../search/refresh.ts';
import { createTestDatabase, SMALL_SEED, type TestDatabase } from '../testing.ts';
import { deferIndexesAndForeignKeys, deferTriggers } from './deferred-ddl.ts';
import { isValidOcr } from '@bygg/domain/invoice';
import { DEMO_USERS, isSeeded, seed } from './index.ts';

const CHECKSUM_TABLES = {
  stores: 'id',
  opening_hours: 'id',
  store_stocked_warehouses: 'store_id, warehouse_id',
  products: 'id',
  articles: 'id',
  product_images: 'product_id, position',
  product_choice_trees: 'product_id',
  product_specifications: 'product_id',
  prices: 'id',
  price_history: 'id',
  stock: 'article_id, warehouse_id',
  net_prices: 'company_id, article_id',
  cms_nodes: 'id',
  djedi_nodes: 'organisation_id, uri',
} as const;

async function checksums(test: TestDatabase): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, order] of Object.entries(CHECKSUM_TABLES)) {
    const [row] = await queryRows<{ md5: string }>(
      test.database.db,
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by ${order}), '')) as md5 from ${table} t`,
      ),
    );
    out[table] = row?.md5 ?? '';
  }
  return out;
}

async function one<T>(test: TestDatabase, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(test.database.db, query);
  if (!row) throw new Error('no row');
  return row;
}

describe('seed (small catalogue)', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ seedSmall: true });
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('records the run, so isSeeded tells that the demo data is loaded', async () => {
    expect(await isSeeded(test.database)).toBe(true);
    const row = await one<{ scale: number }>(test, sql`select scale from schema_seed`);
    expect(row.scale).toBe(SMALL_SEED.scale);
  });

  it('places store-chain stores in all seven regions and has exactly one central store', async () => {
    const regions = await one<{ n: number }>(
      test,
      sql`select count(distinct region_id)::int as n from stores where organisation_id = 'store-chain'`,
    );
    expect(regions.n).toBe(7);
    const central = await queryRows<{ slug: string; organisation_id: string }>(
      test.database.db,
      sql`select slug, organisation_id from stores where is_central`,
    );
    expect(central).toEqual([{ slug: 'rikslager', organisation_id: 'store-chain' }]);
  });

  it('prefixes store names with the organisation name and keeps slugs and external ids unique', async () => {
    const bad = await one<{ n: number }>(
      test,
      sql`select count(*)::int as n from stores s join organisations o on o.id = s.organisation_id where s.name not like o.store_name_prefix || ' %'`,
    );
    expect(bad.n).toBe(0);
  });

  it('gives every store seven weekday rows, and has lunch rows and the named holidays', async () => {
    const weekdays = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from opening_hours where day_num between 0 and 6 group by store_id`,
    );
    expect(new Set(weekdays.map((r) => r.n))).toEqual(new Set([7]));
    const lunch = await one<{ n: number }>(
      test,
      sql`select count(*)::int as n from opening_hours where day_num = 99`,
    );
    expect(lunch.n).toBeGreaterThan(0);
    const holidays = await queryRows<{ holiday: string }>(
      test.database.db,
      sql`select distinct holiday from opening_hours where day_num = 98 and date between '2026-01-01' and '2027-12-31' order by holiday`,
    );
    expect(holidays.map((h) => h.holiday)).toEqual(
      expect.arrayContaining([
        'Julafton',
        'Midsommarafton',
        'Nyårsafton',
        // Issue 22: the Easter-dependent ones, 1 maj and 6 juni too.
        'Långfredagen',
        'Påskdagen',
        'Annandag påsk',
        'Första maj',
        'Kristi himmelsfärdsdag',
        'Pingstdagen',
        'Sveriges nationaldag',
        'Alla helgons dag',
      ]),
    );
    const ascension = await one<{ date: string }>(
      test,
      sql`select min(date)::text as date from opening_hours where holiday = 'Kristi himmelsfärdsdag' and date >= '2027-01-01'`,
    );
    expect(ascension.date).toBe('2027-05-06');
    const midsummer = await one<{ date: string }>(
      test,
      sql`select min(date)::text as date from opening_hours where holiday = 'Midsommarafton' and date >= '2027-01-01'`,
    );
    expect(midsummer.date).toBe('2027-06-25');
  });

  it('covers every stock status and every availability and stock-type flag', async () => {
    const s = await one<Record<string, number>>(
      test,
      sql`select
        count(*) filter (where quantity_on_hand is null)::int as unknown,
        count(*) filter (where quantity_on_hand = 0)::int as out,
        count(*) filter (where quantity_on_hand between 1 and 9)::int as low,
        count(*) filter (where quantity_on_hand >= 10)::int as high
      from stock`,
    );
    for (const status of ['unknown', 'out', 'low', 'high'])
      expect(s[status], status).toBeGreaterThan(0);
    for (const bit of [1, 2, 4, 8, 16, 32, 64]) {
      const r = await one<{ n: number }>(
        test,
        sql`select count(*)::int as n from stock where availability & ${bit} <> 0`,
      );
      expect(r.n, `availability bit ${bit}`).toBeGreaterThan(0);
    }
    for (const bit of [1, 2, 4]) {
      const r = await one<{ n: number }>(
        test,
        sql`select count(*)::int as n from stock where stock_type & ${bit} <> 0`,
      );
      expect(r.n, `stock type bit ${bit}`).toBeGreaterThan(0);
    }
  });

  it('gives every article a chain-wide price in whole öre, and campaign prices below reduced_from ending in the future', async () => {
    const missing = await one<{ n: number }>(
      test,
      sql`select count(*)::int as n from articles a where not exists (select 1 from prices p where p.article_id = a.id and p.organisation_id = 'store-chain' and p.store_id is null)`,
    );
    expect(missing.n).toBe(0);
    const campaigns = await one<{ n: number; bad: number }>(
      test,
      sql`select count(*)::int as n,
        count(*) filter (where reduced_from_ore <= price_ore or end_date <= ${SMALL_SEED.now?.toISOString()}::timestamptz or campaign_id is null)::int as bad
      from prices where reduced_from_ore is not null`,
    );
    expect(campaigns.n).toBeGreaterThan(0);
    expect(campaigns.bad).toBe(0);
  });

  it('keeps a price history whose open row is the current price of every chain price', async () => {
    const mismatch = await one<{ n: number }>(
      test,
      sql`select count(*)::int as n from prices p
        where not exists (select 1 from price_history h where h.article_id = p.article_id and h.organisation_id = p.organisation_id
          and h.store_id is not distinct from p.store_id and h.valid_to is null and h.price_ore = p.price_ore)`,
    );
    expect(mismatch.n).toBe(0);
    const changed = await one<{ n: number }>(
      test,
      sql`select count(distinct article_id)::int as n from price_history where valid_to is not null and valid_to > ${SMALL_SEED.now?.toISOString()}::timestamptz - interval '45 days'`,
    );
    expect(changed.n).toBeGreaterThan(10);
  });

  it('builds choice trees for window, door and paint families, with a U-value choice for windows', async () => {
    const rows = await queryRows<{
      tree: Array<{ name: string; articles: Record<string, number[]> }>;
      n: number;
    }>(
      test.database.db,
      sql`select t.tree, (select count(*)::int from articles a where a.product_id = t.product_id) as n from product_choice_trees t`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tree.some((e) => e.name === 'u'))).toBe(true);
    for (const r of rows) {
      const last = r.tree.at(-1);
      const ids = Object.values(last?.articles ?? {}).flat();
      expect(ids).toHaveLength(r.n);
    }
  });

  it('gives every product one to three images and about a third of them sustainability data', async () => {
    const images = await one<{ min: number; max: number }>(
      test,
      sql`select min(n)::int as min, max(n)::int as max from (select p.id, count(i.position) as n from products p left join product_images i on i.product_id = p.id group by p.id) x`,
    );
    expect(images).toEqual({ min: 1, max: 3 });
    const share = await one<{ share: number }>(
      test,
      sql`select (select count(*) from product_sustainability)::float / (select count(*) from products) as share`,
    );
    expect(share.share).toBeGreaterThan(0.15);
    expect(share.share).toBeLessThan(0.45);
  });

  it('gives every catalogue product a specifications table with its material and weight (issue 22)', async () => {
    // The gift card is a product the commerce seed adds; it has no physical specifications.
    const missing = await queryRows<{ slug: string }>(
      test.database.db,
      sql`select slug from products p
        where not exists (select 1 from product_specifications s where s.product_id = p.id)`,
    );
    expect(missing.map((m) => m.slug)).toEqual(['presentkort']);
    const row = await one<{ tables: number; complete: number }>(
      test,
      sql`select (select count(*) from product_specifications)::int as tables,
        (select count(*) from product_specifications s
          where exists (select 1 from jsonb_array_elements(s.attributes) a where a->>'key' = 'material')
            and exists (select 1 from jsonb_array_elements(s.attributes) a where a->>'key' = 'weight'
              and a->>'value' ~ 'kg'))::int as complete`,
    );
    expect(row.tables).toBeGreaterThan(0);
    expect(row.complete).toBe(row.tables);
  });

  it('takes decking from a timber supplier and never names a brand twice in a title', async () => {
    const decking = await queryRows<{ supplier: string }>(
      test.database.db,
      sql`select distinct su.name as supplier from products p
        join categories c on c.id = p.category_id join suppliers su on su.id = p.supplier_id
        where c.path like 'travaror/tryckimpregnerat-virke/trall%'`,
    );
    expect(decking.length).toBeGreaterThan(0);
    for (const { supplier } of decking) expect(supplier).not.toMatch(/Grus|Sten|Färg|VVS|El/);
    const doubled = await one<{ n: number }>(
      test,
      sql`select count(*)::int as n from products p join brands b on b.id = p.brand_id
        where p.title ilike b.name || ' ' || b.name || '%'`,
    );
    expect(doubled.n).toBe(0);
  });

  it('creates the demo trade users with their company accounts and documented passwords', async () => {
    const rows = await queryRows<{
      username: string;
      role: string;
      kind: string;
      password_hash: string;
      refs: string[] | null;
    }>(
      test.database.db,
      sql`select u.username, u.role, u.kind, u.password_hash,
        array_remove(array_agg(distinct s.slug), null) as refs
      from trade_users u
      left join store_customers sc on sc.company_id = u.company_id
      left join stores s on s.id = sc.store_id
      group by u.id order by u.id`,
    );
    expect(rows.map((r) => [r.username, r.role, r.kind])).toEqual(
      DEMO_USERS.map((u) => [u.username, u.role, u.kind]),
    );
    // Every customer's company has an account with at least one store; the editor has none.
    for (const row of rows) {
      expect((row.refs ?? []).length > 0).toBe(row.kind === 'customer');
    }
    expect(rows.find((r) => r.username.startsWith('maria.'))?.refs).toEqual(['rikslager']);
    const admin = DEMO_USERS[0];
    expect(admin && (await verifyPassword(admin.password, rows[0]?.password_hash ?? ''))).toBe(
      true,
    );
  });

  it('seeds invoice history with valid OCR references and events for it', async () => {
    const invoices = await queryRows<{
      number: string;
      ocr: string;
      total_ore: number;
      lines: number;
    }>(
      test.database.db,
      sql`select i.number, i.ocr, i.total_ore, count(l.id)::int as lines
      from trade_invoices i join trade_invoice_lines l on l.invoice_id = i.id group by i.id`,
    );
    expect(invoices.length).toBeGreaterThan(10);
    for (const invoice of invoices) {
      expect(isValidOcr(invoice.ocr)).toBe(true);
      expect(invoice.ocr.startsWith(invoice.number)).toBe(true);
      expect(invoice.lines).toBeGreaterThan(0);
    }
    const events = await one<{ n: number }>(
      test,
      sql`select count(*)::int as n from trade_events where type = 'invoice_issued'`,
    );
    expect(events.n).toBe(invoices.length);
  });

  it('seeds demo projects with their creators’ access and invoices on some of them', async () => {
    const projects = await queryRows<{ number: string; name: string; users: string[] }>(
      test.database.db,
      sql`select p.number, p.name, array_agg(u.username order by u.username) as users
      from trade_projects p join trade_project_users pu on pu.project_id = p.id
      join trade_users u on u.id = pu.user_id group by p.id order by p.company_id, p.number`,
    );
    expect(projects[0]).toEqual({
      number: 'P-1001',
      name: 'Köksrenovering Villa Ek',
      users: ['anna.lindqvist@lindqvistbygg.example', 'olle.lindqvist@lindqvistbygg.example'],
    });
    const onProjects = await one<{ n: number }>(
      test,
      sql`select count(*)::int as n from trade_invoices i join trade_projects p
      on p.id = i.project_id and p.company_id = i.company_id and p.store_id = i.store_id`,
    );
    expect(onProjects.n).toBeGreaterThan(0);
  });

  it('creates the CMS pages, main menu, footer and Swedish labels for both organisations', async () => {
    for (const org of ['store-chain', 'building-supply']) {
      const pages = await queryRows<{ path: string }>(
        test.database.db,
        sql`select path from cms_nodes where organisation_id = ${org} and namespace = 'pages'`,
      );
      expect(pages.map((p) => p.path)).toEqual(
        expect.arrayContaining([
          '/',
          '/kundservice',
          '/kundservice/integritetspolicy',
          '/integritetspolicy',
          '/om-webbplatsen',
          '/om-oss',
        ]),
      );
      const menu = await queryRows<{ title: string }>(
        test.database.db,
        sql`select title from cms_nodes where organisation_id = ${org} and namespace = 'main-menu' and parent_id is null order by position`,
      );
      expect(menu.map((m) => m.title)).toEqual(
        expect.arrayContaining(['Inspiration', 'Kampanjer', 'Kundservice', 'Proffs']),
      );
      const label = await one<{ value: string }>(
        test,
        sql`select value from djedi_nodes where organisation_id = ${org} and uri = 'i18n://sv-se@header/search-placeholder.txt'`,
      );
      expect(label.value).toBe('Sök produkter, kategorier, butiker…');
    }
  });

  it('builds the same search rows in bulk as the per-product refresh does', async () => {
    // ADR 050: the seed's full rebuild (indexes made afterwards, one set-based products
    // update) and refreshProductSearch(db, ids), which the API calls, must not drift apart.
    const rowsOf = (ids: number[]) =>
      queryRows<Record<string, unknown>>(
        test.database.db,
        sql`select sp.*, p.search_tokens, p.search_title_tokens
          from search_products sp join products p on p.id = sp.product_id
          where sp.product_id = any(${`{${ids.join(',')}}`}::int[]) order by sp.product_id`,
      );
    const ids = (
      await queryRows<{ id: number }>(test.database.db, sql`select id from products order by id`)
    )
      .map((r) => r.id)
      .filter((id, i) => i % 7 === 0);
    const bulk = await rowsOf(ids);
    expect(bulk).toHaveLength(ids.length);
    expect(bulk.every((r) => (r.tokens as string[]).length > 0)).toBe(true);
    await test.database.db.execute(
      sql`delete from search_products where product_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    await test.database.db.execute(sql`update products set search_tokens = '{}',
      search_title_tokens = '{}' where id = any(${`{${ids.join(',')}}`}::int[])`);
    expect(await refreshProductSearch(test.database.db, ids)).toBe(ids.length);
    expect(await rowsOf(ids)).toEqual(bulk);
  });

  it('leaves the indexes and foreign keys of a migrated database, also after a stopped seed', async () => {
    const definitions = async (t: TestDatabase) =>
      queryRows<{ def: string }>(
        t.database.db,
        sql`select pg_get_indexdef(x.indexrelid) as def from pg_index x
            join pg_class c on c.oid = x.indrelid where c.relnamespace = current_schema()::regnamespace
          union all
          select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
            from pg_constraint where connamespace = current_schema()::regnamespace
          union all
          select tgrelid::regclass || ' trigger ' || tgname || ' enabled ' || tgenabled::text
            from pg_trigger t join pg_class c on c.oid = t.tgrelid
            where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
          order by 1`,
      );
    const fresh = await createTestDatabase();
    try {
      const expected = await definitions(fresh);
      expect(await definitions(test)).toEqual(expected);
      // A seed stopped after dropping them: the next seed makes them again.
      expect(
        await deferIndexesAndForeignKeys(test.database.db, ['products', 'stock']),
      ).toBeGreaterThan(3);
      expect(await deferTriggers(test.database.db, ['stock'])).toBe(1);
      expect(await definitions(test)).not.toEqual(expected);
      await seed(test.database, SMALL_SEED);
      expect(await definitions(test)).toEqual(expected);
      expect(await queryRows(test.database.db, sql`select name from seed_deferred_ddl`)).toEqual(
        [],
      );
      // The stock keys the triggers keep were rebuilt for the stock loaded without them.
      const [keys] = await queryRows<{ n: number }>(
        test.database.db,
        sql`select count(*)::int as n from product_stock_keys`,
      );
      expect(Number(keys?.n)).toBeGreaterThan(0);
    } finally {
      await fresh.drop();
    }
  });

  it('is deterministic: seeding again with the same now gives identical tables', async () => {
    const first = await checksums(test);
    await seed(test.database, SMALL_SEED);
    expect(await checksums(test)).toEqual(first);
  });
});

describe('seed (default store count)', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ seedSmall: { scale: 150, now: SMALL_SEED.now } });
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('has at least 60 store-chain stores over all 7 regions and about 20 building-supply stores', async () => {
    const rows = await queryRows<{
      organisation_id: string;
      n: number;
      regions: number;
      proffs: number;
    }>(
      test.database.db,
      sql`select organisation_id, count(*)::int as n, count(distinct region_id)::int as regions,
        count(*) filter (where proffs_enabled)::int as proffs
      from stores where not is_central group by organisation_id order by organisation_id`,
    );
    const supply = rows.find((r) => r.organisation_id === 'building-supply');
    const chain = rows.find((r) => r.organisation_id === 'store-chain');
    expect(chain?.n).toBeGreaterThanOrEqual(60);
    expect(chain?.regions).toBe(7);
    expect(chain && chain.proffs / chain.n).toBeGreaterThan(0.2);
    expect(chain && chain.proffs / chain.n).toBeLessThan(0.5);
    expect(supply?.n).toBe(20);
  });

  it('uses real postcodes of the store towns and places stores 1–3 km from the town centre', async () => {
    const rows = await queryRows<{ zip_code: string; city: string; lat: number; lon: number }>(
      test.database.db,
      sql`select zip_code, city, lat, lon from stores where organisation_id = 'store-chain' and not is_central`,
    );
    for (const r of rows) {
      expect(r.zip_code).toMatch(/^\d{5}$/);
      expect(r.lat).toBeGreaterThan(55);
      expect(r.lat).toBeLessThan(69.1);
      expect(r.lon).toBeGreaterThan(10.9);
      expect(r.lon).toBeLessThan(24.2);
    }
  });
});
