CREATE TABLE "product_sort_key_changes" (
	"organisation_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_sort_key_changes_pk" PRIMARY KEY("organisation_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_stock_keys" (
	"warehouse_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"rank" smallint NOT NULL,
	CONSTRAINT "product_stock_keys_pk" PRIMARY KEY("warehouse_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "product_stock_keys_rank_idx" ON "product_stock_keys" USING btree ("warehouse_id","rank","product_id");
--> statement-breakpoint
-- The sort keys (sort-keys.ts) follow every write to what they hold, whoever makes it (an
-- import, an admin script, a test): these triggers mark the written products in the same
-- transaction, and the listing refreshes the marked products' keys before it reads them.
-- Stock quantities are not in these keys: the update trigger on stock is row-level with a
-- WHEN on the availability flags, so checkout's decrement makes no call here.
CREATE FUNCTION "sort_keys_mark_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sort_key_changes (organisation_id, product_id)
    SELECT DISTINCT o, p.id FROM changed_rows p, unnest(p.organisation_ids) o
    ON CONFLICT (organisation_id, product_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sort_keys_mark_updated_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the columns a key copies: the search index rewrites every row's tokens.
  INSERT INTO product_sort_key_changes (organisation_id, product_id)
    SELECT DISTINCT o, n.id FROM new_rows n JOIN old_rows d ON d.id = n.id,
      unnest(n.organisation_ids || d.organisation_ids) o
    WHERE (n.popularity, n.category_id, n.brand_id, n.is_web_assortment,
        n.is_central_assortment, n.organisation_ids)
      IS DISTINCT FROM (d.popularity, d.category_id, d.brand_id, d.is_web_assortment,
        d.is_central_assortment, d.organisation_ids)
    ON CONFLICT (organisation_id, product_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sort_keys_mark_articles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sort_key_changes (organisation_id, product_id)
    SELECT DISTINCT o, p.id FROM products p, unnest(p.organisation_ids) o
    WHERE p.id IN (SELECT product_id FROM changed_rows)
    ON CONFLICT (organisation_id, product_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sort_keys_mark_updated_articles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sort_key_changes (organisation_id, product_id)
    SELECT DISTINCT o, p.id FROM products p, unnest(p.organisation_ids) o
    WHERE p.id IN (SELECT unnest(ARRAY[n.product_id, d.product_id])
      FROM new_rows n JOIN old_rows d ON d.id = n.id
      WHERE (n.availability, n.product_id) IS DISTINCT FROM (d.availability, d.product_id))
    ON CONFLICT (organisation_id, product_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sort_keys_mark_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sort_key_changes (organisation_id, product_id)
    SELECT DISTINCT o, p.id FROM articles a JOIN products p ON p.id = a.product_id,
      unnest(p.organisation_ids) o
    WHERE a.id IN (SELECT article_id FROM changed_rows)
    ON CONFLICT (organisation_id, product_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sort_keys_mark_updated_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sort_key_changes (organisation_id, product_id)
    SELECT DISTINCT o, p.id FROM articles a JOIN products p ON p.id = a.product_id,
      unnest(p.organisation_ids) o
    WHERE a.id IN (SELECT article_id FROM new_rows UNION SELECT article_id FROM old_rows)
    ON CONFLICT (organisation_id, product_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sort_keys_mark_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sort_key_changes (organisation_id, product_id)
    SELECT DISTINCT o, p.id FROM articles a JOIN products p ON p.id = a.product_id,
      unnest(p.organisation_ids) o
    WHERE a.id IN (CASE WHEN TG_OP <> 'DELETE' THEN NEW.article_id END,
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.article_id END)
    ON CONFLICT (organisation_id, product_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserted or deleted stock rows that hide an article or its price in their warehouse
-- (sort-keys.ts storeExceptionIds: the same masks, 57 and 25).
CREATE FUNCTION "sort_keys_mark_stock_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sort_key_changes (organisation_id, product_id)
    SELECT DISTINCT o, p.id FROM articles a JOIN products p ON p.id = a.product_id,
      unnest(p.organisation_ids) o
    WHERE a.id IN (SELECT article_id FROM changed_rows
      WHERE (availability & 57) <> 1 AND (availability & 25) <> 1)
    ON CONFLICT (organisation_id, product_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_sort_keys_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_products"();--> statement-breakpoint
CREATE TRIGGER "products_sort_keys_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_updated_products"();--> statement-breakpoint
CREATE TRIGGER "products_sort_keys_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_products"();--> statement-breakpoint
CREATE TRIGGER "articles_sort_keys_insert" AFTER INSERT ON "articles"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_articles"();--> statement-breakpoint
CREATE TRIGGER "articles_sort_keys_update" AFTER UPDATE ON "articles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_updated_articles"();--> statement-breakpoint
CREATE TRIGGER "articles_sort_keys_delete" AFTER DELETE ON "articles"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_articles"();--> statement-breakpoint
CREATE TRIGGER "prices_sort_keys_insert" AFTER INSERT ON "prices"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_prices"();--> statement-breakpoint
CREATE TRIGGER "prices_sort_keys_update" AFTER UPDATE ON "prices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_updated_prices"();--> statement-breakpoint
CREATE TRIGGER "prices_sort_keys_delete" AFTER DELETE ON "prices"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_prices"();--> statement-breakpoint
-- A stock row changes a key only when it hides the article or its price in its warehouse.
CREATE TRIGGER "stock_sort_keys_insert" AFTER INSERT ON "stock"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_stock_rows"();--> statement-breakpoint
CREATE TRIGGER "stock_sort_keys_update" AFTER UPDATE ON "stock" FOR EACH ROW
  WHEN (OLD.availability IS DISTINCT FROM NEW.availability
    OR OLD.article_id IS DISTINCT FROM NEW.article_id
    OR OLD.warehouse_id IS DISTINCT FROM NEW.warehouse_id)
  EXECUTE FUNCTION "sort_keys_mark_stock"();--> statement-breakpoint
CREATE TRIGGER "stock_sort_keys_delete" AFTER DELETE ON "stock"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "sort_keys_mark_stock_rows"();--> statement-breakpoint
-- product_stock_keys: each product's best stock rank in each warehouse (listing-query.ts
-- rankAtLeast: 3 = at least LOW_STOCK_THRESHOLD (10) on hand, 2 = some, 1 = a known
-- quantity; only the article and stock rows that show stock, mask 41). Kept exact by the
-- triggers below in the writer's transaction: each call first locks (or creates) the rows of
-- the (warehouse, product) pairs it recomputes, so the recomputation, a statement later, sees
-- every writer that held them before. Rows of rank 0 are removed.
-- A stock row's own rank from its quantity (null: none known; 0 has no rank row).
CREATE FUNCTION "stock_row_rank"(quantity integer) RETURNS smallint LANGUAGE sql IMMUTABLE
AS $$ SELECT (CASE WHEN quantity >= 10 THEN 3 WHEN quantity > 0 THEN 2
  WHEN quantity IS NOT NULL THEN 1 END)::smallint $$;--> statement-breakpoint
CREATE FUNCTION "product_stock_keys_refresh"(ws integer[], ps integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock_keys (warehouse_id, product_id, rank)
    SELECT DISTINCT w, p, 0::smallint FROM unnest(ws, ps) AS x(w, p)
    WHERE w IS NOT NULL AND p IS NOT NULL ORDER BY 1, 2
    ON CONFLICT (warehouse_id, product_id) DO UPDATE SET rank = product_stock_keys.rank;
  UPDATE product_stock_keys k SET rank = r.rank FROM (
      SELECT x.w, x.p, coalesce(max(stock_row_rank(s.quantity_on_hand)), 0)::smallint AS rank
      FROM (SELECT DISTINCT w, p FROM unnest(ws, ps) AS u(w, p)) x
      LEFT JOIN (articles a JOIN stock s ON s.article_id = a.id AND (s.availability & 41) = 1)
        ON a.product_id = x.p AND s.warehouse_id = x.w AND (a.availability & 41) = 1
      GROUP BY x.w, x.p) r
    WHERE k.warehouse_id = r.w AND k.product_id = r.p AND k.rank <> r.rank;
  DELETE FROM product_stock_keys k USING unnest(ws, ps) AS x(w, p)
    WHERE k.warehouse_id = x.w AND k.product_id = x.p AND k.rank = 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_stock_keys_of_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws integer[];
  ps integer[];
BEGIN
  -- Only rows whose rank or shown stock changed.
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(x.warehouse_id), array_agg(a.product_id) INTO ws, ps
    FROM (SELECT n.warehouse_id, n.article_id FROM new_rows n JOIN old_rows o
        ON o.article_id = n.article_id AND o.warehouse_id = n.warehouse_id
      WHERE ((n.availability & 41) = 1, stock_row_rank(n.quantity_on_hand))
        IS DISTINCT FROM ((o.availability & 41) = 1, stock_row_rank(o.quantity_on_hand))
      UNION ALL SELECT n.warehouse_id, n.article_id FROM new_rows n WHERE NOT EXISTS (
        SELECT 1 FROM old_rows o WHERE o.article_id = n.article_id
          AND o.warehouse_id = n.warehouse_id)
      UNION ALL SELECT o.warehouse_id, o.article_id FROM old_rows o WHERE NOT EXISTS (
        SELECT 1 FROM new_rows n WHERE o.article_id = n.article_id
          AND o.warehouse_id = n.warehouse_id)) x
    JOIN articles a ON a.id = x.article_id;
  ELSE
    SELECT array_agg(c.warehouse_id), array_agg(a.product_id) INTO ws, ps
    FROM changed_rows c JOIN articles a ON a.id = c.article_id
    WHERE (c.availability & 41) = 1 AND c.quantity_on_hand IS NOT NULL;
  END IF;
  IF ws IS NOT NULL THEN
    PERFORM product_stock_keys_refresh(ws, ps);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_stock_keys_of_articles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws integer[];
  ps integer[];
BEGIN
  SELECT array_agg(s.warehouse_id), array_agg(c.product_id) INTO ws, ps
  FROM (SELECT DISTINCT n.id, unnest(ARRAY[n.product_id, o.product_id]) AS product_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE ((n.availability & 41) = 1, n.product_id)
        IS DISTINCT FROM ((o.availability & 41) = 1, o.product_id)) c
  JOIN stock s ON s.article_id = c.id;
  IF ws IS NOT NULL THEN
    PERFORM product_stock_keys_refresh(ws, ps);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_stock_keys_of_deleted_articles"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ws integer[];
  ps integer[];
BEGIN
  SELECT array_agg(k.warehouse_id), array_agg(k.product_id) INTO ws, ps
  FROM product_stock_keys k WHERE k.product_id IN (SELECT product_id FROM changed_rows);
  IF ws IS NOT NULL THEN
    PERFORM product_stock_keys_refresh(ws, ps);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_stock_keys_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE product_stock_keys;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_stock_keys_insert" AFTER INSERT ON "stock"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "product_stock_keys_of_stock"();--> statement-breakpoint
CREATE TRIGGER "stock_stock_keys_update" AFTER UPDATE ON "stock"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "product_stock_keys_of_stock"();--> statement-breakpoint
CREATE TRIGGER "stock_stock_keys_delete" AFTER DELETE ON "stock"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "product_stock_keys_of_stock"();--> statement-breakpoint
CREATE TRIGGER "stock_stock_keys_truncate" AFTER TRUNCATE ON "stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_stock_keys_truncate"();--> statement-breakpoint
CREATE TRIGGER "articles_stock_keys_update" AFTER UPDATE ON "articles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "product_stock_keys_of_articles"();--> statement-breakpoint
CREATE TRIGGER "articles_stock_keys_delete" AFTER DELETE ON "articles"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "product_stock_keys_of_deleted_articles"();--> statement-breakpoint
-- All of product_stock_keys from the stock as it is: here, and after the seed's bulk load
-- (which runs with these triggers off, ADR 050/053).
CREATE FUNCTION "product_stock_keys_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE product_stock_keys;
  INSERT INTO product_stock_keys (warehouse_id, product_id, rank)
    SELECT s.warehouse_id, a.product_id, max(stock_row_rank(s.quantity_on_hand))
    FROM stock s JOIN articles a ON a.id = s.article_id
    WHERE (s.availability & 41) = 1 AND (a.availability & 41) = 1
      AND s.quantity_on_hand IS NOT NULL
    GROUP BY s.warehouse_id, a.product_id;
END $$;--> statement-breakpoint
SELECT product_stock_keys_rebuild();--> statement-breakpoint
ANALYZE product_stock_keys;
