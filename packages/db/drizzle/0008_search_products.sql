CREATE TABLE "search_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"organisation_ids" text[] NOT NULL,
	"is_web_assortment" boolean NOT NULL,
	"is_central_assortment" boolean NOT NULL,
	"listed" boolean NOT NULL,
	"popularity" integer NOT NULL,
	"tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"title_tokens" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_products" ADD CONSTRAINT "search_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_products_tokens_idx" ON "search_products" USING gin ("tokens");--> statement-breakpoint
CREATE INDEX "search_products_title_tokens_idx" ON "search_products" USING gin ("title_tokens");--> statement-breakpoint
CREATE INDEX "search_products_popularity_idx" ON "search_products" USING btree ("popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
-- search_products.listed and the copied product columns follow every write to articles and
-- products, whoever makes it (an import, a test, an admin script), so search never shows an
-- article hidden since the last index refresh. Statement-level triggers with transition tables:
-- a bulk load fires one set-based update, not one per row.
CREATE FUNCTION "search_products_sync_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- 9 = sellable | hidden: listed means sellable and not hidden (availability-rules.ts LISTED_MASK).
  UPDATE search_products sp SET listed = EXISTS (SELECT 1 FROM articles a
      WHERE a.product_id = sp.product_id AND (a.availability & 9) = 1)
    WHERE sp.product_id IN (SELECT product_id FROM changed_articles);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "articles_search_listed_insert" AFTER INSERT ON "articles"
  REFERENCING NEW TABLE AS changed_articles FOR EACH STATEMENT
  EXECUTE FUNCTION "search_products_sync_listed"();--> statement-breakpoint
CREATE TRIGGER "articles_search_listed_update" AFTER UPDATE ON "articles"
  REFERENCING NEW TABLE AS changed_articles FOR EACH STATEMENT
  EXECUTE FUNCTION "search_products_sync_listed"();--> statement-breakpoint
CREATE TRIGGER "articles_search_listed_delete" AFTER DELETE ON "articles"
  REFERENCING OLD TABLE AS changed_articles FOR EACH STATEMENT
  EXECUTE FUNCTION "search_products_sync_listed"();--> statement-breakpoint
CREATE FUNCTION "search_products_sync_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_products sp SET popularity = p.popularity, organisation_ids = p.organisation_ids,
      is_web_assortment = p.is_web_assortment, is_central_assortment = p.is_central_assortment
    FROM changed_products p
    WHERE sp.product_id = p.id AND (sp.popularity, sp.organisation_ids, sp.is_web_assortment,
      sp.is_central_assortment) IS DISTINCT FROM (p.popularity, p.organisation_ids,
      p.is_web_assortment, p.is_central_assortment);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_sync" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT
  EXECUTE FUNCTION "search_products_sync_product"();
