CREATE TABLE "trade_invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_ore" integer NOT NULL,
	"paid_on" date NOT NULL,
	"source" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"bgc_serial" text,
	"registered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD COLUMN "paid_ore" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_invoice_payments" ADD CONSTRAINT "trade_invoice_payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_payments" ADD CONSTRAINT "trade_invoice_payments_invoice_id_trade_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."trade_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_payments" ADD CONSTRAINT "trade_invoice_payments_registered_by_trade_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_invoice_payments_invoice_idx" ON "trade_invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_invoice_payments_bgc_uq" ON "trade_invoice_payments" USING btree ("organisation_id","bgc_serial","paid_on");--> statement-breakpoint
-- Invoices marked paid before payments were recorded (the seeded history) count as fully paid.
UPDATE "trade_invoices" SET "paid_ore" = "total_ore" WHERE "status" = 'paid';
