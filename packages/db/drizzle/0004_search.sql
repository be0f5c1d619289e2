CREATE TABLE "search_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"organisation_id" text,
	"text" text NOT NULL,
	"url" text NOT NULL,
	"path" text NOT NULL,
	"tracking_code" text NOT NULL,
	"tokens" text[] NOT NULL,
	"title_tokens" text[] NOT NULL,
	"sort_key" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"term" text PRIMARY KEY NOT NULL,
	"stem" text NOT NULL,
	"folded" text NOT NULL,
	"is_part" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_title_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_kind_ref_uq" ON "search_documents" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "search_documents_tokens_idx" ON "search_documents" USING gin ("tokens");--> statement-breakpoint
CREATE INDEX "search_vocabulary_stem_idx" ON "search_vocabulary" USING btree ("stem");--> statement-breakpoint
CREATE INDEX "search_vocabulary_folded_idx" ON "search_vocabulary" USING btree ("folded");--> statement-breakpoint
CREATE INDEX "products_search_tokens_idx" ON "products" USING gin ("search_tokens");