CREATE TABLE "trade_project_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"sanitised_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"thumbnail_key" text,
	"width" integer,
	"height" integer,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_project_users" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"granted_by_user_id" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_project_users_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trade_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"end_customer_name" text DEFAULT '' NOT NULL,
	"end_customer_ref" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_project_files" ADD CONSTRAINT "trade_project_files_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_project_files" ADD CONSTRAINT "trade_project_files_uploaded_by_user_id_trade_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_project_users" ADD CONSTRAINT "trade_project_users_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_project_users" ADD CONSTRAINT "trade_project_users_user_id_trade_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."trade_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_project_users" ADD CONSTRAINT "trade_project_users_granted_by_user_id_trade_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_projects" ADD CONSTRAINT "trade_projects_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_projects" ADD CONSTRAINT "trade_projects_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_projects" ADD CONSTRAINT "trade_projects_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_projects" ADD CONSTRAINT "trade_projects_created_by_user_id_trade_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_project_files_project_idx" ON "trade_project_files" USING btree ("project_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_project_files_storage_key_uq" ON "trade_project_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "trade_project_users_user_idx" ON "trade_project_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_projects_company_number_uq" ON "trade_projects" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "trade_projects_company_idx" ON "trade_projects" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "trade_projects_store_idx" ON "trade_projects" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_invoices_project_idx" ON "trade_invoices" USING btree ("project_id");