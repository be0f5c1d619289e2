CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"percent_off" smallint,
	"amount_off_ore" integer,
	"min_order_ore" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_kind_ck" CHECK (("vouchers"."percent_off" is null) <> ("vouchers"."amount_off_ore" is null)),
	CONSTRAINT "vouchers_percent_ck" CHECK ("vouchers"."percent_off" is null or "vouchers"."percent_off" between 1 and 100),
	CONSTRAINT "vouchers_amount_ck" CHECK ("vouchers"."amount_off_ore" is null or "vouchers"."amount_off_ore" > 0),
	CONSTRAINT "vouchers_code_ck" CHECK ("vouchers"."code" = upper("vouchers"."code") and length("vouchers"."code") between 3 and 40),
	CONSTRAINT "vouchers_usage_ck" CHECK ("vouchers"."used_count" >= 0 and ("vouchers"."usage_limit" is null or "vouchers"."used_count" <= "vouchers"."usage_limit"))
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_ore" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_organisation_code_uq" ON "vouchers" USING btree ("organisation_id","code");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE set null ON UPDATE no action;