CREATE TABLE "product_configurators" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"brand_slug" text NOT NULL,
	"product_id" integer NOT NULL,
	"model" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"allowed_hosts" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"buyer_id" integer NOT NULL,
	"hook_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"transferred_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_configurators" ADD CONSTRAINT "product_configurators_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurators" ADD CONSTRAINT "product_configurators_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_buyers" ADD CONSTRAINT "punchout_buyers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_buyers" ADD CONSTRAINT "punchout_buyers_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_buyer_id_punchout_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."punchout_buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_configurators_brand_uq" ON "product_configurators" USING btree ("organisation_id","brand_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_buyers_username_uq" ON "punchout_buyers" USING btree ("organisation_id","username");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_sessions_token_uq" ON "punchout_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "punchout_sessions_open_idx" ON "punchout_sessions" USING btree ("buyer_id") WHERE "punchout_sessions"."transferred_at" is null;