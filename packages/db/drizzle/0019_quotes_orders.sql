CREATE TABLE "trade_export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"token_hash" text,
	"file_name" text,
	"content" text,
	"error" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_order_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"sanitised_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"thumbnail_key" text,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_order_details" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer,
	"quote_id" integer
);
--> statement-breakpoint
CREATE TABLE "trade_quote_carts" (
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"project_id" integer,
	"items" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_quote_carts_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "trade_quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"article_id" integer NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"unit_price_ore" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"number" text NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"project_id" integer,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_export_jobs" ADD CONSTRAINT "trade_export_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_export_jobs" ADD CONSTRAINT "trade_export_jobs_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_export_jobs" ADD CONSTRAINT "trade_export_jobs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_export_jobs" ADD CONSTRAINT "trade_export_jobs_user_id_trade_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."trade_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_attachments" ADD CONSTRAINT "trade_order_attachments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_attachments" ADD CONSTRAINT "trade_order_attachments_uploaded_by_user_id_trade_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_details" ADD CONSTRAINT "trade_order_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_details" ADD CONSTRAINT "trade_order_details_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order_details" ADD CONSTRAINT "trade_order_details_quote_id_trade_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."trade_quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quote_carts" ADD CONSTRAINT "trade_quote_carts_user_id_trade_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."trade_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quote_carts" ADD CONSTRAINT "trade_quote_carts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quote_carts" ADD CONSTRAINT "trade_quote_carts_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quote_lines" ADD CONSTRAINT "trade_quote_lines_quote_id_trade_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."trade_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD CONSTRAINT "trade_quotes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD CONSTRAINT "trade_quotes_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD CONSTRAINT "trade_quotes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD CONSTRAINT "trade_quotes_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_export_jobs_queue_idx" ON "trade_export_jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_export_jobs_token_uq" ON "trade_export_jobs" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "trade_order_attachments_order_idx" ON "trade_order_attachments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_order_attachments_storage_key_uq" ON "trade_order_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "trade_order_details_project_idx" ON "trade_order_details" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "trade_quote_lines_quote_idx" ON "trade_quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_quotes_org_number_uq" ON "trade_quotes" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE INDEX "trade_quotes_company_idx" ON "trade_quotes" USING btree ("company_id","store_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_quotes_project_idx" ON "trade_quotes" USING btree ("project_id");