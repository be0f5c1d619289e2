CREATE TABLE "trade_offer_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"type" text NOT NULL,
	"person_name" text NOT NULL,
	"share_bp" integer,
	"prior_rot_ore" integer DEFAULT 0 NOT NULL,
	"prior_rut_ore" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_offer_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"external_id" text NOT NULL,
	"article_id" integer,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT 'st' NOT NULL,
	"net_price_ore" integer NOT NULL,
	"unit_price_ore" integer NOT NULL,
	"vat_rate_bp" integer DEFAULT 2500 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_offer_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"text" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"vat_rate_bp" integer DEFAULT 2500 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_offer_work" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"hours_hundredths" integer NOT NULL,
	"rate_ore" integer NOT NULL,
	"deduction_type" text,
	CONSTRAINT "trade_offer_work_hours_positive" CHECK ("trade_offer_work"."hours_hundredths" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"project_id" integer,
	"end_customer_id" integer,
	"number" text NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	"previous_offer_id" integer,
	"replaced_by_offer_id" integer,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_email" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"valid_until" date NOT NULL,
	"surcharge_type" text DEFAULT 'none' NOT NULL,
	"surcharge_percent_bp" integer,
	"surcharge_ore" integer,
	"source_quote_id" integer,
	"source_order_id" integer,
	"hash_digest" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"terms_accepted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by_name" text,
	"declined_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_offer_deductions" ADD CONSTRAINT "trade_offer_deductions_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_items" ADD CONSTRAINT "trade_offer_items_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_rows" ADD CONSTRAINT "trade_offer_rows_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_work" ADD CONSTRAINT "trade_offer_work_offer_id_trade_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_source_quote_id_trade_quotes_id_fk" FOREIGN KEY ("source_quote_id") REFERENCES "public"."trade_quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_created_by_user_id_trade_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_offer_deductions_offer_idx" ON "trade_offer_deductions" USING btree ("offer_id","position");--> statement-breakpoint
CREATE INDEX "trade_offer_items_offer_idx" ON "trade_offer_items" USING btree ("offer_id","position");--> statement-breakpoint
CREATE INDEX "trade_offer_rows_offer_idx" ON "trade_offer_rows" USING btree ("offer_id","position");--> statement-breakpoint
CREATE INDEX "trade_offer_work_offer_idx" ON "trade_offer_work" USING btree ("offer_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_offers_company_number_version_uq" ON "trade_offers" USING btree ("company_id","number","version");--> statement-breakpoint
CREATE INDEX "trade_offers_company_idx" ON "trade_offers" USING btree ("company_id","store_id","updated_at");--> statement-breakpoint
CREATE INDEX "trade_offers_project_idx" ON "trade_offers" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_offers_hash_digest_uq" ON "trade_offers" USING btree ("hash_digest");