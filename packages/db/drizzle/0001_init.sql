CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"store_name_prefix" text NOT NULL,
	"affiliation" text NOT NULL,
	"domain" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"day_num" smallint NOT NULL,
	"date" date,
	"open_time" text,
	"close_time" text,
	"holiday" text,
	CONSTRAINT "opening_hours_day_num_ck" CHECK ("opening_hours"."day_num" between 0 and 6 or "opening_hours"."day_num" in (98, 99))
);
--> statement-breakpoint
CREATE TABLE "store_stocked_warehouses" (
	"store_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"availability" integer NOT NULL,
	CONSTRAINT "store_stocked_warehouses_store_id_warehouse_id_pk" PRIMARY KEY("store_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"external_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"is_central" boolean DEFAULT false NOT NULL,
	"proffs_enabled" boolean DEFAULT false NOT NULL,
	"warehouse_id" integer NOT NULL,
	"group_slug" text,
	"phone" text,
	"cellphone" text,
	"email" text,
	"address" text NOT NULL,
	"zip_code" text NOT NULL,
	"city" text NOT NULL,
	"county" text NOT NULL,
	"region_id" smallint NOT NULL,
	"web" text,
	"svg_url" text,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"local_assortment_notice" text
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_central" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"erp_article_numbers" text[] NOT NULL,
	"source_code" text NOT NULL,
	"availability" integer NOT NULL,
	"stock_type" smallint NOT NULL,
	"gtin" text,
	"comparison_unit" text,
	"comparison_quantity_milli" integer
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"product_areas" text,
	CONSTRAINT "brands_slug_uq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"tree_id" text DEFAULT 'TREE' NOT NULL,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"slug" text NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_choice_trees" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"tree" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"product_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"image_key" text NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"background" text NOT NULL,
	CONSTRAINT "product_images_product_id_position_pk" PRIMARY KEY("product_id","position")
);
--> statement-breakpoint
CREATE TABLE "product_sustainability" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"rating" text NOT NULL,
	"grade" text NOT NULL,
	"labels" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"brand_id" integer,
	"supplier_id" integer,
	"category_id" integer NOT NULL,
	"unit" text NOT NULL,
	"vat_rate_bp" integer DEFAULT 2500 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"is_web_assortment" boolean DEFAULT true NOT NULL,
	"is_central_assortment" boolean DEFAULT false NOT NULL,
	"organisation_ids" text[] NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"org_number" text NOT NULL,
	"city" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"description" text,
	CONSTRAINT "suppliers_slug_uq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"article_id" integer NOT NULL,
	"store_id" integer,
	"price_ore" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"article_id" integer NOT NULL,
	"store_id" integer,
	"price_ore" integer NOT NULL,
	"reduced_from_ore" integer,
	"is_limited_time" boolean DEFAULT false NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"campaign_id" integer
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"article_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity_on_hand" integer,
	"availability" smallint NOT NULL,
	"stock_type" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_pk" PRIMARY KEY("article_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "cms_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"uri" text NOT NULL,
	"namespace" text NOT NULL,
	"path" text NOT NULL,
	"type" text NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"navigation" jsonb,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "djedi_nodes" (
	"organisation_id" text NOT NULL,
	"uri" text NOT NULL,
	"value" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "djedi_nodes_organisation_id_uri_pk" PRIMARY KEY("organisation_id","uri")
);
--> statement-breakpoint
CREATE TABLE "net_prices" (
	"company_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"price_ore" integer NOT NULL,
	CONSTRAINT "net_prices_company_id_article_id_pk" PRIMARY KEY("company_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "trade_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"org_number" text NOT NULL,
	"customer_number" text NOT NULL,
	"city" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_user_stores" (
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "trade_user_stores_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "trade_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"company_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schema_seed" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed_version" text NOT NULL,
	"scale" integer NOT NULL,
	"store_count" integer NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL,
	"data_now" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stocked_warehouses" ADD CONSTRAINT "store_stocked_warehouses_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stocked_warehouses" ADD CONSTRAINT "store_stocked_warehouses_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_choice_trees" ADD CONSTRAINT "product_choice_trees_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sustainability" ADD CONSTRAINT "product_sustainability_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_nodes" ADD CONSTRAINT "cms_nodes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "djedi_nodes" ADD CONSTRAINT "djedi_nodes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_prices" ADD CONSTRAINT "net_prices_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_prices" ADD CONSTRAINT "net_prices_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_companies" ADD CONSTRAINT "trade_companies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_user_stores" ADD CONSTRAINT "trade_user_stores_user_id_trade_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."trade_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_user_stores" ADD CONSTRAINT "trade_user_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_users" ADD CONSTRAINT "trade_users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_users" ADD CONSTRAINT "trade_users_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opening_hours_store_idx" ON "opening_hours" USING btree ("store_id","day_num");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_org_external_id_uq" ON "stores" USING btree ("organisation_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_org_slug_uq" ON "stores" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_org_code_uq" ON "warehouses" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "articles_product_idx" ON "articles" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_tree_path_uq" ON "categories" USING btree ("tree_id","path");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_key_uq" ON "product_images" USING btree ("image_key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_uq" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_supplier_idx" ON "products" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_org_slug_uq" ON "campaigns" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE INDEX "price_history_article_idx" ON "price_history" USING btree ("article_id","organisation_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "prices_chain_uq" ON "prices" USING btree ("organisation_id","article_id") WHERE "prices"."store_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "prices_store_uq" ON "prices" USING btree ("store_id","article_id") WHERE "prices"."store_id" is not null;--> statement-breakpoint
CREATE INDEX "prices_campaign_idx" ON "prices" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_nodes_org_uri_uq" ON "cms_nodes" USING btree ("organisation_id","uri");--> statement-breakpoint
CREATE INDEX "cms_nodes_org_ns_path_idx" ON "cms_nodes" USING btree ("organisation_id","namespace","path");--> statement-breakpoint
CREATE INDEX "cms_nodes_parent_idx" ON "cms_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_companies_org_number_uq" ON "trade_companies" USING btree ("organisation_id","org_number");--> statement-breakpoint
CREATE INDEX "trade_user_stores_store_idx" ON "trade_user_stores" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_users_username_uq" ON "trade_users" USING btree (lower("username"));