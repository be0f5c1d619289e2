CREATE TABLE "end_customer_project_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"end_customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "end_customer_terms_acceptances" (
	"project_id" integer NOT NULL,
	"end_customer_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_id" integer,
	CONSTRAINT "end_customer_terms_acceptances_project_id_end_customer_id_pk" PRIMARY KEY("project_id","end_customer_id")
);
--> statement-breakpoint
CREATE TABLE "end_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text DEFAULT 'private' NOT NULL,
	"name" text NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"org_number" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"personal_number_sealed" text,
	"consent_contact" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_projects" ADD COLUMN "end_customer_id" integer;--> statement-breakpoint
ALTER TABLE "end_customer_project_tokens" ADD CONSTRAINT "end_customer_project_tokens_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_customer_project_tokens" ADD CONSTRAINT "end_customer_project_tokens_end_customer_id_end_customers_id_fk" FOREIGN KEY ("end_customer_id") REFERENCES "public"."end_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_customer_project_tokens" ADD CONSTRAINT "end_customer_project_tokens_invited_by_user_id_trade_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_customer_terms_acceptances" ADD CONSTRAINT "end_customer_terms_acceptances_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_customer_terms_acceptances" ADD CONSTRAINT "end_customer_terms_acceptances_end_customer_id_end_customers_id_fk" FOREIGN KEY ("end_customer_id") REFERENCES "public"."end_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_customer_terms_acceptances" ADD CONSTRAINT "end_customer_terms_acceptances_token_id_end_customer_project_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."end_customer_project_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_customers" ADD CONSTRAINT "end_customers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_customers" ADD CONSTRAINT "end_customers_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_customers" ADD CONSTRAINT "end_customers_created_by_user_id_trade_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "end_customer_project_tokens_hash_uq" ON "end_customer_project_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "end_customer_project_tokens_project_idx" ON "end_customer_project_tokens" USING btree ("project_id") WHERE "end_customer_project_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "end_customers_company_idx" ON "end_customers" USING btree ("company_id","name");--> statement-breakpoint
ALTER TABLE "trade_conversations" ADD CONSTRAINT "trade_conversations_end_customer_id_end_customers_id_fk" FOREIGN KEY ("end_customer_id") REFERENCES "public"."end_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_projects" ADD CONSTRAINT "trade_projects_end_customer_id_end_customers_id_fk" FOREIGN KEY ("end_customer_id") REFERENCES "public"."end_customers"("id") ON DELETE set null ON UPDATE no action;