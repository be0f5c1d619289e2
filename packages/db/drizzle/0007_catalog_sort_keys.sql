CREATE TABLE "product_sort_key_state" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sort_keys" (
	"organisation_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"popularity" integer NOT NULL,
	"best_price_ore" integer,
	"best_discount" double precision,
	"ship_rank" smallint NOT NULL,
	CONSTRAINT "product_sort_keys_pk" PRIMARY KEY("organisation_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_store_sort_keys" (
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"popularity" integer NOT NULL,
	"best_price_ore" integer,
	"best_discount" double precision,
	"listed" boolean NOT NULL,
	CONSTRAINT "product_store_sort_keys_pk" PRIMARY KEY("store_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "product_sort_key_state" ADD CONSTRAINT "product_sort_key_state_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sort_keys" ADD CONSTRAINT "product_sort_keys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sort_keys" ADD CONSTRAINT "product_sort_keys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_store_sort_keys" ADD CONSTRAINT "product_store_sort_keys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_store_sort_keys" ADD CONSTRAINT "product_store_sort_keys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sort_keys_price_idx" ON "product_sort_keys" USING btree ("organisation_id","best_price_ore","popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_sort_keys_price_desc_idx" ON "product_sort_keys" USING btree ("organisation_id","best_price_ore" DESC NULLS LAST,"popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_sort_keys_discount_idx" ON "product_sort_keys" USING btree ("organisation_id","best_discount" DESC NULLS LAST,"popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_sort_keys_discount_asc_idx" ON "product_sort_keys" USING btree ("organisation_id","best_discount","popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_sort_keys_ship_idx" ON "product_sort_keys" USING btree ("organisation_id","ship_rank" DESC NULLS LAST,"popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_sort_keys_ship_asc_idx" ON "product_sort_keys" USING btree ("organisation_id","ship_rank","popularity" DESC NULLS LAST,"product_id");
