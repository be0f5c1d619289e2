CREATE TABLE "content_drafts" (
	"organisation_id" text NOT NULL,
	"uri" text NOT NULL,
	"value" text NOT NULL,
	"author" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_organisation_id_uri_pk" PRIMARY KEY("organisation_id","uri")
);
--> statement-breakpoint
ALTER TABLE "cms_nodes" ADD COLUMN "hero" jsonb;--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;