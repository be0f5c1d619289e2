import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client.ts';
import { migrate } from './migrate.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const TABLES = [
  'articles',
  'brands',
  'campaigns',
  'cart_gift_cards',
  'cart_items',
  'carts',
  'categories',
  'cms_nodes',
  'content_drafts',
  'content_versions',
  'djedi_nodes',
  'end_customer_project_tokens',
  'end_customer_terms_acceptances',
  'end_customers',
  'gift_card_articles',
  'gift_card_redemptions',
  'gift_cards',
  'idempotency_keys',
  'net_prices',
  'opening_hours',
  'order_lines',
  'orders',
  'organisations',
  'payment_events',
  'price_history',
  'prices',
  'product_choice_trees',
  'product_configurators',
  'product_images',
  'product_sort_key_changes',
  'product_sort_key_state',
  'product_sort_keys',
  'product_specifications',
  'product_stock_keys',
  'product_store_sort_keys',
  'product_sustainability',
  'products',
  'punchout_buyers',
  'punchout_sessions',
  'regions',
  'schema_seed',
  'search_document_changes',
  'search_documents',
  'search_index_state',
  'search_products',
  'search_vocabulary',
  'seed_deferred_ddl',
  'stock',
  'storage_removals',
  'store_customers',
  'store_stocked_warehouses',
  'stores',
  'suppliers',
  'trade_companies',
  'trade_conversation_reads',
  'trade_conversation_sides',
  'trade_conversations',
  'trade_event_seen',
  'trade_events',
  'trade_export_jobs',
  'trade_invoice_lines',
  'trade_invoice_payments',
  'trade_invoices',
  'trade_message_attachments',
  'trade_messages',
  'trade_offer_deductions',
  'trade_offer_items',
  'trade_offer_rows',
  'trade_offer_work',
  'trade_offers',
  'trade_order_attachments',
  'trade_order_details',
  'trade_password_tokens',
  'trade_project_files',
  'trade_project_users',
  'trade_projects',
  'trade_quote_carts',
  'trade_quote_lines',
  'trade_quotes',
  'trade_sessions',
  'trade_user_stores',
  'trade_users',
  'vouchers',
  'warehouses',
];

describe('migrate', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('creates every table of the schema', async () => {
    const rows = await queryRows<{ table_name: string }>(
      test.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(TABLES);
  });

  it('is idempotent: running it again applies nothing and keeps the data', async () => {
    await test.database.db.execute(
      sql`insert into regions (id, name) values (1, 'Norra Norrland')`,
    );
    await migrate(test.database);
    const rows = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from regions`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('installs pg_trgm so product search can use the trigram index', async () => {
    const rows = await queryRows<{ extname: string }>(
      test.database.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(rows).toHaveLength(1);
  });
});
