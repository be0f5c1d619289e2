CREATE TABLE "store_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"customer_number" text NOT NULL,
	"credit_limit_ore" integer,
	"payment_terms_days" smallint DEFAULT 30 NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"terms_version" text,
	"terms" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_event_seen" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_event_seen_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "trade_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer,
	"recipient_user_id" integer,
	"required_right" text,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"target_kind" text,
	"target_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"article_id" integer,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"unit_price_ore" integer NOT NULL,
	"sum_ore" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"number" text NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" integer,
	"project_id" integer,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"status" text NOT NULL,
	"net_ore" integer NOT NULL,
	"vat_ore" integer NOT NULL,
	"total_ore" integer NOT NULL,
	"vat" jsonb NOT NULL,
	"ocr" text NOT NULL,
	"invoice_address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "trade_users_username_uq";--> statement-breakpoint
ALTER TABLE "trade_companies" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_companies" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "trade_companies" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "trade_companies" ADD COLUMN "invoice_address" jsonb;--> statement-breakpoint
ALTER TABLE "trade_companies" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "trade_companies" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "trade_users" ADD COLUMN "kind" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "trade_users" ADD COLUMN "may_projects" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_users" ADD COLUMN "may_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_users" ADD COLUMN "may_orders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_users" ADD COLUMN "may_invoices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_users" ADD COLUMN "region_id" smallint;--> statement-breakpoint
ALTER TABLE "store_customers" ADD CONSTRAINT "store_customers_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_customers" ADD CONSTRAINT "store_customers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_event_seen" ADD CONSTRAINT "trade_event_seen_event_id_trade_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."trade_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_event_seen" ADD CONSTRAINT "trade_event_seen_user_id_trade_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."trade_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_recipient_user_id_trade_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."trade_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_lines" ADD CONSTRAINT "trade_invoice_lines_invoice_id_trade_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."trade_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_customers_company_store_uq" ON "store_customers" USING btree ("company_id","store_id");--> statement-breakpoint
CREATE INDEX "store_customers_store_idx" ON "store_customers" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "trade_events_company_idx" ON "trade_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_invoice_lines_invoice_idx" ON "trade_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_invoices_org_number_uq" ON "trade_invoices" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_invoices_order_uq" ON "trade_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trade_invoices_company_idx" ON "trade_invoices" USING btree ("company_id","issued_on");--> statement-breakpoint
ALTER TABLE "trade_users" ADD CONSTRAINT "trade_users_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_users_org_username_uq" ON "trade_users" USING btree ("organisation_id",lower("username"));--> statement-breakpoint
CREATE INDEX "trade_users_company_idx" ON "trade_users" USING btree ("company_id");--> statement-breakpoint
-- Data of databases made before the accounts model (ADR 026): the content editor is a kind of
-- user of its own; each company gets a customer account with every store one of its users
-- was tied to; ordinary users keep every function they had.
UPDATE "trade_users" SET "kind" = 'editor' WHERE "role" = 'editor';--> statement-breakpoint
UPDATE "trade_users" SET "may_projects" = true, "may_offers" = true, "may_orders" = true, "may_invoices" = true WHERE "role" = 'user';--> statement-breakpoint
INSERT INTO "store_customers" ("company_id", "store_id", "customer_number")
SELECT DISTINCT u."company_id", us."store_id", c."customer_number"
FROM "trade_user_stores" us
JOIN "trade_users" u ON u."id" = us."user_id"
JOIN "trade_companies" c ON c."id" = u."company_id"
ON CONFLICT DO NOTHING;
