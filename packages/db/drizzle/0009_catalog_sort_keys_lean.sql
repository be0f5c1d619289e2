ALTER TABLE "product_sort_keys" DROP CONSTRAINT "product_sort_keys_organisation_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "product_sort_keys" DROP CONSTRAINT "product_sort_keys_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "product_store_sort_keys" DROP CONSTRAINT "product_store_sort_keys_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "product_store_sort_keys" DROP CONSTRAINT "product_store_sort_keys_product_id_products_id_fk";
--> statement-breakpoint
DROP INDEX "product_sort_keys_discount_asc_idx";--> statement-breakpoint
DROP INDEX "product_sort_keys_ship_asc_idx";