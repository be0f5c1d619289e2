CREATE TABLE "product_specifications" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"attributes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_specifications" ADD CONSTRAINT "product_specifications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;