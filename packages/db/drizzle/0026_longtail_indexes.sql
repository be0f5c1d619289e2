-- The key tables are derived data (sort-keys.ts): emptied, and the state row removed, so the
-- new NOT NULL columns can be added; the first sorted listing rebuilds them.
DELETE FROM "product_sort_key_state";--> statement-breakpoint
TRUNCATE "product_sort_keys", "product_store_sort_keys";--> statement-breakpoint
ALTER TABLE "product_sort_keys" ADD COLUMN "category_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sort_keys" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "product_sort_keys" ADD COLUMN "is_web_assortment" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sort_keys" ADD COLUMN "is_central_assortment" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "product_store_sort_keys" ADD COLUMN "category_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "product_store_sort_keys" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "product_store_sort_keys" ADD COLUMN "is_web_assortment" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "product_store_sort_keys" ADD COLUMN "is_central_assortment" boolean NOT NULL;--> statement-breakpoint
CREATE INDEX "product_sort_keys_popularity_idx" ON "product_sort_keys" USING btree ("organisation_id","popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_sort_keys_category_idx" ON "product_sort_keys" USING btree ("organisation_id","category_id");